import type { SelectionQuote } from '@sb/contract';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../plugins/errors';
import type { SportsRepository } from './sports.repository';

/** Which events a list asks for (live, pre-match, highlighted, open, starting before): the read side's filter. */
export type { EventFilter } from './sports.repository';

/**
 * The events' database-backed use cases: the event row for operators and widgets, and the selection
 * quote bet placement relies on. Reads for the screens come from the read model (read-model/).
 */
export function createEventsService(deps: { repo: SportsRepository; clock: Clock }) {
  const { repo, clock } = deps;

  return {
    async eventRecord(id: number) {
      const e = await repo.eventByIdOrSub(id);
      if (!e) throw notFound('event');
      return e;
    },

    async eventByRid(rid: number) {
      const e = await repo.eventByRid(rid);
      if (!e) throw notFound('match');
      return e;
    },

    /** Whether a selection can be taken now and at what price: the check bet placement builds on. */
    async quoteSelection(selectionId: number): Promise<SelectionQuote> {
      const row = await repo.selectionWithContext(selectionId);
      if (!row)
        return {
          selectionId,
          eventId: 0,
          available: false,
          reason: 'not_found',
          odd: 0,
          maxStake: 0,
          isLive: false,
        };
      const { selection: s, market: m, event: e } = row;
      const reason =
        e.status === 'ended' || e.status === 'cancelled'
          ? 'event_ended'
          : s.isClosed || m.closed
            ? 'closed'
            : s.isDisabled || m.disabled || e.isSuspended
              ? 'suspended'
              : s.odd <= 1
                ? 'odd_too_low'
                : 'ok';
      return {
        selectionId,
        eventId: e.id,
        available: reason === 'ok',
        reason,
        odd: s.odd,
        maxStake: s.maxStake,
        isLive: e.isLive,
      };
    },

    now: () => clock.now(),
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
