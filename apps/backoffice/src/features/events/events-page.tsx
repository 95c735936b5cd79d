import type { Me } from '../../app/me';
import { TEXTS, type Lang } from '../../i18n';
import { EVENTS_TEXTS } from './events-texts';
import { EventNavigator } from './event-navigator';
import { EventPanel } from './event-panel';
import './events.css';
import { may } from '../../app/may';
import { useEventCatalogue } from './use-event-catalogue';
import { useEventDesk } from './use-event-desk';
import { useEventView } from './use-event-view';

/**
 * The event navigator and the event view (issue 34 item 2): find an event by team, competition or number, or
 * through the tree sport › region › competition; see every market and selection by name with its price, model
 * price, state and liability; suspend or resume the whole event with a reason.
 */
export function EventsPage({
  lang,
  me,
  eventId,
  onEvent,
}: {
  lang: Lang;
  me: Me;
  /** The event the URL names (`/backoffice/events/{id}`), or null. */
  eventId: number | null;
  onEvent: (id: number) => void;
}) {
  const et = EVENTS_TEXTS[lang];
  const t = TEXTS[lang];
  const canTrade = may(me, 'trade') && me.brandId === null;
  const { query, setQuery, text, setText, catalogue, listError } = useEventCatalogue(lang, et);
  const events = useEventView(lang, et, eventId);
  const { desk, ...limits } = useEventDesk({ lang, et, t, canTrade, eventId, events });
  return (
    <div className="split events-page">
      <EventNavigator
        {...{ lang, et, t, query, setQuery, text, setText, catalogue, listError, eventId }}
        onPick={(id) => {
          events.setView(null);
          onEvent(id);
        }}
      />
      <EventPanel lang={lang} et={et} eventId={eventId} events={events} desk={desk} limits={limits} />
    </div>
  );
}
