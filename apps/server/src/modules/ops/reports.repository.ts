import type { OpsBookGroup, OpsBookReportRow, OpsCashoutReportRow, OpsCasinoGroup } from '@sb/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { betLegKeys, bookLines, marketFamilies } from './book-lines.repository';
import { casinoNames, casinoReport } from './casino-report.repository';
import { clientsReport } from './clients-report.repository';
import { num, rowsOf, type ReportRange } from './report-range';

export type { ReportRange } from './report-range';

/** A bet's type for the reports (`b` a bet and `k` its legs' keys, or no row: `none`). */
const betTypeOf = sql`case when b.id is null then 'none'
  when b.type = 3 then 'system' when b.type = 2 then 'multiple'
  when k.builder then 'builder' else 'single' end`;

/** Each group's SQL key over the book's lines `x` (their bet `b`, its legs' keys `k`). */
function groupKeys(group: OpsBookGroup, timeZone: string): SQL {
  switch (group) {
    case 'day':
      return sql`to_char(x.at at time zone ${timeZone}, 'YYYY-MM-DD')`;
    case 'brand':
      return sql`x.app_id`;
    case 'sport':
      return sql`coalesce(k.sport_id, 0)`;
    case 'competition':
      return sql`coalesce(k.competition_id, 0)`;
    case 'marketFamily':
      return sql`case when b.id is null then 'none' else coalesce(k.family, 'other') end`;
    case 'betType':
      return betTypeOf;
  }
}

/** The reports' SQL (issue 35 §4): read-only, over indexed ranges of placement and settlement times. */
export function createReportsRepository(db: Db, families: () => [number, string][] = () => []) {
  return {
    /** The book (`bookLines`) over the range, by the groups asked for and currency. */
    async book(range: ReportRange, groups: OpsBookGroup[]): Promise<Omit<OpsBookReportRow, 'holdBp'>[]> {
      const keys = groups.map((g) => sql`${groupKeys(g, range.timeZone)} as ${sql.identifier(`k_${g}`)}`);
      // The legs are read only for a group that needs them.
      const legs = groups.some(
        (g) => g === 'sport' || g === 'competition' || g === 'marketFamily' || g === 'betType',
      );
      const rows = await db.execute(sql`
        with ${marketFamilies(groups.includes('marketFamily') ? families() : [])},
        x as (${bookLines(range.from, range.to, range.brandId)}),
        k as (${legs ? betLegKeys : sql`select null::int as bet_id, 0 as sport_id, 0 as competition_id, '' as family, false as builder`}),
        lines as (
          select ${sql.join(keys, sql`, `)}, x.currency, x.turnover, x.bets, x.settled_stakes, x.paid, x.bonus_cost
          from x left join bets b on b.id = x.bet_id left join k on k.bet_id = x.bet_id
        )
        select ${sql.join(
          groups.map((g) => sql.identifier(`k_${g}`)),
          sql`, `,
        )}, currency,
               sum(turnover)::bigint as turnover, sum(bets)::int as bets,
               sum(settled_stakes)::bigint as settled_stakes, sum(paid)::bigint as paid,
               sum(bonus_cost)::bigint as bonus_cost
        from lines
        group by ${sql.join(
          groups.map((g) => sql.identifier(`k_${g}`)),
          sql`, `,
        )}, currency
        order by ${sql.join(
          groups.map((g) => sql.identifier(`k_${g}`)),
          sql`, `,
        )}, currency`);
      return rowsOf<Record<string, unknown>>(rows).map((r) => {
        const ggr = num(r.settled_stakes) - num(r.paid);
        return {
          ...(groups.includes('day') && { day: String(r.k_day) }),
          ...(groups.includes('brand') && { brandId: num(r.k_brand) }),
          ...(groups.includes('sport') && { sportId: num(r.k_sport) }),
          ...(groups.includes('competition') && { competitionId: num(r.k_competition) }),
          ...(groups.includes('marketFamily') && { marketFamily: String(r.k_marketFamily) }),
          ...(groups.includes('betType') && { betType: String(r.k_betType) as OpsBookReportRow['betType'] }),
          currency: String(r.currency),
          bets: num(r.bets),
          turnover: num(r.turnover),
          settledStakes: num(r.settled_stakes),
          paid: num(r.paid),
          ggr,
          bonusCost: num(r.bonus_cost),
          ngr: ggr - num(r.bonus_cost),
        };
      });
    },

    /**
     * Cash-outs and voids (every leg void, or an operator's void: `refund`, `cancelled`) per day of their settlement
     * and brand.
     */
    async cashouts(range: ReportRange): Promise<Omit<OpsCashoutReportRow, 'brand'>[]> {
      const brand = range.brandId === null ? sql`` : sql` and b.app_id = ${range.brandId}`;
      const rows = await db.execute(sql`
        select to_char(b.settled_at at time zone ${range.timeZone}, 'YYYY-MM-DD') as day, b.app_id, b.currency,
               count(*) filter (where b.status = 'cashout')::int as cashouts,
               coalesce(sum(b.total_stake) filter (where b.status = 'cashout'), 0)::bigint as cashout_stakes,
               coalesce(sum(b.paid) filter (where b.status = 'cashout'), 0)::bigint as cashout_paid,
               count(*) filter (where b.status in ('refund', 'cancelled'))::int as voids,
               coalesce(sum(b.total_stake) filter (where b.status in ('refund', 'cancelled')), 0)::bigint as void_stakes
        from bets b
        where b.settled_at >= ${range.from} and b.settled_at < ${range.to}
          and b.status in ('cashout', 'refund', 'cancelled')${brand}
        group by 1, 2, 3 order by 1, 2, 3`);
      return rowsOf<Record<string, unknown>>(rows).map((r) => ({
        day: String(r.day),
        brandId: num(r.app_id),
        currency: String(r.currency),
        cashouts: num(r.cashouts),
        cashoutStakes: num(r.cashout_stakes),
        cashoutPaid: num(r.cashout_paid),
        voids: num(r.voids),
        voidStakes: num(r.void_stakes),
      }));
    },

    /** The casino by the groups asked for and currency (casino-report.repository.ts). */
    casino: (range: ReportRange, groups: OpsCasinoGroup[]) => casinoReport(db, range, groups),
    casinoNames: (providerIds: number[], gameIds: number[]) => casinoNames(db, providerIds, gameIds),
    /** Winners, losers, new, active and self-excluded clients (clients-report.repository.ts). */
    clients: (range: ReportRange, now: Date) => clientsReport(db, range, now),

    /** A brand's name and time zone; null when there is no such brand. */
    async brand(id: number): Promise<{ name: string; timeZone: string } | null> {
      const rows = await db.execute(sql`select name, time_zone from apps where id = ${id}`);
      const row = rowsOf<{ name: string; time_zone: string }>(rows)[0];
      return row ? { name: row.name, timeZone: row.time_zone } : null;
    },

    /** The instant a calendar day starts in a time zone (`day` YYYY-MM-DD). */
    async dayStart(day: string, timeZone: string): Promise<Date> {
      const rows = await db.execute(sql`select (${day}::date::timestamp at time zone ${timeZone}) as at`);
      return new Date(rowsOf<{ at: string | Date }>(rows)[0]!.at);
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
