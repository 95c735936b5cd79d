import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';

/**
 * The event navigator's and the event view's reads (issue 34 item 2): events with their sport, region,
 * competition and teams, and an event's every market and selection. Like `desk.repository.ts`, a read-only report
 * over the sports module's tables (joins in SQL keep the search, the counts and the limit exact); every change goes
 * through the owning module.
 */
export interface CatalogueFilter {
  /** A team's or competition's name (part of it, any case), or an event id. */
  q?: string | undefined;
  sportId?: number | undefined;
  regionId?: number | undefined;
  competitionId?: number | undefined;
  /** true: in play only; false: pre-match only; undefined: both. */
  live?: boolean | undefined;
  /** Events starting in [from, to). */
  from?: Date | undefined;
  to?: Date | undefined;
  /** Ended (and cancelled) events too; by default only those still to play or in play. */
  ended?: boolean | undefined;
  limit: number;
}

export interface CatalogueEventRow {
  id: number;
  sportId: number;
  regionId: number;
  competitionId: number;
  home: string;
  away: string;
  startAt: Date;
  status: string;
  phase: string;
  isLive: boolean;
  periodTime: number;
  score: { home: number; away: number } | null;
}

export interface CatalogueCountRow {
  sportId: number;
  regionId: number;
  competitionId: number;
  events: number;
  live: number;
}

export interface MarketRowOut {
  id: number;
  t: number;
  s: string;
  order: number;
  disabled: boolean;
  operatorSuspended: string | null;
  closed: boolean;
  resolved: boolean;
}

export interface SelectionRowOut {
  id: number;
  marketId: number;
  outcome: string;
  name: string;
  odd: number;
  modelOdd: number | null;
  overrideUntil: Date | null;
  isDisabled: boolean;
  /** An operator's suspension of this selection alone (reason code), or null. */
  operatorSuspended: string | null;
  isClosed: boolean;
  result: string | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const num = (v: unknown) => Number(v);
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

/** Escapes LIKE's wildcards in what an operator typed. */
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(f: Omit<CatalogueFilter, 'limit'>): SQL {
  const where: SQL[] = [sql`true`];
  if (!f.ended) where.push(sql`e.status in ('not_started', 'live')`);
  if (f.sportId !== undefined) where.push(sql`e.sport_id = ${f.sportId}`);
  if (f.regionId !== undefined) where.push(sql`e.region_id = ${f.regionId}`);
  if (f.competitionId !== undefined) where.push(sql`e.competition_id = ${f.competitionId}`);
  if (f.live !== undefined) where.push(f.live ? sql`e.status = 'live'` : sql`e.status <> 'live'`);
  if (f.from) where.push(sql`e.start_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) where.push(sql`e.start_at < ${f.to.toISOString()}::timestamptz`);
  const q = f.q?.trim();
  if (q) {
    const like = likeOf(q);
    const byName = sql`(th.name ilike ${like} or ta.name ilike ${like} or c.name_en ilike ${like}
      or c.name_tr ilike ${like})`;
    where.push(
      /^\d{1,10}$/.test(q) && Number(q) <= 2_147_483_647 ? sql`(e.id = ${Number(q)} or ${byName})` : byName,
    );
  }
  return sql.join(where, sql` and `);
}

const FROM = sql`from events e
  join teams th on th.id = e.home_team_id
  join teams ta on ta.id = e.away_team_id
  join competitions c on c.id = e.competition_id`;

function eventOf(r: Record<string, unknown>): CatalogueEventRow {
  const data = r.data as { score?: { home: number; away: number } } | null;
  return {
    id: num(r.id),
    sportId: num(r.sport_id),
    regionId: num(r.region_id),
    competitionId: num(r.competition_id),
    home: String(r.home),
    away: String(r.away),
    startAt: dateOf(r.start_at),
    status: String(r.status),
    phase: String(r.phase),
    isLive: Boolean(r.is_live),
    periodTime: num(r.period_time),
    score: r.status === 'not_started' ? null : (data?.score ?? null),
  };
}

export function createOpsEventsRepository(db: Db) {
  const columns = sql`e.id, e.sport_id, e.region_id, e.competition_id, th.name as home, ta.name as away,
    e.start_at, e.status, e.phase, e.is_live, e.period_time, e.data`;
  return {
    /** The events matching the filter, in play first, then by start time. */
    async events(f: CatalogueFilter): Promise<CatalogueEventRow[]> {
      const rows = await db.execute(sql`select ${columns} ${FROM} where ${whereOf(f)}
        order by (e.status = 'live') desc, e.start_at, e.id limit ${f.limit}`);
      return rowsOf<Record<string, unknown>>(rows).map(eventOf);
    },

    /** How many events match per competition (the tree's counts), and how many of them are in play. */
    async counts(f: Omit<CatalogueFilter, 'limit'>): Promise<CatalogueCountRow[]> {
      const rows = await db.execute(sql`select e.sport_id, e.region_id, e.competition_id,
          count(*)::int as events, (count(*) filter (where e.status = 'live'))::int as live
        ${FROM} where ${whereOf(f)} group by e.sport_id, e.region_id, e.competition_id`);
      return rowsOf<Record<string, unknown>>(rows).map((r) => ({
        sportId: num(r.sport_id),
        regionId: num(r.region_id),
        competitionId: num(r.competition_id),
        events: num(r.events),
        live: num(r.live),
      }));
    },

    /** One event by its id, or null. */
    async event(id: number): Promise<CatalogueEventRow | null> {
      const rows = await db.execute(sql`select ${columns} ${FROM} where e.id = ${id}`);
      const r = rowsOf<Record<string, unknown>>(rows)[0];
      return r ? eventOf(r) : null;
    },

    /** Every market of the event in its order, and their selections in theirs. */
    async markets(eventId: number): Promise<{ markets: MarketRowOut[]; selections: SelectionRowOut[] }> {
      const ms = await db.execute(sql`select id, t, s, "order", disabled, operator_suspended, closed, resolved
        from markets where event_id = ${eventId} order by "order", id`);
      const ss = await db.execute(sql`select id, market_id, outcome, name, odd, model_odd, override_until,
          is_disabled, operator_suspended, is_closed, result
        from selections where event_id = ${eventId} order by market_id, "order", id`);
      return {
        markets: rowsOf<Record<string, unknown>>(ms).map((r) => ({
          id: num(r.id),
          t: num(r.t),
          s: String(r.s),
          order: num(r.order),
          disabled: Boolean(r.disabled),
          operatorSuspended: (r.operator_suspended as string | null) ?? null,
          closed: Boolean(r.closed),
          resolved: Boolean(r.resolved),
        })),
        selections: rowsOf<Record<string, unknown>>(ss).map((r) => ({
          id: num(r.id),
          marketId: num(r.market_id),
          outcome: String(r.outcome),
          name: String(r.name),
          odd: Number(r.odd),
          modelOdd: r.model_odd == null ? null : Number(r.model_odd),
          overrideUntil: r.override_until == null ? null : dateOf(r.override_until),
          isDisabled: Boolean(r.is_disabled),
          operatorSuspended: (r.operator_suspended as string | null) ?? null,
          isClosed: Boolean(r.is_closed),
          result: (r.result as string | null) ?? null,
        })),
      };
    },
  };
}

export type OpsEventsRepository = ReturnType<typeof createOpsEventsRepository>;
