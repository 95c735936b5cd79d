import { sql, type SQL } from 'drizzle-orm';
import { cents, type Cents, type Odds } from '@sb/betting';
import type { Db } from '../../db/database';

/**
 * The back office's read side: read-only reporting queries over the bets, their legs, the clients' names and
 * the events (tables of the betting, identity, tenancy and sports modules). A deliberate exception to "a module
 * never reads another's tables": the desk is a report across the whole book, it never writes these tables, and
 * joining in SQL is what keeps the ticker's filters and limit exact. Writes go through the owning module
 * (suspension: the sports module's `operatorSuspension`).
 */
export interface BetRowOut {
  id: number;
  appId: number;
  brand: string;
  userId: number;
  username: string;
  type: number;
  systems: number[];
  status: string;
  currency: string;
  stakePerBet: Cents;
  totalStake: Cents;
  combinations: number;
  paid: Cents;
  createdAt: Date;
  /** The promotion reward the bet holds (issue 36): its kind and amount (an insurance's cap), else null. */
  rewardKind: string | null;
  rewardAmount: Cents | null;
  /** A profit boost's percent of the winnings (its campaign's terms), else null. */
  rewardPercent: number | null;
}

export interface LegRowOut {
  betId: number;
  idx: number;
  selectionId: number;
  eventId: number;
  marketType: number;
  special: string;
  outcome: string;
  selectionName: string;
  oddsThousandths: Odds;
  /** Taken at an odds boost's price: the normal price then (thousandths); else null. */
  baseOddsThousandths: Odds | null;
  isLive: boolean;
  banker: boolean;
  result: string | null;
  sportId: number | null;
  home: string | null;
  away: string | null;
  marketId: number | null;
  /** The leg's event: start, status and score (null before kick-off or when the event is gone). */
  startAt: Date | null;
  eventStatus: string | null;
  score: { home: number; away: number } | null;
  /** A bet builder leg's own legs (issue 37), each with its selection's result so far; null for other legs. */
  builder: BuilderLegOut[] | null;
}

/** One leg of a bet builder as stored at placement, with its selection's result now (null: open). */
export interface BuilderLegOut {
  selectionId: number;
  marketType: number;
  special: string;
  outcome: string;
  name: string;
  result: string | null;
}

/** An event as the liability book lists it. */
export interface EventInfoRow {
  id: number;
  sport: { id: number; name: { en: string; tr: string } };
  competition: { id: number; name: { en: string; tr: string } };
  startAt: Date;
  isLive: boolean;
  status: string;
  home: string;
  away: string;
}

