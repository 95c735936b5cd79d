import type { OpsResultsEvent } from '@sb/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';

/**
 * The results workspace's read side: which events wait for results, which were resulted recently, an event's
 * markets with their bets, and the names behind a money report. Read-only SQL over the sports, betting,
 * identity and tenancy tables, like `desk.repository.ts` (a report across the book); writes go through the
 * owning modules (sports `marketResulting`, betting `settleBetsIn`).
 */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const num = (v: unknown) => Number(v ?? 0);
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

/** Bets of a brand (or every brand) on event `e` in some statuses: counts and stakes. */
const betsOn = (brandId: number | null, statuses: string[]) => {
  const brand = brandId === null ? sql`` : sql` and b.app_id = ${brandId}`;
  const list = sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  );
  return sql`(select count(distinct b.id) from bet_legs l join bets b on b.id = l.bet_id
    where l.event_id = e.id and b.status in (${list})${brand})::int`;
};

export function createResultsRepository(db: Db) {
  return {
    /**
     * Events that started in the last `windowDays` (not live: the feed still decides those — unless an operator
     * suspended every open market of the live event, whose feed has broken) with a market
     * not resolved (`waiting`), or with a resolved market and bets on the event (`resulted`), or one event.
     */
    async events(f: {
      state: 'waiting' | 'resulted';
      now: Date;
      windowDays: number;
      brandId: number | null;
      eventId?: number | undefined;
      limit: number;
    }): Promise<OpsResultsEvent[]> {
      const since = new Date(f.now.getTime() - f.windowDays * 86_400_000);
      // Waiting: started and not live, or live with every open market suspended by an operator (the feed broke:
      // the one form may result it). Resulted: any event of the window (an operator may result one early).
      const handHeld = sql`not exists (select 1 from markets o where o.event_id = e.id and not o.closed
        and not o.resolved and o.operator_suspended is null)`;
      const where: SQL[] =
        f.state === 'waiting'
          ? [
              sql`e.start_at >= ${since}`,
              sql`((e.start_at <= ${f.now} and e.status <> 'live') or (e.status = 'live' and ${handHeld}))`,
            ]
          : [sql`e.start_at >= ${since}`];
      if (f.eventId !== undefined) where.push(sql`e.id = ${f.eventId}`);
      const having =
        f.state === 'waiting'
          ? sql`count(m.id) filter (where not m.resolved) > 0`
          : sql`count(m.id) filter (where m.resolved) > 0 and ${betsOn(f.brandId, ['waiting', 'win', 'loss', 'refund', 'cashout'])} > 0`;
      const rows = await db.execute(sql`
        select e.id, e.sport_id, e.status, e.start_at, e.data->'score' as score, th.name as home, ta.name as away,
               count(m.id)::int as markets, (count(m.id) filter (where not m.resolved))::int as unresolved,
               ${betsOn(f.brandId, ['waiting', 'pending'])} as open_bets,
               ${betsOn(f.brandId, ['win', 'loss', 'refund', 'cashout'])} as settled_bets,
               (select coalesce(sum(b.total_stake), 0) from bets b where b.status not in ('rejected', 'cancelled')
                  and exists (select 1 from bet_legs l where l.bet_id = b.id and l.event_id = e.id)
                  ${f.brandId === null ? sql`` : sql`and b.app_id = ${f.brandId}`})::bigint as stakes
        from events e
        left join teams th on th.id = e.home_team_id
        left join teams ta on ta.id = e.away_team_id
        left join markets m on m.event_id = e.id
        where ${sql.join(where, sql` and `)}
        group by e.id, th.name, ta.name
        having ${having}
        order by e.start_at ${f.state === 'waiting' ? sql`asc` : sql`desc`}, e.id
        limit ${f.limit}`);
      return rowsOf<Record<string, unknown>>(rows).map((r) => ({
        eventId: num(r.id),
        sportId: num(r.sport_id),
        status: String(r.status),
        startAt: dateOf(r.start_at).toISOString(),
        home: String(r.home ?? ''),
        away: String(r.away ?? ''),
        score: (r.score as { home: number; away: number } | null) ?? null,
        markets: num(r.markets),
        unresolved: num(r.unresolved),
        openBets: num(r.open_bets),
        settledBets: num(r.settled_bets),
        stakes: num(r.stakes),
      }));
    },

    /** An event's markets (names in both languages) with their selections' results and the bets on each. */
    async eventMarkets(eventId: number, brandId: number | null) {
      const brand = brandId === null ? sql`` : sql` and b.app_id = ${brandId}`;
      const rows = await db.execute(sql`
        select m.id as market_id, m.t, m.s, m.closed, m.resolved, m.disabled, m.order,
               d.name_en, d.name_tr, s.id, s.outcome, s.name, s.odd, s.result, s.is_closed,
               (select count(distinct b.id) from bet_legs l join bets b on b.id = l.bet_id
                 where l.selection_id = s.id and b.status in ('waiting', 'pending')${brand})::int as open_bets,
               (select count(distinct b.id) from bet_legs l join bets b on b.id = l.bet_id
                 where l.selection_id = s.id and b.status in ('win', 'loss', 'refund', 'cashout')${brand})::int
                 as settled_bets
        from markets m
        join selections s on s.market_id = m.id
        left join market_definitions d on d.id = m.t
        where m.event_id = ${eventId}
        order by m.order, m.id, s.order`);
      const out = new Map<
        number,
        {
          marketId: number;
          t: number;
          s: string;
          name: { en: string; tr: string };
          state: 'open' | 'closed' | 'resolved';
          openBets: number;
          settledBets: number;
          selections: { id: number; outcome: string; name: string; odd: number; result: string | null }[];
        }
      >();
      for (const r of rowsOf<Record<string, unknown>>(rows)) {
        const id = num(r.market_id);
        const market = out.get(id) ?? {
          marketId: id,
          t: num(r.t),
          s: String(r.s),
          name: { en: String(r.name_en ?? r.t), tr: String(r.name_tr ?? r.t) },
          state: r.resolved ? 'resolved' : r.closed ? 'closed' : 'open',
          openBets: 0,
          settledBets: 0,
          selections: [],
        };
        out.set(id, market);
        // A bet with two legs in one market counts once per selection: close enough for a desk's badge.
        market.openBets += num(r.open_bets);
        market.settledBets += num(r.settled_bets);
        market.selections.push({
          id: num(r.id),
          outcome: String(r.outcome),
          name: String(r.name),
          odd: Number(r.odd),
          result: r.resolved || r.is_closed ? ((r.result as string | null) ?? null) : null,
        });
      }
      return [...out.values()];
    },

    /** Client names and brand names behind a money report. */
    async names(tx: DbOrTx, userIds: number[]): Promise<Map<number, { username: string; brand: string }>> {
      if (userIds.length === 0) return new Map();
      const ids = sql.join(
        [...new Set(userIds)].map((id) => sql`${id}::int`),
        sql`, `,
      );
      const rows = await tx.execute(sql`
        select u.id, u.username, a.name as brand from users u left join apps a on a.id = u.app_id
        where u.id in (${ids})`);
      return new Map(
        rowsOf<Record<string, unknown>>(rows).map((r) => [
          num(r.id),
          { username: String(r.username), brand: String(r.brand ?? '') },
        ]),
      );
    },
  };
}

export type ResultsRepository = ReturnType<typeof createResultsRepository>;
