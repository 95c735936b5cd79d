import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import {
  betBuilders,
  catalogueDays,
  competitions,
  events,
  markets,
  regions,
  selections,
  sports,
  teams,
} from './sports.tables';
import type { EventRow, Reference } from './catalogue/catalogue.generator';
import { VIRTUAL_FOOTBALL } from './pricing/event-pricing';

/**
 * What bet placement reads of a selection's market and event: their state, not the event's score, statistics and
 * simulator state (jsonb), which it would parse for nothing on every slip.
 */
const marketState = {
  id: markets.id,
  t: markets.t,
  s: markets.s,
  closed: markets.closed,
  disabled: markets.disabled,
  resolved: markets.resolved,
};
const eventState = {
  id: events.id,
  sportId: events.sportId,
  status: events.status,
  startAt: events.startAt,
  isLive: events.isLive,
  isSuspended: events.isSuspended,
  pricesBehindScore: events.pricesBehindScore,
  minBetLimit: events.minBetLimit,
};
export type MarketState = { [K in keyof typeof marketState]: MarketRecord[K] };
export type EventState = { [K in keyof typeof eventState]: EventRecord[K] };

/** Selections with their market and event (bet placement's read, once per batch and per slip check). */
const selectionsWithContextQuery = preparedQuery('sports_selections_with_context', (db) =>
  db
    .select({ selection: selections, market: marketState, event: eventState })
    .from(selections)
    .innerJoin(markets, eq(markets.id, selections.marketId))
    .innerJoin(events, eq(events.id, selections.eventId))
    .where(sql`${selections.id} = any(${sql.placeholder('ids')}::bigint[])`),
);

export type EventRecord = typeof events.$inferSelect;
export type MarketRecord = typeof markets.$inferSelect;
export type SelectionRecord = typeof selections.$inferSelect;
export type MarketInsert = typeof markets.$inferInsert;
export type SelectionInsert = typeof selections.$inferInsert;

/** Filters of the list calls; absent fields do not filter. Times in ms since the epoch. */
export interface EventFilter {
  ids?: number[];
  live?: boolean;
  preOnly?: boolean;
  highlighted?: boolean;
  sportId?: number;
  regionId?: number;
  competitionIds?: number[];
  startsBefore?: number;
  openOnly?: boolean;
}

const CHUNK = 500;

/** An event's columns with `sim` narrowed to its match state (`sim->'match'`, small), read as `match`. */
function withMatchOnly() {
  const { sim: _sim, ...columns } = getTableColumns(events);
  return { ...columns, match: sql<unknown>`${events.sim} -> 'match'` };
}
const matchOnlyRecord = ({ match, ...r }: Omit<EventRecord, 'sim'> & { match: unknown }): EventRecord => ({
  ...r,
  sim: match === null || match === undefined ? null : { match },
});

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

function where(filter: EventFilter): SQL | undefined {
  // Asked by id (the bet slip refreshing its picks), finished events come back too, so they can show as ended.
  const statuses = filter.preOnly
    ? ['not_started']
    : filter.live
      ? ['live']
      : filter.ids
        ? ['not_started', 'live', 'ended', 'cancelled']
        : ['not_started', 'live'];
  const parts: (SQL | undefined)[] = [inArray(events.status, statuses)];
  if (filter.ids) parts.push(inArray(events.id, filter.ids.length ? filter.ids : [-1]));
  if (filter.highlighted) parts.push(eq(events.highlighted, true));
  if (filter.sportId !== undefined) parts.push(eq(events.sportId, filter.sportId));
  // Virtual matches only where their sport is asked for, as the read model's lists (event-store.ts).
  else if (!filter.ids) parts.push(ne(events.sportId, VIRTUAL_FOOTBALL));
  if (filter.regionId !== undefined) parts.push(eq(events.regionId, filter.regionId));
  if (filter.competitionIds)
    parts.push(inArray(events.competitionId, filter.competitionIds.length ? filter.competitionIds : [-1]));
  if (filter.startsBefore !== undefined) parts.push(lte(events.startAt, new Date(filter.startsBefore)));
  if (filter.openOnly) parts.push(eq(events.isSuspended, false));
  return and(...parts);
}

