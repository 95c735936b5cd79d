import type { OpsBookDay, OpsRtpFamily } from '@sb/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { bookLines, sportOfBet } from './book-lines.repository';

/**
 * The dashboard's figures, read-only SQL over bets, events and the casino's rounds, like the
 * desk's other reports. Money in minor units of each brand's currency; days are UTC calendar days.
 */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const num = (v: unknown) => Number(v ?? 0);

export function createDashboardRepository(db: Db) {
  return {
    book: (from: Date, brandId: number | null) => book(db, from, brandId),

    /** Bets placed per minute over the last `minutes` minutes before `now` (oldest first, zeros included). */
    async betsPerMinute(now: Date, minutes: number, brandId: number | null): Promise<number[]> {
      const start = Math.floor(now.getTime() / 60_000) * 60_000 - (minutes - 1) * 60_000;
      const brand = brandId === null ? sql`` : sql` and app_id = ${brandId}`;
      const rows = await db.execute(sql`
        select floor(extract(epoch from created_at) / 60)::bigint as minute, count(*)::int as n
        from bets where created_at >= ${new Date(start)} and created_at <= ${now}${brand}
        group by 1`);
      const counts = new Map(rowsOf<Record<string, unknown>>(rows).map((r) => [num(r.minute), num(r.n)]));
      return Array.from({ length: minutes }, (_, i) => counts.get(start / 60_000 + i) ?? 0);
    },

    async liveEvents(): Promise<number> {
      const rows = await db.execute(sql`select count(*)::int as n from events where status = 'live'`);
      return num(rowsOf<{ n: number }>(rows)[0]?.n);
    },

    rtp: (from: Date, brandId: number | null) => rtp(db, from, brandId),
  };
}

/** The book (`bookLines`) per UTC day, brand, currency and sport since `from`. */
async function book(db: Db, from: Date, brandId: number | null): Promise<OpsBookDay[]> {
  const rows = await db.execute(sql`
        with placed as (
          select to_char(x.at at time zone 'UTC', 'YYYY-MM-DD') as day, x.app_id, x.currency,
                 ${sportOfBet} as sport_id, x.turnover, x.bets, x.settled_stakes, x.paid, x.bonus_cost
          from (${bookLines(from, null, brandId)}) x left join bets b on b.id = x.bet_id
        )
        select p.day, p.app_id, a.name as brand, p.currency, p.sport_id,
               sum(p.turnover)::bigint as turnover, sum(p.bets)::int as bets,
               sum(p.settled_stakes)::bigint as settled_stakes, sum(p.paid)::bigint as paid,
               sum(p.bonus_cost)::bigint as bonus_cost
        from placed p left join apps a on a.id = p.app_id
        group by p.day, p.app_id, a.name, p.currency, p.sport_id
        order by p.day, p.app_id, p.sport_id`);
  return rowsOf<Record<string, unknown>>(rows).map((r) => ({
    day: String(r.day),
    brandId: num(r.app_id),
    brand: String(r.brand ?? ''),
    currency: String(r.currency),
    sportId: num(r.sport_id),
    turnover: num(r.turnover),
    bets: num(r.bets),
    settledStakes: num(r.settled_stakes),
    paid: num(r.paid),
    ggr: num(r.settled_stakes) - num(r.paid),
    bonusCost: num(r.bonus_cost),
    ngr: num(r.settled_stakes) - num(r.paid) - num(r.bonus_cost),
  }));
}

/**
 * Casino real-money rounds since `from` per game family (slot families, roulette, crash): actual RTP = wins /
 * stakes, theoretical = the games' declared RTP weighted by stake. Rounds still open are left out.
 */
async function rtp(db: Db, from: Date, brandId: number | null): Promise<OpsRtpFamily[]> {
  const brand = brandId === null ? sql`` : sql` and s.app_id = ${brandId}`;
  const rows = await db.execute(sql`
        with rounds as (
          select r.session_id, r.stake, r.win from casino_slot_rounds r where r.created_at >= ${from}
          union all
          select rb.session_id, rb.stake, rb.payout from casino_roulette_bets rb
          where rb.created_at >= ${from} and rb.status in ('won', 'lost')
          union all
          select cb.session_id, cb.stake, cb.payout from crash_bets cb
          where cb.created_at >= ${from} and cb.status in ('cashed', 'lost') and not cb.demo
        )
        select coalesce(g.config->>'family', g.config->>'kind') as family, count(*)::int as rounds,
               sum(x.stake)::bigint as stakes, sum(coalesce(x.win, 0))::bigint as wins,
               sum(x.stake * g.rtp_bp)::float8 as weighted
        from rounds x
        join casino_sessions s on s.id = x.session_id and not s.demo${brand}
        join casino_games g on g.id = s.game_id
        group by 1 order by 1`);
  return rowsOf<Record<string, unknown>>(rows).map((r) => {
    const stakes = num(r.stakes);
    return {
      family: String(r.family),
      rounds: num(r.rounds),
      stakes,
      wins: num(r.wins),
      actualBp: stakes > 0 ? Math.round((num(r.wins) / stakes) * 10_000) : null,
      theoreticalBp: stakes > 0 ? Math.round(num(r.weighted) / stakes) : null,
    };
  });
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
