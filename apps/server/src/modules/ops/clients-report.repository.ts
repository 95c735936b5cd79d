import { OPS_CLIENTS_TOP, type OpsClientReportRow } from '@sb/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { bookLines } from './book-lines.repository';
import { num, rowsOf, type ReportRange } from './report-range';

type ClientRow = Omit<OpsClientReportRow, 'brand'>;

/**
 * Each client's cash result over the range: sports bets settled in it (the book's settled stakes and paid, so the
 * sum over clients is the book's GGR, negated) and casino play in it (the seamless wallet's stakes less rollbacks,
 * and wins). One row per client and currency.
 */
function results(range: ReportRange) {
  const brand = range.brandId === null ? sql`` : sql` and t.app_id = ${range.brandId}`;
  return sql`
    with sports as (
      select b.user_id, x.currency, sum(x.settled_stakes)::bigint as stakes, sum(x.paid)::bigint as paid
      from (${bookLines(range.from, range.to, range.brandId)}) x join bets b on b.id = x.bet_id
      where x.bets = 0
      group by 1, 2
    ), casino as (
      select t.user_id, t.currency,
             sum(case t.kind when 'bet' then t.amount when 'rollback' then -t.amount else 0 end)::bigint as stakes,
             sum(case when t.kind = 'win' then t.amount else 0 end)::bigint as wins
      from casino_wallet_transactions t
      where t.created_at >= ${range.from} and t.created_at < ${range.to} and t.status = 'RS_OK'
        and t.user_id is not null${brand}
      group by 1, 2
    )
    select coalesce(s.user_id, c.user_id) as user_id, coalesce(s.currency, c.currency) as currency,
           coalesce(s.stakes, 0) as sports_stakes, coalesce(s.paid, 0) as sports_paid,
           coalesce(c.stakes, 0) as casino_stakes, coalesce(c.wins, 0) as casino_wins,
           coalesce(s.paid, 0) + coalesce(c.wins, 0) - coalesce(s.stakes, 0) - coalesce(c.stakes, 0) as net
    from sports s full join casino c on c.user_id = s.user_id and c.currency = s.currency`;
}

/** Top winners and losers per currency (ties by the client's id). */
async function topClients(db: Db, range: ReportRange): Promise<ClientRow[]> {
  const rows = await db.execute(sql`
    with r as (${results(range)}), ranked as (
      select r.*, u.app_id, u.username,
             row_number() over (partition by r.currency order by r.net desc, r.user_id) as win_rank,
             row_number() over (partition by r.currency order by r.net asc, r.user_id) as loss_rank
      from r join users u on u.id = r.user_id
    )
    select * from ranked
    where (win_rank <= ${OPS_CLIENTS_TOP} and net > 0) or (loss_rank <= ${OPS_CLIENTS_TOP} and net < 0)
    order by currency, net desc, user_id`);
  return rowsOf<Record<string, unknown>>(rows).map((r) => {
    const winner = num(r.net) > 0;
    return {
      section: winner ? 'winners' : 'losers',
      rank: num(winner ? r.win_rank : r.loss_rank),
      userId: num(r.user_id),
      username: String(r.username),
      brandId: num(r.app_id),
      currency: String(r.currency),
      sportsStakes: num(r.sports_stakes),
      sportsPaid: num(r.sports_paid),
      casinoStakes: num(r.casino_stakes),
      casinoWins: num(r.casino_wins),
      net: num(r.net),
    };
  });
}

/**
 * Counts per brand and the clients' currency: `new` registered in the range; `active` placed a bet (accepted) or a
 * casino bet in it; `selfExcluded` self-excluded now (`clients`) and of those, the exclusion set in the range
 * (`inRange`: the settings row last changed in it — the exclusion's start is not stored apart).
 */
async function clientCounts(db: Db, range: ReportRange, now: Date): Promise<ClientRow[]> {
  const brand = range.brandId === null ? sql`` : sql` and u.app_id = ${range.brandId}`;
  const rows = await db.execute(sql`
    select 'new' as section, u.app_id, u.currency_iso as currency, count(*)::int as clients, null::int as in_range
    from users u where u.created_at >= ${range.from} and u.created_at < ${range.to}${brand}
    group by 2, 3
    union all
    select 'active', u.app_id, u.currency_iso, count(*)::int, null
    from users u
    where u.id in (
      select b.user_id from bets b where b.created_at >= ${range.from} and b.created_at < ${range.to}
        and b.status not in ('pending', 'rejected')
      union
      select t.user_id from casino_wallet_transactions t
      where t.kind = 'bet' and t.status = 'RS_OK' and t.created_at >= ${range.from} and t.created_at < ${range.to}
    )${brand}
    group by 2, 3
    union all
    select 'selfExcluded', u.app_id, u.currency_iso, count(*)::int,
           count(*) filter (where g.updated_at >= ${range.from} and g.updated_at < ${range.to})::int
    from gambling_settings g join users u on u.id = g.user_id
    where g.exclusion_kind = 'self_exclusion' and g.excluded_until > ${now}${brand}
    group by 2, 3
    order by 1, 2, 3`);
  return rowsOf<Record<string, unknown>>(rows).map((r) => ({
    section: String(r.section) as ClientRow['section'],
    brandId: num(r.app_id),
    currency: String(r.currency),
    clients: num(r.clients),
    ...(r.in_range !== null && { inRange: num(r.in_range) }),
  }));
}

/** The clients report (issue 35 §4): winners and losers first, then the counts. */
export async function clientsReport(db: Db, range: ReportRange, now: Date): Promise<ClientRow[]> {
  const order = ['winners', 'losers', 'new', 'active', 'selfExcluded'];
  const rows = [...(await topClients(db, range)), ...(await clientCounts(db, range, now))];
  const ranked = (r: ClientRow) => r.section === 'winners' || r.section === 'losers';
  return rows.sort(
    (a, b) =>
      order.indexOf(a.section) - order.indexOf(b.section) ||
      (ranked(a) ? a.currency.localeCompare(b.currency) || (a.rank ?? 0) - (b.rank ?? 0) : 0),
  );
}
