import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { events, markets, selections, simulatorCommands } from '../sports.tables';
import type { EventRecord } from '../sports.repository';

export interface SelectionUpdate {
  id: number;
  odd: number;
  maxStake: number;
  isClosed: boolean;
  isDisabled: boolean;
  result: string | null;
  /** The model's price while an operator's override holds `odd` (null otherwise). */
  modelOdd?: number | null;
  /** The model's fair probability and refund share the price was made from (parts per 10^9; kept if absent). */
  fairPpb?: number | null;
  refundPpb?: number | null;
}

export interface MarketUpdateRow {
  id: number;
  disabled: boolean;
  closed: boolean;
  resolved: boolean;
}

/**
 * What `applyUpdates` left in the rows: a concurrent operator's price override or suspension commits between a
 * reprice's read and its write, so the writer publishes these, not what it asked for.
 */
export interface WrittenMarkets {
  selections: Map<number, { odd: number; isDisabled: boolean }>;
  markets: Map<number, boolean>;
}

/** The simulator's SQL: live state of events, bulk odds updates, operator commands. */
export function createSimulatorRepository(db: Db) {
  return {
    dueEvents: (now: number, limit: number) => dueEvents(db, now, limit),
    liveEvents(): Promise<EventRecord[]> {
      return db.select().from(events).where(eq(events.status, 'live')).orderBy(asc(events.id));
    },
    async event(id: number): Promise<EventRecord | undefined> {
      const [row] = await db.select().from(events).where(eq(events.id, id));
      return row;
    },
    async updateEvent(id: number, fields: Partial<typeof events.$inferInsert>): Promise<void> {
      await db.update(events).set(fields).where(eq(events.id, id));
    },
    marketsWithSelections: (eventId: number) => marketsWithSelections(db, eventId),
    setAllDisabled: (eventId: number, disabled: boolean) => setAllDisabled(db, eventId, disabled),
    /** One statement per table: the changed selections and markets of an event. */
    /**
     * Writes the selections and markets; answers the odds actually written (an operator's price override, even
     * one set while this reprice ran, keeps `odd` and takes the model's price into `model_odd`).
     */
    async applyUpdates(
      selectionRows: SelectionUpdate[],
      marketRows: MarketUpdateRow[],
    ): Promise<WrittenMarkets> {
      const written: WrittenMarkets = { selections: new Map(), markets: new Map() };
      if (selectionRows.length > 0) await writeSelections(db, selectionRows, written.selections);
      if (marketRows.length > 0) await writeMarkets(db, marketRows, written.markets);
      return written;
    },
    pendingCommands() {
      return db
        .select()
        .from(simulatorCommands)
        .where(isNull(simulatorCommands.appliedAt))
        .orderBy(asc(simulatorCommands.id))
        .limit(50);
    },
    markCommand: (id: number, now: number, error: string | null) => markCommand(db, id, now, error),
    addCommand: (eventId: number, command: string, args: Record<string, unknown>, now: number) =>
      addCommand(db, eventId, command, args, now),
    async command(id: number) {
      const [row] = await db.select().from(simulatorCommands).where(eq(simulatorCommands.id, id));
      return row;
    },
    listForOperator: (status: string[], limit: number) => listForOperator(db, status, limit),
  };
}

/** Events due to kick off (not started, not paused, start passed), soonest first. */
function dueEvents(db: Db, now: number, limit: number): Promise<EventRecord[]> {
  return db
    .select()
    .from(events)
    .where(
      and(eq(events.status, 'not_started'), eq(events.paused, false), lte(events.startAt, new Date(now))),
    )
    .orderBy(asc(events.startAt))
    .limit(limit);
}

/** An event's markets joined with their selections, in display order. */
function marketsWithSelections(db: Db, eventId: number) {
  return db
    .select({ market: markets, selection: selections })
    .from(markets)
    .innerJoin(selections, eq(selections.marketId, markets.id))
    .where(eq(markets.eventId, eventId))
    .orderBy(asc(markets.order), asc(selections.order));
}

