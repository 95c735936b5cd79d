import type { Bonus, Currency } from '@sb/contract';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { formatUserMoney } from '@/lib/money';
import { chooseFreeBet } from '../free-bet/free-bet-store';
import { chooseCashReward } from './slip-cash-reward';
import '../free-bet/free-bet.css';

/** What the reward gives, in a sentence: an insurance's refund cap, a profit boost's percent and cap. */
function offerText(b: Bonus, t: ReturnType<typeof useTranslation>['t'], money: (n: number) => string) {
  if ('maxRefund' in b.terms) return t('betslip.insurance_offer', { amount: money(b.terms.maxRefund) });
  if ('maxBoost' in b.terms)
    return t('betslip.profit_boost_offer', {
      percent: String(b.terms.percent),
      amount: money(b.terms.maxBoost),
    });
  return '';
}

/** The slip's offer of an acca insurance or a profit boost (Use it), or the one chosen for this bet (Remove). */
export function CashRewardPicker({
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
  const shown = chosen ?? offer;
  if (!shown) return null;
  return (
    <section
      className={`free-bet${chosen ? ' free-bet--chosen' : ''}`}
      data-testid="cash-reward"
      data-kind={shown.kind}
      data-chosen={chosen ? 'true' : 'false'}
    >
      <p>
        {!chosen && (
          <span className="free-bet__badge" aria-hidden="true">
            %
          </span>
        )}
        {chosen
          ? t('betslip.cash_reward_on', { text: offerText(shown, t, money) })
          : offerText(shown, t, money)}
      </p>
      {chosen ? (
        <Button variant="ghost" onClick={() => chooseCashReward(null)}>
          {t('betslip.cash_reward_remove')}
        </Button>
      ) : (
        <Button
          variant="secondary"
          onClick={() => {
            // One reward per bet: a free bet chosen is put back.
            chooseFreeBet(null);
            chooseCashReward(shown.id);
          }}
        >
          {t('betslip.cash_reward_use')}
        </Button>
      )}
    </section>
  );
}
