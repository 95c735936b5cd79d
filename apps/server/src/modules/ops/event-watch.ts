import type { EventBus } from '../../plugins/bus';
import type { TickerBet } from './ticker';

/** What changed in a watched event: prices or states of its markets, its score or clock, its rows, its bets. */
export type EventChange = 'markets' | 'match' | 'refresh' | 'bets' | 'desk';

/** Subscribes to the changes of one event's view; answers the unsubscribe function. */
export type EventWatch = (eventId: number, notify: (what: EventChange) => void) => () => void;

/**
 * The event view's live notices on the operators' topic (issue 34 item 2): the sports bus's market updates (prices,
 * suspensions, a selection's own suspension, results: every instance hears every producer's and operator's), the
 * match updates (score, minute, phase), catalogue refreshes naming the event, and new or changed bets on the
 * event from the ticker's pump (liability), and the desk's own changes no feed carries (`ops.event`: limits). The desk reloads `GET /ops/v1/events/{id}` on a notice; the notices
 * carry no data, so what an operator sees is always the server's one answer for its brand.
 */
export function createEventWatch(deps: {
  bus: Pick<EventBus, 'subscribe'>;
  /** The live ticker's new bets (every brand: a notice says only that the event changed). */
  bets: (listener: (bets: TickerBet[]) => void) => () => void;
}): EventWatch {
  return (eventId, notify) => {
    const stops = [
      deps.bus.subscribe('fixture.markets', (m) => m.eventId === eventId && notify('markets')),
      deps.bus.subscribe('fixture.match', (m) => m.eventId === eventId && notify('match')),
      deps.bus.subscribe(
        'fixture.refresh',
        (m) => (m.eventIds === null || m.eventIds.includes(eventId)) && notify('refresh'),
      ),
      deps.bus.subscribe('ops.event', (m) => m.eventId === eventId && notify('desk')),
      deps.bets(
        (bets) => bets.some((b) => b.selections.some((s) => s.eventId === eventId)) && notify('bets'),
      ),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  };
}
