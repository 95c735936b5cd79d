import type { Lang } from '../../i18n';
import type { EventDesk } from './event-desk';
import { EventActions, EventHeader } from './event-header';
import { EventMarkets } from './event-markets';
import type { EventsTexts } from './events-texts';
import { LimitForm } from './limit-form';
import type { useEventDesk } from './use-event-desk';
import type { useEventView } from './use-event-view';

/** The open event's view and desk (useEventView, useEventDesk). */
interface EventPanelProps {
  lang: Lang;
  et: EventsTexts;
  eventId: number | null;
  events: ReturnType<typeof useEventView>;
  desk: EventDesk;
  limits: Omit<ReturnType<typeof useEventDesk>, 'desk'>;
}

/** The limit form on its target, while one is open (trading operators only). */
function OpenLimitForm({ et, events, desk, limits }: EventPanelProps) {
  const { limitTarget, setLimitTarget, saveLimit } = limits;
  if (!desk.canTrade || !limitTarget) return null;
  return (
    <LimitForm
      key={`${limitTarget.kind}:${limitTarget.level}:${limitTarget.refId}`}
      et={et}
      target={limitTarget}
      current={desk.limitOf(limitTarget.level, limitTarget.refId, limitTarget.kind)?.amount}
      busy={events.busy}
      onKind={(kind) => setLimitTarget({ ...limitTarget, kind })}
      onSave={saveLimit}
      onInvalid={() => events.setViewError(et.errors.amount)}
      onCancel={() => setLimitTarget(null)}
    />
  );
}

/** The event view: its header, the event's actions, the limit form, the last action's outcome and its markets. */
export function EventPanel(props: EventPanelProps) {
  const { lang, et, eventId, events, desk } = props;
  const { view, viewError, notice, live } = events;
  const canTrade = desk.canTrade;
  return (
    <section className="panel" aria-live="polite">
      {eventId === null && <p className="status">{et.pick}</p>}
      {viewError && <p className="error">{viewError}</p>}
      {eventId !== null && view === null && !viewError && <p className="status">{et.loading}</p>}
      {view && (
        <>
          <EventHeader desk={desk} view={view} lang={lang} live={live} />
          {canTrade && <EventActions desk={desk} view={view} />}
          <OpenLimitForm {...props} />
          {notice && (
            <p className="status" role="status">
              {notice}
            </p>
          )}
          {canTrade && <p className="status events-keys">{et.keys}</p>}
          <EventMarkets desk={desk} view={view} />
        </>
      )}
    </section>
  );
}