export interface TickerFilter {
  limit: number;
  brandId?: number | null | undefined;
  sportId?: number | undefined;
  eventId?: number | undefined;
  clientId?: number | undefined;
  minStake?: number | undefined;
  liveOnly?: boolean | undefined;
  /** Only ids above this (the live ticker's poll) or below it (paging back). */
  afterId?: number | undefined;
  beforeId?: number | undefined;
  statuses?: string[] | undefined;
  /** Only these bets (the referral queue, its live changes). */
  ids?: number[] | undefined;
  /** Only bets waiting for the desk's decision or their client's answer to an offer (the referral queue). */
  referred?: boolean | undefined;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const num = (v: unknown) => Number(v);

function betOf(r: Record<string, unknown>): BetRowOut {
  return {
    id: num(r.id),
    appId: num(r.app_id),
    brand: String(r.brand ?? ''),
    userId: num(r.user_id),
    username: String(r.username ?? ''),
    type: num(r.type),
    systems: (r.systems as number[] | null)?.map(Number) ?? [],
    status: String(r.status),
    currency: String(r.currency),
    stakePerBet: cents(num(r.stake_per_bet)),
    totalStake: cents(num(r.total_stake)),
    combinations: num(r.combinations),
    paid: cents(num(r.paid)),
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
    rewardKind: r.reward_kind == null ? null : String(r.reward_kind),
    rewardAmount: r.reward_amount == null ? null : cents(num(r.reward_amount)),
    rewardPercent: r.reward_percent == null ? null : num(r.reward_percent),
  };
}

function legOf(r: Record<string, unknown>): LegRowOut {
  const legs = r.builder_legs as Omit<BuilderLegOut, 'result'>[] | null | undefined;
  const results = (r.builder_results as Record<string, string | null> | null | undefined) ?? {};
  return {
    builder: legs
      ? legs.map((b) => ({
          selectionId: num(b.selectionId),
          marketType: num(b.marketType),
          special: String(b.special),
          outcome: String(b.outcome),
          name: String(b.name),
          result: results[String(b.selectionId)] ?? null,
        }))
      : null,
    betId: num(r.bet_id),
    idx: num(r.idx),
    selectionId: num(r.selection_id),
    eventId: num(r.event_id),
    marketType: num(r.market_type),
    special: String(r.special),
    outcome: String(r.outcome),
    selectionName: String(r.selection_name),
    oddsThousandths: num(r.odds_thousandths) as Odds,
    baseOddsThousandths: r.base_odds_thousandths == null ? null : (num(r.base_odds_thousandths) as Odds),
    isLive: Boolean(r.is_live),
    banker: Boolean(r.banker),
    result: (r.result as string | null) ?? null,
    sportId: r.sport_id == null ? null : num(r.sport_id),
    home: (r.home as string | null) ?? null,
    away: (r.away as string | null) ?? null,
    marketId: r.market_id == null ? null : num(r.market_id),
    startAt:
      r.start_at == null ? null : r.start_at instanceof Date ? r.start_at : new Date(String(r.start_at)),
    eventStatus: (r.event_status as string | null) ?? null,
    score: scoreOf(r.event_status, r.score),
  };
}

/** An event's score as `{home, away}`, null before kick-off or when the data holds none. */
function scoreOf(status: unknown, raw: unknown): { home: number; away: number } | null {
  if (status == null || status === 'not_started' || raw == null || typeof raw !== 'object') return null;
  const s = raw as { home?: unknown; away?: unknown };
  return typeof s.home === 'number' && typeof s.away === 'number' ? { home: s.home, away: s.away } : null;
}

export function createDeskRepository(db: Db) {
  async function legsOf(betIds: number[]): Promise<LegRowOut[]> {
    if (betIds.length === 0) return [];
    const ids = sql.join(
      betIds.map((id) => sql`${id}::int`),
      sql`, `,
    );
    const rows = await db.execute(sql`
      select l.bet_id, l.idx, l.selection_id, l.event_id, l.market_type, l.special, l.outcome,
             l.selection_name, l.odds_thousandths, l.base_odds_thousandths, l.is_live, l.banker, l.result,
             e.sport_id, th.name as home, ta.name as away, s.market_id,
             e.start_at, e.status as event_status, e.data->'score' as score,
             l.builder->'legs' as builder_legs,
             (select jsonb_object_agg(r.id::text, r.result) from selections r
               where l.builder is not null
                 and r.id in (select (x->>'selectionId')::bigint from jsonb_array_elements(l.builder->'legs') x)
             ) as builder_results
      from bet_legs l
      left join events e on e.id = l.event_id
      left join teams th on th.id = e.home_team_id
      left join teams ta on ta.id = e.away_team_id
      left join selections s on s.id = l.selection_id
      where l.bet_id in (${ids})
      order by l.bet_id, l.idx`);
    return rowsOf<Record<string, unknown>>(rows).map(legOf);
  }

  const betColumns = sql`b.id, b.app_id, a.name as brand, b.user_id, u.username, b.type, b.systems, b.status,
    b.currency, b.stake_per_bet, b.total_stake, b.combinations, b.paid, b.created_at, b.reward_kind,
    (select r.amount from promotion_rewards r where r.id = b.reward_id) as reward_amount,
    (select (c.terms->>'percent')::int from promotion_rewards r join promotion_campaigns c on c.id = r.campaign_id
      where r.id = b.reward_id and b.reward_kind = 'profit_boost') as reward_percent`;

  return {
    legsOf,

    /** Bets newest first with the ticker's filters. */
    async bets(f: TickerFilter): Promise<BetRowOut[]> {
      const where: SQL[] = [sql`true`];
      if (f.brandId != null) where.push(sql`b.app_id = ${f.brandId}`);
      if (f.clientId != null) where.push(sql`b.user_id = ${f.clientId}`);
      if (f.minStake != null) where.push(sql`b.total_stake >= ${f.minStake}`);
      if (f.afterId != null) where.push(sql`b.id > ${f.afterId}`);
      if (f.beforeId != null) where.push(sql`b.id < ${f.beforeId}`);
      if (f.ids)
        where.push(
          f.ids.length
            ? sql`b.id in (${sql.join(
                f.ids.map((id) => sql`${id}::int`),
                sql`, `,
              )})`
            : sql`false`,
        );
      if (f.referred) where.push(sql`b.status = 'pending' and b.referral in ('open', 'offered')`);
      if (f.statuses?.length)
        where.push(
          sql`b.status in (${sql.join(
            f.statuses.map((s) => sql`${s}`),
            sql`, `,
          )})`,
        );
      if (f.eventId != null)
        where.push(
          sql`exists (select 1 from bet_legs x where x.bet_id = b.id and x.event_id = ${f.eventId})`,
        );
      if (f.liveOnly) where.push(sql`exists (select 1 from bet_legs x where x.bet_id = b.id and x.is_live)`);
      if (f.sportId != null)
        where.push(sql`exists (select 1 from bet_legs x join events e on e.id = x.event_id
          where x.bet_id = b.id and e.sport_id = ${f.sportId})`);
      const rows = await db.execute(sql`
        select ${betColumns}
        from bets b
        left join users u on u.id = b.user_id
        left join apps a on a.id = b.app_id
        where ${sql.join(where, sql` and `)}
        order by b.id desc
        limit ${f.limit}`);
      return rowsOf<Record<string, unknown>>(rows).map(betOf);
    },

    async bet(id: number): Promise<BetRowOut | null> {
      const rows = await db.execute(sql`
        select ${betColumns}
        from bets b left join users u on u.id = b.user_id left join apps a on a.id = b.app_id
        where b.id = ${id}`);
      const r = rowsOf<Record<string, unknown>>(rows)[0];
      return r ? betOf(r) : null;
    },

    /** Open bets (accepted or in their live delay) with a leg on `eventId`, or on any event when null. */
    async openBets(eventId: number | null, brandId: number | null): Promise<BetRowOut[]> {
      const where: SQL[] = [sql`b.status in ('waiting', 'pending')`];
      if (eventId != null)
        where.push(sql`exists (select 1 from bet_legs x where x.bet_id = b.id and x.event_id = ${eventId})`);
      if (brandId != null) where.push(sql`b.app_id = ${brandId}`);
      const rows = await db.execute(sql`
        select ${betColumns}
        from bets b left join users u on u.id = b.user_id left join apps a on a.id = b.app_id
        where ${sql.join(where, sql` and `)}
        order by b.id`);
      return rowsOf<Record<string, unknown>>(rows).map(betOf);
    },

    /** Current prices and states of selections (to show beside the liability). */
    async selections(ids: number[]) {
      if (ids.length === 0) return [];
      const list = sql.join(
        ids.map((id) => sql`${id}::bigint`),
        sql`, `,
      );
      const rows = await db.execute(sql`
        select s.id, s.market_id, s.name, s.outcome, s.odd, s.is_closed, s.result,
               m.t, m.s, m.disabled, m.closed, m.operator_suspended
        from selections s join markets m on m.id = s.market_id
        where s.id in (${list})`);
      return rowsOf<Record<string, unknown>>(rows).map((r) => ({
        id: num(r.id),
        marketId: num(r.market_id),
        name: String(r.name),
        outcome: String(r.outcome),
        odd: Number(r.odd),
        t: num(r.t),
        s: String(r.s),
        disabled: Boolean(r.disabled),
        closed: Boolean(r.closed) || Boolean(r.is_closed),
        operatorSuspended: (r.operator_suspended as string | null) ?? null,
      }));
    },

    async brandExists(id: number): Promise<boolean> {
      const rows = await db.execute(sql`select 1 from apps where id = ${id}`);
      return rowsOf(rows).length > 0;
    },

    /** The brands an operator may pick (its own, or every brand), by name. */
    async brands(brandId: number | null): Promise<{ id: number; name: string }[]> {
      const rows = await db.execute(sql`
        select id, name from apps ${brandId === null ? sql`` : sql`where id = ${brandId}`} order by name, id`);
      return rowsOf<{ id: unknown; name: unknown }>(rows).map((r) => ({
        id: num(r.id),
        name: String(r.name),
      }));
    },

    /** A client's name and brand (the ticker's client filter shows the name), null when there is none. */
    async clientName(id: number): Promise<{ id: number; username: string; brandId: number } | null> {
      const rows = await db.execute(sql`select id, username, app_id from users where id = ${id}`);
      const r = rowsOf<{ id: unknown; username: unknown; app_id: unknown }>(rows)[0];
      return r ? { id: num(r.id), username: String(r.username), brandId: num(r.app_id) } : null;
    },

    async clientBrand(id: number): Promise<number | null> {
      const rows = await db.execute(sql`select app_id from users where id = ${id}`);
      const r = rowsOf<{ app_id: number }>(rows)[0];
      return r ? num(r.app_id) : null;
    },

    /** The events that open bets (accepted or in their live delay) above `afterBetId` hold, with the last such bet. */
    async eventsWithOpenBetsAfter(afterBetId: number): Promise<{ eventId: number; lastBetId: number }[]> {
      const rows = await db.execute(sql`
        select l.event_id, max(b.id) as last_id from bets b join bet_legs l on l.bet_id = b.id
        where b.id > ${afterBetId} and b.status in ('waiting', 'pending') group by l.event_id`);
      return rowsOf<{ event_id: unknown; last_id: unknown }>(rows).map((r) => ({
        eventId: num(r.event_id),
        lastBetId: num(r.last_id),
      }));
    },

    /** Events by id with their sport and competition by name, start and state (the liability book's rows). */
    async eventsInfo(ids: number[]): Promise<Map<number, EventInfoRow>> {
      if (ids.length === 0) return new Map();
      const list = sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      );
      const rows = await db.execute(sql`
        select e.id, e.sport_id, s.name_en as sport_en, s.name_tr as sport_tr, e.competition_id,
               c.name_en as competition_en, c.name_tr as competition_tr, e.start_at, e.is_live, e.status,
               th.name as home, ta.name as away
        from events e
        left join sports s on s.id = e.sport_id
        left join competitions c on c.id = e.competition_id
        left join teams th on th.id = e.home_team_id
        left join teams ta on ta.id = e.away_team_id
        where e.id in (${list})`);
      return new Map(
        rowsOf<Record<string, unknown>>(rows).map((r) => [
          num(r.id),
          {
            id: num(r.id),
            sport: {
              id: num(r.sport_id),
              name: { en: String(r.sport_en ?? ''), tr: String(r.sport_tr ?? '') },
            },
            competition: {
              id: num(r.competition_id),
              name: { en: String(r.competition_en ?? ''), tr: String(r.competition_tr ?? '') },
            },
            startAt: r.start_at instanceof Date ? r.start_at : new Date(String(r.start_at)),
            isLive: Boolean(r.is_live),
            status: String(r.status),
            home: String(r.home ?? ''),
            away: String(r.away ?? ''),
          },
        ]),
      );
    },

    async maxBetId(): Promise<number> {
      const rows = await db.execute(sql`select coalesce(max(id), 0)::int as id from bets`);
      return num(rowsOf<{ id: number }>(rows)[0]?.id ?? 0);
    },
  };
}

export type DeskRepository = ReturnType<typeof createDeskRepository>;