export function createSportsRepository(db: DbOrTx) {
  return {
    async hasReference(): Promise<boolean> {
      return (await db.select({ id: sports.id }).from(sports).limit(1)).length > 0;
    },
    async insertReference(ref: Reference): Promise<void> {
      await db.insert(sports).values(ref.sports).onConflictDoNothing();
      await db.insert(regions).values(ref.regions).onConflictDoNothing();
      await insertChunked(ref.competitions, (c) => db.insert(competitions).values(c).onConflictDoNothing());
      await insertChunked(ref.teams, (c) => db.insert(teams).values(c).onConflictDoNothing());
    },
    async loadReference() {
      const [s, r, c, t] = await Promise.all([
        db.select().from(sports).orderBy(asc(sports.order)),
        db.select().from(regions).orderBy(asc(regions.order)),
        db.select().from(competitions).orderBy(asc(competitions.sportId), asc(competitions.order)),
        db.select().from(teams),
      ]);
      return { sports: s, regions: r, competitions: c, teams: t };
    },
    async generatedDays(): Promise<Set<number>> {
      return new Set((await db.select({ day: catalogueDays.day }).from(catalogueDays)).map((r) => r.day));
    },
    /** Inserts a generated day; the day row makes it happen once even with several instances. */
    async insertDay(day: number, rows: EventRow[]): Promise<boolean> {
      const claimed = await db
        .insert(catalogueDays)
        .values({ day, eventCount: rows.length })
        .onConflictDoNothing()
        .returning();
      if (claimed.length === 0) return false;
      await insertChunked(rows, (c) => db.insert(events).values(c).onConflictDoNothing());
      return true;
    },
    /** A page of events, live first; the simulator's private state is left out (lists never need it). */
    async listEvents(filter: EventFilter, page: number, perPage: number): Promise<EventRecord[]> {
      const { sim: _sim, ...columns } = getTableColumns(events);
      const rows = await db
        .select(columns)
        .from(events)
        .where(where(filter))
        .orderBy(desc(events.isLive), asc(events.startAt), asc(events.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return rows.map((r) => ({ ...r, sim: null }));
    },
    /**
     * Every event not finished, and those finished since `endedSince` (the read model's start), with only the
     * match state of `sim` (`sim.match`, what the bet builder prices from; never the simulator's draw stream).
     */
    async currentEvents(endedSince: Date): Promise<EventRecord[]> {
      const rows = await db
        .select(withMatchOnly())
        .from(events)
        .where(
          or(
            inArray(events.status, ['not_started', 'live']),
            and(inArray(events.status, ['ended', 'cancelled']), gte(events.startAt, endedSince)),
          ),
        );
      return rows.map(matchOnlyRecord);
    },
    /** Events by id, with only the match state of `sim` (as `currentEvents`). */
    async eventsByIds(ids: number[]): Promise<EventRecord[]> {
      if (ids.length === 0) return [];
      const rows = await db.select(withMatchOnly()).from(events).where(inArray(events.id, ids));
      return rows.map(matchOnlyRecord);
    },
    async countEvents(filter: EventFilter): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(events)
        .where(where(filter));
      return Number(row?.n ?? 0);
    },
    async countBy(
      column: 'sport' | 'region' | 'competition',
      filter: EventFilter,
    ): Promise<Map<number, number>> {
      const col =
        column === 'sport' ? events.sportId : column === 'region' ? events.regionId : events.competitionId;
      const rows = await db
        .select({ id: col, n: sql<number>`count(*)::int` })
        .from(events)
        .where(where(filter))
        .groupBy(col);
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },
    async eventByIdOrSub(id: number): Promise<EventRecord | undefined> {
      const [row] = await db
        .select()
        .from(events)
        .where(or(eq(events.id, id), eq(events.sub, id)))
        .limit(1);
      return row;
    },
    /**
     * A bet builder's row id for its legs (ascending) of one event: the existing one, or a new one (racing
     * instances agree through the unique index).
     */
    async builderId(eventId: number, legIds: number[]): Promise<number> {
      const legs = sql`${`{${legIds.join(',')}}`}::bigint[]`;
      const [inserted] = await db
        .insert(betBuilders)
        .values({ eventId, legIds })
        .onConflictDoNothing()
        .returning({ id: betBuilders.id });
      if (inserted) return inserted.id;
      const [row] = await db
        .select({ id: betBuilders.id })
        .from(betBuilders)
        .where(and(eq(betBuilders.eventId, eventId), sql`${betBuilders.legIds} = ${legs}`));
      return row!.id;
    },
    async builders(ids: number[]): Promise<{ id: number; eventId: number; legIds: number[] }[]> {
      if (ids.length === 0) return [];
      const rows = await db.select().from(betBuilders).where(inArray(betBuilders.id, ids));
      return rows.map((r) => ({ ...r, legIds: r.legIds.map(Number) }));
    },
    /** One event with its simulator state (the bet builder prices from the match state). */
    async eventById(id: number): Promise<EventRecord | undefined> {
      const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
      return row;
    },
    async eventByRid(rid: number): Promise<EventRecord | undefined> {
      const [row] = await db.select().from(events).where(eq(events.rid, rid)).limit(1);
      return row;
    },
    searchEvents(teamIds: number[], liveOnly: boolean, limit: number): Promise<EventRecord[]> {
      if (teamIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(events)
        .where(
          and(
            where({ live: liveOnly }),
            or(inArray(events.homeTeamId, teamIds), inArray(events.awayTeamId, teamIds)),
          ),
        )
        .orderBy(desc(events.isLive), asc(events.startAt))
        .limit(limit);
    },
    searchTeams(q: string): Promise<{ id: number }[]> {
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return db.select({ id: teams.id }).from(teams).where(ilike(teams.name, pattern)).limit(200);
    },
    finishedBetween(homeTeamId: number, awayTeamId: number): Promise<EventRecord[]> {
      const pair = or(
        and(eq(events.homeTeamId, homeTeamId), eq(events.awayTeamId, awayTeamId)),
        and(eq(events.homeTeamId, awayTeamId), eq(events.awayTeamId, homeTeamId)),
      );
      return db
        .select()
        .from(events)
        .where(and(eq(events.status, 'ended'), pair))
        .orderBy(desc(events.startAt))
        .limit(10);
    },
    /** Markets with their selections for the given events; `mainOf` keeps only the main line of those types. */
    async marketsOf(
      eventIds: number[],
      mainOf?: number[],
    ): Promise<{ market: MarketRecord; selection: SelectionRecord }[]> {
      if (eventIds.length === 0) return [];
      const filter = mainOf
        ? and(
            inArray(markets.eventId, eventIds),
            eq(markets.main, true),
            inArray(markets.t, mainOf.length ? mainOf : [-1]),
          )
        : inArray(markets.eventId, eventIds);
      return db
        .select({ market: markets, selection: selections })
        .from(markets)
        .innerJoin(selections, eq(selections.marketId, markets.id))
        .where(filter)
        .orderBy(asc(markets.eventId), asc(markets.order), asc(selections.order));
    },
    async openMarketCounts(eventIds: number[]): Promise<Map<number, number>> {
      if (eventIds.length === 0) return new Map();
      const rows = await db
        .select({ id: markets.eventId, n: sql<number>`count(*)::int` })
        .from(markets)
        .where(and(inArray(markets.eventId, eventIds), eq(markets.closed, false)))
        .groupBy(markets.eventId);
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },
    eventsWithoutMarkets(ids: number[]): Promise<EventRecord[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(events)
        .where(and(inArray(events.id, ids), eq(events.marketsReady, false)));
    },
    eventsToPrepare(until: number, limit: number): Promise<EventRecord[]> {
      return db
        .select()
        .from(events)
        .where(
          and(
            eq(events.marketsReady, false),
            inArray(events.status, ['not_started', 'live']),
            lte(events.startAt, new Date(until)),
          ),
        )
        .orderBy(asc(events.startAt))
        .limit(limit);
    },
    /** Inserts an event's priced markets once (ids are deterministic, so racing instances agree). */
    async insertMarkets(
      eventId: number,
      marketRows: MarketInsert[],
      selectionRows: SelectionInsert[],
    ): Promise<void> {
      await insertChunked(marketRows, (c) => db.insert(markets).values(c).onConflictDoNothing());
      await insertChunked(selectionRows, (c) => db.insert(selections).values(c).onConflictDoNothing());
      await db.update(events).set({ marketsReady: true }).where(eq(events.id, eventId));
    },
    /** Deletes finished events that started before `before`, with their markets and selections. */
    async purgeFinished(before: number): Promise<number> {
      const old = and(inArray(events.status, ['ended', 'cancelled']), lt(events.startAt, new Date(before)));
      const ids = db.select({ id: events.id }).from(events).where(old);
      await db.delete(selections).where(inArray(selections.eventId, ids));
      await db.delete(markets).where(inArray(markets.eventId, ids));
      const deleted = await db.delete(events).where(old).returning({ id: events.id });
      return deleted.length;
    },
    /** Selections with their market and event, for bet checks and placement (pass the bet's transaction). */
    async selectionsWithContext(
      selectionIds: number[],
    ): Promise<{ selection: SelectionRecord; market: MarketState; event: EventState }[]> {
      if (selectionIds.length === 0) return [];
      return selectionsWithContextQuery(db).execute({ ids: selectionIds });
    },
    /** Every selection of the given markets (fair probabilities need the whole market). */
    async selectionsOfMarkets(marketIds: number[]): Promise<SelectionRecord[]> {
      if (marketIds.length === 0) return [];
      return db.select().from(selections).where(inArray(selections.marketId, marketIds));
    },
    async selectionWithContext(selectionId: number) {
      const [row] = await db
        .select({ selection: selections, market: markets, event: events })
        .from(selections)
        .innerJoin(markets, eq(markets.id, selections.marketId))
        .innerJoin(events, eq(events.id, selections.eventId))
        .where(eq(selections.id, selectionId))
        .limit(1);
      return row;
    },
  };
}

export type SportsRepository = ReturnType<typeof createSportsRepository>;
