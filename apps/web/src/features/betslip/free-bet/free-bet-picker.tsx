import type { Bonus, Currency } from '@sb/contract';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { formatUserMoney } from '@/lib/money';
import { chooseFreeBet } from './free-bet-store';
import './free-bet.css';

/** The slip's badge: a free bet on offer ("Free bet ₺10 available", Use it), or the one that is the stake. */
export function FreeBetPicker({
  chosen,
  offer,
  currency,
}: {
  chosen: Bonus | null;
  offer: Bonus | null;
  currency: Pick<Currency, 'symbol' | 'position'>;
}) {
  const { t } = useTranslation();
  const money = (n: number) => formatUserMoney(n, currency);
  if (chosen)
    return (
      <section className="free-bet free-bet--chosen" data-testid="free-bet" data-chosen="true">
        <p>{t('betslip.free_bet_used', { amount: money(chosen.amount) })}</p>
        <Button variant="ghost" onClick={() => chooseFreeBet(null)}>
          {t('betslip.free_bet_remove')}
        </Button>
      </section>
    );
  if (!offer) return null;
  return (
    <section className="free-bet" data-testid="free-bet" data-chosen="false">
      <p>
        <span className="free-bet__badge" aria-hidden="true">
          %
        </span>
        {t('betslip.free_bet_available', { amount: money(offer.amount) })}
      </p>
      <Button variant="secondary" onClick={() => chooseFreeBet(offer.id)}>
        {t('betslip.free_bet_use')}
      </Button>
    </section>
  );
}
