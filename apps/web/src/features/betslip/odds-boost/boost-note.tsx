import type { Currency } from '@sb/contract';
import { BoostBadge } from '@/components/ui/odd-button';
import { useTranslation } from '@/lib/i18n';
import { formatUserMoney } from '@/lib/money';
import { useFormatOdds } from '@/lib/odds-format';
import type { SlipBoost } from './slip-boost';
import './odds-boost.css';

/** The slip's odds boost (issue 36): the boosted price over the normal one, and the stake it has left. */
export function BoostNote({
  boost,
  currency,
}: {
  boost: SlipBoost;
  currency: Pick<Currency, 'symbol' | 'position'>;
}) {
  const { t } = useTranslation();
  const formatOdds = useFormatOdds();
  const normal = boost.entry.boost?.normalOdd;
  return (
    <section className="slip-note slip-boost" data-testid="slip-boost">
      <p className="slip-boost__price">
        <BoostBadge />
        <span>
          {t('betslip.boost_price', { odd: formatOdds(boost.entry.odd) })}
          {normal !== undefined && normal < boost.entry.odd && (
            <>
              {' '}
              <s data-testid="slip-boost-was">{formatOdds(normal)}</s>
            </>
          )}
        </span>
      </p>
      <p className="slip-boost__limit" data-testid="slip-boost-limit">
        {t('betslip.boost_limit', { amount: formatUserMoney(boost.remainingStake, currency) })}
      </p>
    </section>
  );
}
