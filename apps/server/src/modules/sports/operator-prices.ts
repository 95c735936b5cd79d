import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../plugins/bus';
import {
  createOverridesRepository,
  marketUpdatesOf,
  publishMarketUpdates,
  type SelectionRow,
} from './overrides.repository';
import { maxStakeFor } from './pricing/margin';

export interface PriceState {
  odd: number;
  modelOdd: number | null;
  overrideUntil: string | null;
}

export interface PriceChange {
  selectionId: number;
  marketId: number;
  eventId: number;
  before: PriceState;
  after: PriceState;
}

/** A selection's price as the desk shows it. */
const stateOf = (s: { odd: number; modelOdd: number | null; overrideUntil: Date | null }): PriceState => ({
  odd: s.odd,
  modelOdd: s.modelOdd,
  overrideUntil: s.overrideUntil?.toISOString() ?? null,
});

/**
 * An operator's price override on one selection (back office), platform-wide like suspension: `selections.odd`
 * holds the override until `override_until`, so every reader — the read model and the feed (a `market_update` on
 * the bus), checkBets, betPlace and live acceptance — sees and uses the one price. The simulator's reprices keep it
 * and write the model's price into `model_odd` (simulator.repository.ts); at expiry (or when the operator clears
 * it) `odd` takes the model's price back.
 */
export function createOperatorPrices(deps: PricesDeps) {
  return {
    /** A selection with its market's state, or null for an unknown id. */
    selection: (id: number) => selection(deps, id),
    /** Sets (or replaces) the override of an open selection until `until`; null when it is closed meanwhile. */
    override: (selectionId: number, odd: number, until: Date) => override(deps, selectionId, odd, until),
    /** Ends an override now (the operator clears it): the model's price returns. */
    clear: (selectionId: number) => clear(deps, selectionId),
    /** Ends every override whose expiry has passed (any instance may run it; a row is restored once). */
    expireDue: () => expireDue(deps),
    /** Active overrides, soonest expiry first (the desk's list). */
    active: (limit = 200) => active(deps, limit),
  };
}

/** What price overrides need: the database, the bus their `market_update`s go on, a clock. */
type PricesDeps = { db: Db; bus: EventBus; clock: Clock };

/** Publishes the current state of markets (by id) so every instance's read model and the feed follow. */
async function announce(deps: PricesDeps, marketIds: number[], tx: DbOrTx = deps.db) {
  if (marketIds.length === 0) return;
  const repo = createOverridesRepository(tx);
  const byEvent = marketUpdatesOf(await repo.markets(marketIds), await repo.selectionsOf(marketIds));
  await publishMarketUpdates(deps.bus, deps.clock.now(), byEvent);
}

/** Puts the model's price back on the given selections (locked rows); answers what changed. */
async function restore(tx: DbOrTx, rows: SelectionRow[], live: Map<number, boolean>) {
  const repo = createOverridesRepository(tx);
  const changes: PriceChange[] = [];
  for (const s of rows) {
    if (s.overrideUntil === null) continue;
    const odd = s.modelOdd ?? s.odd;
    const open = !s.isClosed && !s.isDisabled;
    await repo.updateSelection(s.id, {
      odd,
      modelOdd: null,
      overrideUntil: null,
      maxStake: open ? maxStakeFor(odd, live.get(s.eventId) ?? false) : s.maxStake,
    });
    changes.push({
      selectionId: s.id,
      marketId: s.marketId,
      eventId: s.eventId,
      before: stateOf(s),
      after: { odd, modelOdd: null, overrideUntil: null },
    });
  }
  return changes;
}

/** A selection with its market's state, or null for an unknown id. */
async function selection(deps: PricesDeps, id: number) {
  const row = await createOverridesRepository(deps.db).selectionWithMarket(id);
  if (!row) return null;
  const { selection: s, market: m } = row;
  return {
    id: s.id,
    marketId: s.marketId,
    eventId: s.eventId,
    name: s.name,
    closed: s.isClosed || m.closed || s.result !== null,
    ...stateOf(s),
  };
}

/** Sets (or replaces) the override of an open selection until `until`; announced after the commit. */
async function override(
  deps: PricesDeps,
  selectionId: number,
  odd: number,
  until: Date,
): Promise<PriceChange | null> {
  const change = await deps.db.transaction(async (tx) => {
    const repo = createOverridesRepository(tx);
    const [s] = await repo.lockSelection(selectionId);
    if (!s || s.isClosed || s.result !== null) return null;
    const live = await repo.liveOf([s.eventId]);
    // The model's price: kept from an override already in place, else the current price.
    const modelOdd = s.overrideUntil !== null ? (s.modelOdd ?? s.odd) : s.odd;
    const after = { odd, modelOdd, overrideUntil: until };
    await repo.updateSelection(selectionId, {
      ...after,
      maxStake: s.isDisabled ? s.maxStake : maxStakeFor(odd, live.get(s.eventId) ?? false),
    });
    return {
      selectionId,
      marketId: s.marketId,
      eventId: s.eventId,
      before: stateOf(s),
      after: stateOf(after),
    };
  });
  if (change) await announce(deps, [change.marketId]);
  return change;
}

/** Ends an override now (the operator clears it): the model's price returns; announced after the commit. */
async function clear(deps: PricesDeps, selectionId: number): Promise<PriceChange | null> {
  const changes = await deps.db.transaction(async (tx) => {
    const repo = createOverridesRepository(tx);
    const rows = await repo.lockSelection(selectionId);
    return restore(tx, rows, await repo.liveOf(rows.map((r) => r.eventId)));
  });
  await announce(
    deps,
    changes.map((c) => c.marketId),
  );
  return changes[0] ?? null;
}

/** Ends every override whose expiry has passed (any instance may run it; a row is restored once). */
async function expireDue(deps: PricesDeps): Promise<PriceChange[]> {
  const now = new Date(deps.clock.now());
  const changes = await deps.db.transaction(async (tx) => {
    const repo = createOverridesRepository(tx);
    const rows = await repo.lockDueOverrides(now, 200);
    return restore(tx, rows, await repo.liveOf([...new Set(rows.map((r) => r.eventId))]));
  });
  await announce(deps, [...new Set(changes.map((c) => c.marketId))]);
  return changes;
}

/** Active overrides, soonest expiry first (the desk's list). */
async function active(deps: PricesDeps, limit: number) {
  const rows = await createOverridesRepository(deps.db).activeOverrides(limit);
  return rows.map((s) => ({
    selectionId: s.id,
    marketId: s.marketId,
    eventId: s.eventId,
    name: s.name,
    ...stateOf(s),
  }));
}

export type OperatorPrices = ReturnType<typeof createOperatorPrices>;
