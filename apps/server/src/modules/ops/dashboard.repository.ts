import type { OpsBookDay, OpsRtpFamily } from '@sb/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/**
 * The dashboard's figures, read-only SQL over bets, events and the casino's rounds, like the
 * desk's other reports. Money in minor units of each brand's currency; days are UTC calendar days.
 */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const num = (v: unknown) => Number(v ?? 0);

/** A bet's sport: the one sport of its legs, else 0 (mixed). */
const sportOfBet = sql`(select case when count(distinct e.sport_id) = 1 then min(e.sport_id) else 0 end
  from bet_legs l join events e on e.id = l.event_id where l.bet_id = b.id)`;

export function createDashboardRepository(db: Db) {
  return {
    /**
     * Turnover per placement day, and settled stakes, paid, GGR, bonus cost and NGR per settlement day, by brand and
     * sport. A free bet (issue 36) staked no cash: it adds nothing to turnover or GGR, and what it paid (its
     * winnings, the ledger's `freebet_win`) is bonus cost; an insured multiple counts as any bet, and its refund
     * (`acca_insurance`) is bonus cost. Bonus money is not the house's cash: a bet's bonus stake and the bonus
     * share of its payout (`bonus_win`) count in neither turnover nor GGR, and what a bonus released to cash
     * (`bonus_release`) is bonus cost on the day of its release (sport 0: a release belongs to no one sport), as is
     * a cashback claimed (`promotion_cashback`) on the day of its claim.
     * NGR = GGR − bonus cost.
     */
    async book(from: Date, brandId: number | null): Promise<OpsBookDay[]> {
      const brand = brandId === null ? sql`` : sql` and b.app_id = ${brandId}`;
      const releaseBrand = brandId === null ? sql`` : sql` and r.app_id = ${brandId}`;
      const rows = await db.execute(sql`
        with placed as (
          select to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, b.app_id, b.currency,
                 ${sportOfBet} as sport_id,
                 case when b.reward_kind = 'free_bet' then 0 else b.total_stake - b.bonus_stake end as turnover,
                 1 as bets,
                 0::bigint as settled_stakes, 0::bigint as paid, 0::bigint as bonus_cost
          from bets b
          where b.created_at >= ${from} and b.status not in ('pending', 'rejected', 'cancelled')${brand}
          union all
          select to_char(b.settled_at at time zone 'UTC', 'YYYY-MM-DD'), b.app_id, b.currency, ${sportOfBet},
                 0, 0, case when b.reward_kind = 'free_bet' then 0 else b.total_stake - b.bonus_stake end,
                 case when b.reward_kind = 'free_bet' then 0
                      when b.bonus_stake > 0 then b.paid - (b.paid * b.bonus_stake / b.total_stake)
                      else b.paid - b.boost_paid end,
                 case when b.reward_kind = 'free_bet' then b.paid
                      when b.reward_kind = 'odds_boost' then b.boost_paid
                      when b.reward_kind in ('acca_insurance', 'profit_boost')
                        then coalesce((select r.paid from promotion_rewards r where r.id = b.reward_id), 0)
                      else 0 end
          from bets b
          where b.settled_at >= ${from} and b.status in ('win', 'loss', 'refund', 'cashout')${brand}
          union all
          select to_char(r.used_at at time zone 'UTC', 'YYYY-MM-DD'), r.app_id, r.currency, 0, 0, 0, 0, 0, r.paid
          from promotion_rewards r
          where r.kind in ('bonus', 'cashback') and r.status = 'used' and r.used_at >= ${from}${releaseBrand}
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
    },

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

    /**
     * Casino real-money rounds since `from` per game family (slot families, roulette, crash): actual RTP = wins /
     * stakes, theoretical = the games' declared RTP weighted by stake. Rounds still open are left out.
     */
    async rtp(from: Date, brandId: number | null): Promise<OpsRtpFamily[]> {
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
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
