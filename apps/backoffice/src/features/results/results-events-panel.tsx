import { dateTime } from '../../app/format';
import type { Lang } from '../../i18n';
import type { ResultsEvent } from '../../results-api';
import type { ResultsTexts } from '../../results-texts';

/** The events list's state and search, the events it found and where a pick leads. */
interface ResultsEventsPanelProps {
  rt: ResultsTexts;
  lang: Lang;
  state: 'waiting' | 'resulted';
  search: string;
  onFilters: (next: { state?: string; event?: string }) => void;
  events: ResultsEvent[];
  listError: string | null;
  eventId: number | null;
  onEvent: (id: number) => void;
}

/** The events to result: waiting or resulted lately, searched by event, each with its unresolved markets and bets. */
export function ResultsEventsPanel(props: ResultsEventsPanelProps) {
  const { rt, state, search, onFilters, listError } = props;
  return (
    <section className="panel">
      <div className="filters">
        {(['waiting', 'resulted'] as const).map((s) => (
          <button key={s} aria-pressed={state === s} onClick={() => onFilters({ state: s })}>
            {rt[s]}
          </button>
        ))}
        <label>
          {rt.eventId}
          <input name="event" value={search} onChange={(e) => onFilters({ event: e.target.value })} />
        </label>
      </div>
      {listError && (
        <div className="error" role="alert">
          {listError}
        </div>
      )}
      <ResultsEventsTable {...props} />
    </section>
  );
}

/** The events found, the chosen one marked. */
function ResultsEventsTable({ rt, lang, events, eventId, onEvent }: ResultsEventsPanelProps) {
  return (
    <table className="results-events" data-testid="results-events">
      <thead>
        <tr>
          <th>{rt.start}</th>
          <th>{rt.event}</th>
          <th>{rt.status}</th>
          <th className="num">{rt.unresolved}</th>
          <th className="num">{rt.bets}</th>
        </tr>
      </thead>
      <tbody>
        {events.map((e) => (
          <tr key={e.eventId} aria-selected={e.eventId === eventId}>
            <td>{dateTime(lang, e.startAt)}</td>
            <td>
              <button className="link" data-event={e.eventId} onClick={() => onEvent(e.eventId)}>
                {e.home} – {e.away}
              </button>{' '}
              {e.score && (
                <span className="tag">
                  {e.score.home}:{e.score.away}
                </span>
              )}
            </td>
            <td>{rt.words[e.status] ?? e.status}</td>
            <td className="num">{e.unresolved}</td>
            <td className="num">
              {e.openBets} / {e.settledBets}
            </td>
          </tr>
        ))}
        {events.length === 0 && (
          <tr>
            <td colSpan={5}>{rt.noEvents}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
