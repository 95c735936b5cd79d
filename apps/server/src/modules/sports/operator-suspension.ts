import type { MarketUpdate } from '@sb/contract';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../plugins/bus';
import { createOverridesRepository, marketUpdatesOf, publishMarketUpdates } from './overrides.repository';

export interface SuspensionChange {
  marketId: number;
  eventId: number;
  before: { disabled: boolean; operatorSuspended: string | null };
  after: { disabled: boolean; operatorSuspended: string | null };
}

export interface SelectionSuspensionChange {
  selectionId: number;
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
    await publishMarketUpdates(deps.bus, deps.clock.now(), updates);
    return changes;
  }

  /**
   * Suspends (reason) or resumes (null) one selection: `operator_suspended` holds the reason and `is_disabled`
   * follows it, so players see it suspended and betPlace refuses it, as for a market. A closed or decided
   * selection (or one of a closed market) is left alone: null. Resuming clears the flag; a selection the model
   * itself holds shut is shut again by its next reprice, as a resumed market is.
   */
  async function applySelection(id: number, reason: string | null) {
    let change: SelectionSuspensionChange | null = null;
    let updates = new Map<number, MarketUpdate['markets']>();
    await db.transaction(async (tx) => {
      const repo = createOverridesRepository(tx);
      const [sel] = await repo.lockSelection(id);
      if (!sel || sel.isClosed) return;
      const market = await repo.market(sel.marketId);
      if (!market || market.closed) return;
      await repo.updateSelection(id, { operatorSuspended: reason, isDisabled: reason !== null });
      change = {
        selectionId: id,
        marketId: sel.marketId,
        eventId: sel.eventId,
        before: { disabled: sel.isDisabled, operatorSuspended: sel.operatorSuspended },
        after: { disabled: reason !== null, operatorSuspended: reason },
      };
      updates = marketUpdatesOf([market], await repo.selectionsOf([market.id]));
    });
    await publishMarketUpdates(deps.bus, deps.clock.now(), updates);
    return change as SelectionSuspensionChange | null;
  }

  return {
    /** The selection's current state, or null for an unknown id. */
    async selection(id: number) {
      const row = await createOverridesRepository(db).selectionWithMarket(id);
      return row
        ? {
            id: row.selection.id,
            marketId: row.selection.marketId,
            eventId: row.selection.eventId,
            closed: row.selection.isClosed || row.market.closed,
            operatorSuspended: row.selection.operatorSuspended,
          }
        : null;
    },
    suspendSelection: (id: number, reason: string) => applySelection(id, reason),
    resumeSelection: (id: number) => applySelection(id, null),
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