/** Disables (or enables) every open market of an event. */
async function setAllDisabled(db: Db, eventId: number, disabled: boolean): Promise<void> {
  await db
    .update(markets)
    .set({ disabled })
    .where(and(eq(markets.eventId, eventId), eq(markets.closed, false)));
}

/** Marks an operator command applied (with its error, if it failed). */
async function markCommand(db: Db, id: number, now: number, error: string | null): Promise<void> {
  await db
    .update(simulatorCommands)
    .set({ appliedAt: new Date(now), error })
    .where(eq(simulatorCommands.id, id));
}

/** Queues an operator command for the simulator; answers its id. */
async function addCommand(
  db: Db,
  eventId: number,
  command: string,
  args: Record<string, unknown>,
  now: number,
): Promise<number> {
  const [row] = await db
    .insert(simulatorCommands)
    .values({ eventId, command, args, createdAt: new Date(now) })
    .returning({ id: simulatorCommands.id });
  return row?.id ?? 0;
}

/** Events in these statuses for the operator's list, soonest first. */
function listForOperator(db: Db, status: string[], limit: number): Promise<EventRecord[]> {
  return db
    .select()
    .from(events)
    .where(inArray(events.status, status))
    .orderBy(asc(events.startAt))
    .limit(limit);
}

/**
 * Writes the selections in one statement and records in `written` the odds and disabling actually left (an
 * operator's override or suspension wins over the model's).
 */
async function writeSelections(
  db: Db,
  selectionRows: SelectionUpdate[],
  written: WrittenMarkets['selections'],
): Promise<void> {
  const values = sql.join(
    selectionRows.map(
      (r) =>
        sql`(${r.id}::bigint, ${r.odd}::float8, ${r.maxStake}::int, ${r.isClosed}::boolean, ${r.isDisabled}::boolean, ${r.result}::text, ${r.modelOdd ?? null}::float8, ${r.fairPpb ?? null}::bigint, ${r.refundPpb ?? null}::bigint)`,
    ),
    sql`, `,
  );
  const result = await db.execute(sql`update selections as s set
          odd = case when s.override_until is not null and not v.is_closed then s.odd else v.odd end,
          model_odd = case when s.override_until is not null then coalesce(v.model_odd, v.odd) else null end,
          max_stake = v.max_stake, is_closed = v.is_closed, is_disabled = v.is_disabled or (s.operator_suspended is not null and not v.is_closed), result = v.result,
          fair_ppb = coalesce(v.fair_ppb, s.fair_ppb), refund_ppb = coalesce(v.refund_ppb, s.refund_ppb)
          from (values ${values}) as v(id, odd, max_stake, is_closed, is_disabled, result, model_odd, fair_ppb, refund_ppb)
          where s.id = v.id returning s.id, s.odd, s.is_disabled`);
  for (const row of (result as { rows: unknown[] }).rows as {
    id: number | string | bigint;
    odd: number | string;
    is_disabled: boolean;
  }[])
    written.set(Number(row.id), { odd: Number(row.odd), isDisabled: row.is_disabled });
}

/** Writes the markets in one statement and records in `written` the disabling actually left (a suspension wins). */
async function writeMarkets(
  db: Db,
  marketRows: MarketUpdateRow[],
  written: WrittenMarkets['markets'],
): Promise<void> {
  const values = sql.join(
    marketRows.map(
      (r) => sql`(${r.id}::bigint, ${r.disabled}::boolean, ${r.closed}::boolean, ${r.resolved}::boolean)`,
    ),
    sql`, `,
  );
  const result =
    await db.execute(sql`update markets as m set disabled = v.disabled or m.operator_suspended is not null, closed = v.closed, resolved = v.resolved, seq = m.seq + 1
          from (values ${values}) as v(id, disabled, closed, resolved) where m.id = v.id returning m.id, m.disabled`);
  for (const row of (result as { rows: unknown[] }).rows as {
    id: number | string | bigint;
    disabled: boolean;
  }[])
    written.set(Number(row.id), row.disabled);
}

export type SimulatorRepository = ReturnType<typeof createSimulatorRepository>;
