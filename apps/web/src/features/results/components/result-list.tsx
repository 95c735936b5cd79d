import { useTranslation } from '@/lib/i18n';
import type { EventResult } from '@sb/contract';
import { TeamCrest } from '@/components/sports/team-crest';
import { formatStart, useStartTimeContext } from '@/lib/fixtures/start-time';

/** The events of each sport together, sports in the order they first appear. */
export function groupResults(
  events: EventResult[],
): { sport: EventResult['sport']; events: EventResult[] }[] {
  const groups = new Map<number, { sport: EventResult['sport']; events: EventResult[] }>();
  for (const e of events) {
    const group = groups.get(e.sport.id);
    if (group) group.events.push(e);
    else groups.set(e.sport.id, { sport: e.sport, events: [e] });
  }
  return [...groups.values()];
}

function ResultRow({ event }: { event: EventResult }) {
  const { t } = useTranslation();
  const ctx = useStartTimeContext();
  const periods = event.halfTime
    ? t('results.half_time', { score: `${event.halfTime.home}:${event.halfTime.away}` })
    : event.periods.length > 0
      ? t('results.periods', {
          scores: event.periods.map((p) => `${p.score.home}:${p.score.away}`).join(', '),
        })
      : '';
  return (
    <li className="result-row" data-testid="result-row" data-event-id={event.id}>
      <span className="result-row__meta">
        {formatStart(event.startDate, ctx, t)} · {event.competition.name}
      </span>
      {[event.home, event.away].map((team, i) => (
        <span key={i} className="result-row__team">
          <TeamCrest logo={team.logo} />
          <span className="result-row__name">{team.name}</span>
          <strong className="result-row__score">{i === 0 ? event.score.home : event.score.away}</strong>
        </span>
      ))}
      {periods && (
        <span className="result-row__periods" data-testid="result-periods">
          {periods}
        </span>
      )}
    </li>
  );
}

/** The finished events found, one section per sport (or that there are none). */
export function ResultList({ events }: { events: EventResult[] }) {
  const { t } = useTranslation();
  return (
    <>
      {events.length === 0 && (
        <p className="results-empty" data-testid="results-empty">
          {t('results.empty')}
        </p>
      )}
      {groupResults(events).map((group) => (
        <section key={group.sport.id} className="results-group" aria-label={group.sport.name}>
          <h2 className="results-group__title">{group.sport.name}</h2>
          <ol className="results-list">
            {group.events.map((e) => (
              <ResultRow key={e.id} event={e} />
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}
