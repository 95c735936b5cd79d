import { useTranslation } from '@/lib/i18n';
import type { CrashBetView } from '@sb/contract';
import { multiplierAt } from '@sb/crash';
import { formatMultiplier } from './crash-math';
import { crashMoney, type CrashSession } from './use-crash-balance';
import type { BetPanelProps } from './use-bet-panel';

/** What the player's bet of a panel says once placed: placed for an amount, cashed out at a point, lost, refunded. */
function BetStatus({ slot, mine, session }: { slot: 0 | 1; mine: CrashBetView; session: CrashSession }) {
  const { t } = useTranslation();
  return (
    <p className="crash-panel__status" data-testid={`crash-bet-status-${slot}`}>
      {mine.status === 'cashed' && mine.cashout !== null
        ? t('crash.cashed_at', {
            point: formatMultiplier(mine.cashout),
            amount: crashMoney(mine.payout ?? 0, session.currency.iso_code, session),
          })
        : mine.status === 'lost'
          ? t('crash.lost')
          : mine.status === 'void'
            ? t('crash.refunded')
            : t('crash.bet_placed', { amount: crashMoney(mine.stake, session.currency.iso_code, session) })}
    </p>
  );
}

/** A bet panel's action: cash out an open bet in flight (for what it pays now), its status, else the bet button. */
export function BetPanelAction({
  slot,
  session,
  round,
  offsetMs,
  mine,
  busy,
  onBet,
  onCashout,
}: Omit<BetPanelProps, 'onPlaced'> & {
  busy: boolean;
  onBet: (roundId: number) => void;
  onCashout: () => void;
}) {
  const { t } = useTranslation();
  const flying = round?.phase === 'flying' && round.startedAt !== null;
  if (mine?.status === 'open' && flying) {
    const now = multiplierAt(Date.now() + offsetMs - (round.startedAt ?? 0));
    return (
      <button
        type="button"
        className="crash-panel__button crash-panel__button--cashout"
        disabled={busy}
        onClick={onCashout}
      >
        {t('crash.cash_out')}{' '}
        {crashMoney(Math.floor((mine.stake * now) / 100), session.currency.iso_code, session)}
      </button>
    );
  }
  if (mine) return <BetStatus slot={slot} mine={mine} session={session} />;
  return (
    <button
      type="button"
      className="crash-panel__button"
      disabled={busy || round?.phase !== 'betting'}
      onClick={() => round && onBet(round.id)}
    >
      {round?.phase === 'betting' ? t('crash.bet') : t('crash.wait_next')}
    </button>
  );
}
