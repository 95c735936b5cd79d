import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { MarketUpdate } from '@sb/contract';
import type { DbOrTx } from '../../db/database';
import type { EventBus } from '../../plugins/bus';
import { events, markets, selections } from './sports.tables';

export type MarketRow = typeof markets.$inferSelect;
export type SelectionRow = typeof selections.$inferSelect;

/**
 * The SQL of the bookmaker's own overrides on the sports tables (back office): market suspension
 * (operator-suspension.ts), price overrides (operator-prices.ts) and manual resulting (market-resulting.ts).
 */
export function createOverridesRepository(db: DbOrTx) {
  return {
    market: (id: number, lock = false) => market(db, id, lock),
    markets: (ids: number[]): Promise<MarketRow[]> =>
      ids.length ? db.select().from(markets).where(inArray(markets.id, ids)) : Promise.resolve([]),
    /** One market, or every market of an event, locked in id order until the transaction ends. */
    lockMarkets: (where: { marketId: number } | { eventId: number }) => lockMarkets(db, where),
    setSuspension: (marketIds: number[], reason: string | null) => setSuspension(db, marketIds, reason),
    /** Closes a market as resolved (its selections' results written). */
    resolveMarket: (id: number) => resolveMarket(db, id),
    /** The selections of these markets, by market and in their order. */
    selectionsOf: (marketIds: number[]) => selectionsOf(db, marketIds),
    selectionWithMarket: (id: number) => selectionWithMarket(db, id),
    /** The selection's row (none or one), locked until the transaction ends. */
    lockSelection: (id: number): Promise<SelectionRow[]> =>
      db.select().from(selections).where(eq(selections.id, id)).for('update'),
    updateSelection: (id: number, patch: Partial<typeof selections.$inferInsert>) =>
      updateSelection(db, id, patch),
    /** Overrides whose expiry has passed, locked (rows another instance holds are skipped), oldest id first. */
    lockDueOverrides: (now: Date, limit: number) => lockDueOverrides(db, now, limit),
    /** Active overrides, soonest expiry first. */
    activeOverrides: (limit: number) => activeOverrides(db, limit),
    event: (id: number) => event(db, id),
    /** Whether each of these events is in play. */
    liveOf: (eventIds: number[]) => liveOf(db, eventIds),
  };
}

/** One market, locked until the transaction ends when asked. */
async function market(db: DbOrTx, id: number, lock: boolean): Promise<MarketRow | null> {
  const query = db.select().from(markets).where(eq(markets.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** One market, or every market of an event, locked in id order until the transaction ends. */
function lockMarkets(db: DbOrTx, where: { marketId: number } | { eventId: number }): Promise<MarketRow[]> {
  return db
    .select()
    .from(markets)
    .where('marketId' in where ? eq(markets.id, where.marketId) : eq(markets.eventId, where.eventId))
    .orderBy(asc(markets.id))
    .for('update');
}

/** Suspends these markets for the operator's reason (disabled), or lifts it (null). */
async function setSuspension(db: DbOrTx, marketIds: number[], reason: string | null): Promise<void> {
  if (marketIds.length === 0) return;
  await db
    .update(markets)
    .set({ operatorSuspended: reason, disabled: reason !== null })
    .where(inArray(markets.id, marketIds));
}

/** Closes a market as resolved (its selections' results written). */
async function resolveMarket(db: DbOrTx, id: number): Promise<void> {
  await db.update(markets).set({ closed: true, resolved: true, disabled: false }).where(eq(markets.id, id));
}

/** The selections of these markets, by market and in their order. */
function selectionsOf(db: DbOrTx, marketIds: number[]): Promise<SelectionRow[]> {
  return marketIds.length
    ? db
        .select()
        .from(selections)
        .where(inArray(selections.marketId, marketIds))
        .orderBy(asc(selections.marketId), asc(selections.order))
    : Promise.resolve([]);
}

/** One selection with its market, or null. */
async function selectionWithMarket(
  db: DbOrTx,
  id: number,
): Promise<{ selection: SelectionRow; market: MarketRow } | null> {
  const [row] = await db
    .select({ selection: selections, market: markets })
    .from(selections)
    .innerJoin(markets, eq(markets.id, selections.marketId))
    .where(eq(selections.id, id));
  return row ?? null;
}

/** Writes a patch to one selection. */
async function updateSelection(
  db: DbOrTx,
  id: number,
  patch: Partial<typeof selections.$inferInsert>,
): Promise<void> {
  await db.update(selections).set(patch).where(eq(selections.id, id));
}

/** Overrides whose expiry has passed, locked (rows another instance holds are skipped), oldest id first. */
function lockDueOverrides(db: DbOrTx, now: Date, limit: number): Promise<SelectionRow[]> {
  return db
    .select()
    .from(selections)
    .where(and(isNotNull(selections.overrideUntil), lte(selections.overrideUntil, now)))
    .orderBy(asc(selections.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Active overrides, soonest expiry first. */
function activeOverrides(db: DbOrTx, limit: number): Promise<SelectionRow[]> {
  return db
    .select()
    .from(selections)
    .where(isNotNull(selections.overrideUntil))
    .orderBy(asc(selections.overrideUntil))
    .limit(limit);
}

/** One event's row, or null. */
async function event(db: DbOrTx, id: number) {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row ?? null;
}

/** Whether each of these events is in play. */
async function liveOf(db: DbOrTx, eventIds: number[]): Promise<Map<number, boolean>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({ id: events.id, isLive: events.isLive })
    .from(events)
    .where(inArray(events.id, eventIds));
  return new Map(rows.map((r) => [r.id, r.isLive]));
}

/** The feed's `market_update` markets of these rows, by event: what players see of them now. */
export function marketUpdatesOf(ms: MarketRow[], sels: SelectionRow[]): Map<number, MarketUpdate['markets']> {
  const byEvent = new Map<number, MarketUpdate['markets']>();
  for (const m of ms) {
    const list = byEvent.get(m.eventId) ?? [];
    byEvent.set(m.eventId, list);
    list.push({
      id: m.id,
      t: m.t,
      s: m.s,
      disabled: m.disabled,
      selections: sels
        .filter((s) => s.marketId === m.id)
        .map((s) => ({
          id: s.id,
          outcome: s.outcome,
          odd: s.odd,
          isDisabled: m.disabled || s.isDisabled,
          isClosed: m.closed || s.isClosed,
          ...(s.result ? { result: s.result } : {}),
        })),
    });
  }
  return byEvent;
}

/** Publishes `market_update`s (by event) so every instance's read model and the feed follow the rows. */
export async function publishMarketUpdates(
  bus: Pick<EventBus, 'publish'>,
  ts: number,
  byEvent: Map<number, MarketUpdate['markets']>,
): Promise<void> {
  for (const [eventId, markets] of byEvent)
    await bus.publish('fixture.markets', { type: 'market_update', eventId, markets, ts });
}
