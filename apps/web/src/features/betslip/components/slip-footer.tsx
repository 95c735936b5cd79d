import { useTranslation } from '@/lib/i18n';
import type { Currency } from '@sb/contract';
import { Button } from '@/components/ui/button';
import { formatUserMoney } from '@/lib/money';
import { useFormatOdds } from '@/lib/odds-format';
import { errorKey, type SlipError } from '../bet-errors';

export interface SlipFooterProps {
  betCount: number;
  /** Product of the odds (a multiple), else null. */
  totalOdds: number | null;
  errors: SlipError[];
  /** Extra hint above the button (choose a system), translated key. */
  hint: string | null;
  quickBet: boolean;
  stake: { perBet: number; total: number };
  showPerBet: boolean;
  /** Null: beyond exact integers (far above any maximum payout). */
  earnings: { min: number; max: number } | null;
  /** Systems show the least and the most a winning slip returns. */
  showMinEarnings: boolean;
  currency: Pick<Currency, 'symbol' | 'position'>;
  /** null: ready; else the translation key of what the place button says while busy. */
  busy: string | null;
  canPlace: boolean;
  /** The stake the server names when it is over the max (checkBets maxStake), for the error text. */
  maxStake: number | null;
  onQuickBet: (on: boolean) => void;
  onStake: () => void;
  onPlace: () => void;
}

function ErrorList({
  errors,
  currency,
  maxStake,
}: Pick<SlipFooterProps, 'errors' | 'currency' | 'maxStake'>) {
  const { t } = useTranslation();
  if (errors.length === 0) return null;
  const amountOf = (e: SlipError) => e.value ?? (e.code === 'stake_above_max' ? maxStake : null);
  return (
    <ul className="slip-errors" role="alert" data-testid="slip-errors">
      {errors.map((e) => {
        const amount = amountOf(e);
        return (
          <li key={e.code}>
            {t(errorKey(e.code), amount === null ? {} : { amount: formatUserMoney(amount, currency) })}
          </li>
        );
      })}
    </ul>
  );
}

/** The stake box: the total staked (and per bet), and what the slip may return; a tap edits the stake. */
function StakeBox({
  total,
  perBet,
  earnings,
  showMinEarnings,
  currency,
  onStake,
}: Pick<SlipFooterProps, 'earnings' | 'showMinEarnings' | 'currency' | 'onStake'> & {
  total: number;
  /** Shown under the total when not null. */
  perBet: number | null;
}) {
  const { t } = useTranslation();
  const money = (n: number) => formatUserMoney(n, currency);
  return (
    <button type="button" className="stake-box" onClick={onStake} data-testid="stake-box">
      <span className="stake-box__stake">
        <span className="stake-box__label">{t('betslip.stake_total')}</span>
        <strong data-testid="stake-total">{money(total)}</strong>
        {perBet !== null && (
          <small data-testid="stake-per-bet">
            {t('betslip.stake_per_bet')} {money(perBet)}
          </small>
        )}
      </span>
      <span className="stake-box__earnings">
        <span className="stake-box__label">{t('betslip.possible_earnings')}</span>
        <strong data-testid="possible-earnings">
          {earnings === null
            ? t('betslip.earnings_beyond')
            : showMinEarnings && earnings.min !== earnings.max
              ? `${money(earnings.min)} – ${money(earnings.max)}`
              : money(earnings.max)}
        </strong>
      </span>
    </button>
  );
}

/** Spec §2 below the rows: bet count, errors, quick-bet toggle, stake box with possible earnings, place. */
export function SlipFooter(props: SlipFooterProps) {
  const { t } = useTranslation();
  const { currency, stake, earnings } = props;
  const formatOdd = useFormatOdds();
  const money = (n: number) => formatUserMoney(n, currency);
  // No bets (a system without a chosen size, e.g. after a banker change reset it): nothing is staked.
  const total = props.betCount === 0 ? 0 : stake.total;
  return (
    <>
      <section className="slip-footer" data-testid="slip-footer">
        <dl className="slip-summary">
          <div>
            <dt>{t('betslip.bet_count')}</dt>
            <dd data-testid="bet-count">{props.betCount}</dd>
          </div>
          {props.totalOdds !== null && (
            <div>
              <dt>{t('betslip.total_odds')}</dt>
              <dd data-testid="total-odds">{formatOdd(props.totalOdds)}</dd>
            </div>
          )}
        </dl>
        <ErrorList errors={props.errors} currency={currency} maxStake={props.maxStake} />
        {props.hint && <p className="slip-hint">{t(props.hint)}</p>}
        <label className="slip-quick-bet">
          <span>{t('betslip.quick_bet')}</span>
          <input
            type="checkbox"
            role="switch"
            checked={props.quickBet}
            onChange={(e) => props.onQuickBet(e.target.checked)}
          />
        </label>
      </section>
      <div className="slip-dock">
        <StakeBox
          total={total}
          perBet={props.showPerBet ? stake.perBet : null}
          earnings={earnings}
          showMinEarnings={props.showMinEarnings}
          currency={currency}
          onStake={props.onStake}
        />
        <Button
          className="slip-place"
          onClick={props.onPlace}
          disabled={!props.canPlace || props.busy !== null}
          data-testid="place-bet"
        >
          {props.busy
            ? t(props.busy)
            : props.betCount === 0
              ? t('betslip.choose_system_short')
              : `${t('betslip.place')} · ${money(total)}`}
        </Button>
      </div>
    </>
  );
}
