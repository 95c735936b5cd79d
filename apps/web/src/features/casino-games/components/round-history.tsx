import { type TFunction, useTranslation } from '@/lib/i18n';
import type { GameSession, RoundSummary } from '@sb/contract';
import { useDateFormat } from '@/lib/dates';
import { formatUserMoney } from '@/lib/money';
import { useRounds } from '../api/get-rounds';

function detailOf(round: RoundSummary, kind: GameSession['kind'], t: TFunction) {
  if (round.status === 'open') return t('casino.play.round_open');
  if (round.status === 'void') return t('casino.play.round_void');
  if (round.detail === null) return '';
  return kind === 'slot'
    ? t('casino.play.round_free_spins', { count: round.detail })
    : t('casino.play.round_number', { number: round.detail });
}

/** The session's rounds, newest first: time, stake, win and what happened. */
export function RoundHistory({ session }: { session: GameSession }) {
  const { t } = useTranslation();
  const rounds = useRounds(session.id);
  // The app's clock: the player's time zone, as every other time of the app (was the device's, with seconds).
  const dates = useDateFormat();
  const money = (n: number) => formatUserMoney(n, session.currency);
  return (
    <section className="round-history" aria-labelledby="round-history-title">
      <h2 id="round-history-title">{t('casino.play.history')}</h2>
      {rounds.data?.length === 0 && <p className="round-history__empty">{t('casino.play.history_empty')}</p>}
      <ol data-testid="round-history">
        {rounds.data?.map((round) => (
          <li key={round.id} className={round.win > round.stake ? 'is-win' : undefined}>
            <time dateTime={round.createdAt}>{dates.time(round.createdAt)}</time>
            <span>
              {t('casino.play.round_stake')} {money(round.stake)}
            </span>
            <strong>
              {t('casino.play.round_win')} {money(round.win)}
            </strong>
            <small>{detailOf(round, session.kind, t)}</small>
          </li>
        ))}
      </ol>
    </section>
  );
}
