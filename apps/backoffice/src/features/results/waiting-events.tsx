import type { OpsResultsEvent } from '@sb/contract';
import { money } from '../../api';
import { dateTime } from '../../app/format';
import type { Lang } from '../../i18n';
import type { EventResultTexts } from './event-result-texts';

/** The events waiting for results: start, markets unresolved, stakes, and whether in-play is suspended. */
export function WaitingEvents(props: {
  rt: EventResultTexts;
  lang: Lang;
  events: OpsResultsEvent[] | null;
  listError: string | null;
  event: OpsResultsEvent | null;
  onPick: (e: OpsResultsEvent) => void;
}) {
  const { rt, lang, events, listError, event, onPick } = props;
  return (
    <section className="panel">
      <h2>{rt.waiting}</h2>
      {listError && <p className="error">{listError}</p>}
      {events === null && !listError && <p className="status">{rt.loading}</p>}
      {events?.length === 0 && <p>{rt.none}</p>}
      <ul className="events-list">
        {events?.map((e) => (
          <li key={e.eventId}>
            <button
              className="market-pick"
              aria-pressed={event?.eventId === e.eventId}
              onClick={() => onPick(e)}
            >
              <strong>
                {e.home} – {e.away}
              </strong>
              <br />
              <span className="status">
                {dateTime(lang, e.startAt)} · {rt.markets(e.unresolved)} · {money(e.stakes)}
              </span>
              {e.status === 'live' && (
                <>
                  {' '}
                  <span className="tag susp">{rt.inPlaySuspended}</span>
                </>
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
