import type { MarketUpdate } from '@sb/contract';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../plugins/bus';
import { createOverridesRepository, marketUpdatesOf } from './overrides.repository';

export interface SuspensionChange {
  marketId: number;
  eventId: number;
  before: { disabled: boolean; operatorSuspended: string | null };
  after: { disabled: boolean; operatorSuspended: string | null };
}

/**
 * An operator's suspension of markets (back office): `operator_suspended` holds the reason code and keeps the
 * market disabled through the simulator's reprices (market-writer.ts reads it) until the operator resumes it.
 * Players see it suspended (a `market_update` on the bus updates every instance's read model and the feed) and
 * bet placement refuses it (it reads `disabled` in its transaction). Closed markets are left alone.
 */
export function createOperatorSuspension(deps: { db: Db; bus: EventBus; clock: Clock }) {
  const { db } = deps;

  async function apply(where: { marketId: number } | { eventId: number }, reason: string | null) {
    const changes: SuspensionChange[] = [];
    let updates = new Map<number, MarketUpdate['markets']>();
    await db.transaction(async (tx) => {
      const repo = createOverridesRepository(tx);
      const open = (await repo.lockMarkets(where)).filter((m) => !m.closed);
      if (open.length === 0) return;
      const ids = open.map((m) => m.id);
      await repo.setSuspension(ids, reason);
      for (const m of open)
        changes.push({
          marketId: m.id,
          eventId: m.eventId,
          before: { disabled: m.disabled, operatorSuspended: m.operatorSuspended },
          after: { disabled: reason !== null, operatorSuspended: reason },
        });
      updates = marketUpdatesOf(await repo.markets(ids), await repo.selectionsOf(ids));
    });
    for (const [eventId, list] of updates)
      await deps.bus.publish('fixture.markets', {
        type: 'market_update',
        eventId,
        markets: list,
        ts: deps.clock.now(),
      });
    return changes;
  }

  return {
    /** The market's current state, or null for an unknown id. */
    async market(id: number) {
      const row = await createOverridesRepository(db).market(id);
      return row
        ? {
            id: row.id,
            eventId: row.eventId,
            closed: row.closed,
            disabled: row.disabled,
            operatorSuspended: row.operatorSuspended,
          }
        : null;
    },
    suspendMarket: (marketId: number, reason: string) => apply({ marketId }, reason),
    resumeMarket: (marketId: number) => apply({ marketId }, null),
    suspendEvent: (eventId: number, reason: string) => apply({ eventId }, reason),
    resumeEvent: (eventId: number) => apply({ eventId }, null),
  };
}

export type OperatorSuspension = ReturnType<typeof createOperatorSuspension>;
