import { useTranslation } from '@/lib/i18n';
import type { CrashBetView } from '@sb/contract';
import { formatMultiplier } from './crash-math';
import { crashMoney, type CrashSession } from './use-crash-balance';

/** Every player's bet in the round: who, the stake, where it cashed out and what it paid. */
export function CrashLiveBets({ bets, session }: { bets: CrashBetView[]; session: CrashSession | null }) {
  const { t } = useTranslation();
  return (
    <section className="crash-bets" aria-label={t('crash.live_bets')}>
      <h2>
        {t('crash.live_bets')} ({bets.length})
      </h2>
      <ul data-testid="crash-live-bets">
        {bets.map((b) => (
          <li key={b.id} className={`crash-bets__row crash-bets__row--${b.status}`}>
            <span>{b.player}</span>
            <span>{crashMoney(b.stake, b.currency, session)}</span>
            <span>{b.cashout !== null ? formatMultiplier(b.cashout) : '—'}</span>
            <span>{b.payout ? crashMoney(b.payout, b.currency, session) : ''}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
