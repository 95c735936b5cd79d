import { sql, type SQL } from 'drizzle-orm';

/**
 * The book's money, one home for the dashboard and the reports: a line per bet placed (its turnover, on its
 * placement), per bet finally settled (settled stakes, paid and bonus cost, on its settlement) and per bonus released
 * or cashback claimed (bonus cost, on its day; no bet). Columns: `at`, `bet_id` (null for a release), `app_id`,
 * `currency`, `turnover`, `bets`, `settled_stakes`, `paid`, `bonus_cost`.
 *
 * A free bet (issue 36) staked no cash: it adds nothing to turnover or GGR, and what it paid (its winnings, the
 * ledger's `freebet_win`) is bonus cost; an insured multiple or a profit-boosted bet counts as any bet, and its
 * refund or boost (the reward's `paid`) is bonus cost. Bonus money is not the house's cash: a bet's bonus stake and
 * the bonus share of its payout (`bonus_win`) count in neither turnover nor GGR, and what a bonus released to cash
 * (`bonus_release`) is bonus cost on the day of its release, as is a cashback claimed (`promotion_cashback`) on the
 * day of its claim. An odds-boosted bet's extra over the normal price (`boost_paid`, the ledger's `odds_boost`) is
 * bonus cost, not a payout. NGR = GGR − bonus cost.
 */
export function bookLines(from: Date, to: Date | null, brandId: number | null): SQL {
  const brand = brandId === null ? sql`` : sql` and b.app_id = ${brandId}`;
  const releaseBrand = brandId === null ? sql`` : sql` and r.app_id = ${brandId}`;
  const before = (column: SQL) => (to === null ? sql`` : sql` and ${column} < ${to}`);
  return sql`
    select b.created_at as at, b.id as bet_id, b.app_id, b.currency,
           case when b.reward_kind = 'free_bet' then 0 else b.total_stake - b.bonus_stake end as turnover,
           1 as bets, 0::bigint as settled_stakes, 0::bigint as paid, 0::bigint as bonus_cost
    from bets b
    where b.created_at >= ${from}${before(sql`b.created_at`)}
      and b.status not in ('pending', 'rejected', 'cancelled')${brand}
    union all
    select b.settled_at, b.id, b.app_id, b.currency, 0, 0,
           case when b.reward_kind = 'free_bet' then 0 else b.total_stake - b.bonus_stake end,
           case when b.reward_kind = 'free_bet' then 0
                when b.bonus_stake > 0 then b.paid - (b.paid * b.bonus_stake / b.total_stake)
                else b.paid - b.boost_paid end,
           case when b.reward_kind = 'free_bet' then b.paid
                when b.reward_kind = 'odds_boost' then b.boost_paid
                when b.reward_kind in ('acca_insurance', 'profit_boost')
                  then coalesce((select r.paid from promotion_rewards r where r.id = b.reward_id), 0)
                else 0 end
    from bets b
    where b.settled_at >= ${from}${before(sql`b.settled_at`)}
      and b.status in ('win', 'loss', 'refund', 'cashout')${brand}
    union all
    select r.used_at, null, r.app_id, r.currency, 0, 0, 0, 0, r.paid
    from promotion_rewards r
    where r.kind in ('bonus', 'cashback') and r.status = 'used'
      and r.used_at >= ${from}${before(sql`r.used_at`)}${releaseBrand}`;
}

/** A bet's sport (`b` a bet, or no row): the one sport of its legs, else 0 (mixed, or no bet). */
export const sportOfBet = sql`(select case when count(distinct e.sport_id) = 1 then min(e.sport_id) else 0 end
  from bet_legs l join events e on e.id = l.event_id where l.bet_id = b.id)`;

/**
 * Per bet of the book's lines `x`, its legs' keys in one pass over the legs (a correlated subquery per line cost
 * 20–100× a count of the bets over a year: bench/reports.ts): the one sport, competition and market family of its
 * legs, else 0 / 0 / `multiple`, and whether a leg is a bet builder. Families from the query's `fam (t, family)`.
 * "One value" is min = max, not count(distinct) = 1: the same answer, and it aggregates by hash, without sorting
 * every leg.
 */
export const betLegKeys = sql`select l.bet_id,
    case when min(e.sport_id) = max(e.sport_id) then min(e.sport_id) else 0 end as sport_id,
    case when min(e.competition_id) = max(e.competition_id) then min(e.competition_id) else 0 end as competition_id,
    case when min(coalesce(f.family, 'other')) = max(coalesce(f.family, 'other'))
      then min(coalesce(f.family, 'other')) else 'multiple' end as family,
    bool_or(l.builder is not null) as builder
  from bet_legs l join events e on e.id = l.event_id left join fam f on f.t = l.market_type
  where l.bet_id in (select x.bet_id from x)
  group by l.bet_id`;

/** The market types' families as a relation `fam (t, family)` for a query's `with`. */
export const marketFamilies = (families: [number, string][]) =>
  sql`fam as (select * from jsonb_to_recordset(${JSON.stringify(
    families.map(([t, family]) => ({ t, family })),
  )}::jsonb) as f(t int, family text))`;
