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
export function createOperatorSuspension(deps: SuspensionDeps) {
  return {
    /** The selection's current state, or null for an unknown id. */
    selection: (id: number) => selectionState(deps, id),
    suspendSelection: (id: number, reason: string) => applySelection(deps, id, reason),
    resumeSelection: (id: number) => applySelection(deps, id, null),
    /** The market's current state, or null for an unknown id. */
    market: (id: number) => marketState(deps, id),
    suspendMarket: (marketId: number, reason: string) => apply(deps, { marketId }, reason),
    resumeMarket: (marketId: number) => apply(deps, { marketId }, null),
    suspendEvent: (eventId: number, reason: string) => apply(deps, { eventId }, reason),
    resumeEvent: (eventId: number) => apply(deps, { eventId }, null),
  };
}

/** What the operator's suspension needs: the database, the bus its `market_update`s go on, a clock. */
type SuspensionDeps = { db: Db; bus: EventBus; clock: Clock };

/**
 * Suspends (reason) or resumes (null) one market or every market of an event, in one transaction; publishes the
 * markets' updates after it commits.
 */
async function apply(
  deps: SuspensionDeps,
  where: { marketId: number } | { eventId: number },
  reason: string | null,
) {
  const changes: SuspensionChange[] = [];
  let updates = new Map<number, MarketUpdate['markets']>();
  await deps.db.transaction(async (tx) => {
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
async function applySelection(deps: SuspensionDeps, id: number, reason: string | null) {
  let change: SelectionSuspensionChange | null = null;
  let updates = new Map<number, MarketUpdate['markets']>();
  await deps.db.transaction(async (tx) => {
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

/** The selection's current state, or null for an unknown id. */
async function selectionState(deps: SuspensionDeps, id: number) {
  const row = await createOverridesRepository(deps.db).selectionWithMarket(id);
  return row
    ? {
        id: row.selection.id,
        marketId: row.selection.marketId,
        eventId: row.selection.eventId,
        closed: row.selection.isClosed || row.market.closed,
        operatorSuspended: row.selection.operatorSuspended,
      }
    : null;
}

/** The market's current state, or null for an unknown id. */
async function marketState(deps: SuspensionDeps, id: number) {
  const row = await createOverridesRepository(deps.db).market(id);
  return row
    ? {
        id: row.id,
        eventId: row.eventId,
        closed: row.closed,
        disabled: row.disabled,
        operatorSuspended: row.operatorSuspended,
      }
    : null;
}

export type OperatorSuspension = ReturnType<typeof createOperatorSuspension>;
