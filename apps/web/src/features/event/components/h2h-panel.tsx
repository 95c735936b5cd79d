import type { H2hResult } from '@sb/contract';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { formatDate } from '@/lib/dates';
import { useStartTimeContext } from '@/lib/fixtures/start-time';
import { useHeadToHead } from '../api/get-h2h';

/**
 * "Falten 1 win, 2 draws, Real Portten 3 wins": each count with the plural form of the page's language
 * (`_one` / `_other` keys, Intl.PluralRules), and no draws for a sport that has none (`draws` null).
 */
export function summaryText(summary: H2hResult['summary'], home: string, away: string, t: TFunction): string {
  return [
    t('event.h2h_wins', { team: home, count: summary.homeWins }),
    summary.draws === null ? null : t('event.h2h_draws', { count: summary.draws }),
    t('event.h2h_wins', { team: away, count: summary.awayWins }),
  ]
    .filter((part) => part !== null)
    .join(', ');
}

/** Head to head from `stat-service/h2` (spec §7): last meetings, the record and each side's form. */
export function HeadToHead({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const dateContext = useStartTimeContext();
  const { data, isError, isPending } = useHeadToHead(eventId);
  // Spec §8: a failed stats call leaves no data; the rest of the page goes on working.
  if (isError) return <p className="event-frame__note">{t('event.stats_unavailable')}</p>;
  if (isPending) return <div className="h2h h2h--loading" aria-busy="true" />;
  return (
    <section className="h2h" aria-label={t('event.h2h')} data-testid="h2h">
      <h3>{t('event.h2h')}</h3>
      <p className="h2h__summary">{summaryText(data.summary, data.home.name, data.away.name, t)}</p>
      <div className="h2h__form">
        {[data.home, data.away].map((side) => (
          <p key={side.id}>
            <span className="h2h__team">{side.name}</span>
            {side.form.map((f, i) => (
              <span key={i} className={`h2h__result h2h__result--${f}`}>
                {t(`event.form_${f}`)}
              </span>
            ))}
          </p>
        ))}
      </div>
      {data.meetings.length > 0 && (
        <ul className="h2h__meetings">
          {data.meetings.map((m, i) => (
            <li key={i}>
              <span className="h2h__date">{formatDate(m.date, dateContext)}</span>
              <span className="h2h__match">
                {m.homeName} {m.score.home} : {m.score.away} {m.awayName}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
