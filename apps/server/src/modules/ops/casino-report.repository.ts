import type { OpsCasinoGroup, OpsCasinoReportRow } from '@sb/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { num, rowsOf, type ReportRange } from './report-range';

/** Each casino group's SQL key over the money lines `x`. */
function casinoKey(group: OpsCasinoGroup, timeZone: string): SQL {
  switch (group) {
    case 'day':
      return sql`to_char(x.at at time zone ${timeZone}, 'YYYY-MM-DD')`;
    case 'brand':
      return sql`x.app_id`;
    case 'provider':
      return sql`x.provider_id`;
    case 'game':
      return sql`x.game_id`;
  }
}

/**
 * The casino's money (issue 35 §4), from the seamless wallet's accepted transactions (`RS_OK`) — every game hosted
 * here and the crash game alike, each real-money bet, win and rollback is one row there, as in the ledger: a bet
 * adds a round and its stake on its day, a rollback takes them back on its day, a win adds what it paid. Money in
 * the row's currency; the RTP ratios are computed in `numeric` (exact decimals), rounded half up.
 */
export async function casinoReport(
  db: Db,
  range: ReportRange,
  groups: OpsCasinoGroup[],
): Promise<Omit<OpsCasinoReportRow, 'brand' | 'provider' | 'game'>[]> {
  const brand = range.brandId === null ? sql`` : sql` and t.app_id = ${range.brandId}`;
  const keys = groups.map((g) => sql.identifier(`k_${g}`));
  const keyList = keys.length === 0 ? sql`` : sql`${sql.join(keys, sql`, `)}, `;
  const rows = await db.execute(sql`
    with x as (
      select t.created_at as at, t.app_id, t.currency, g.id as game_id, g.provider_id, g.rtp_bp,
             case t.kind when 'bet' then 1 when 'rollback' then -1 else 0 end as rounds,
             case t.kind when 'bet' then t.amount when 'rollback' then -t.amount else 0 end as stake,
             case when t.kind = 'win' then t.amount else 0 end as win
      from casino_wallet_transactions t
      join casino_sessions s on s.id = t.session_id
      join casino_games g on g.id = s.game_id
      where t.created_at >= ${range.from} and t.created_at < ${range.to} and t.status = 'RS_OK'${brand}
    ), grouped as (
      select ${sql.join(
        groups.map((g) => sql`${casinoKey(g, range.timeZone)} as ${sql.identifier(`k_${g}`)}`),
        sql`, `,
      )}${groups.length === 0 ? sql`` : sql`, `}x.currency,
             sum(x.rounds)::bigint as rounds, sum(x.stake)::bigint as stakes, sum(x.win)::bigint as wins,
             sum(x.stake * x.rtp_bp::bigint)::numeric as weighted_rtp
      from x group by ${keyList}x.currency
    )
    select *,
           case when stakes > 0 then round(wins::numeric * 10000 / stakes) end as rtp_bp,
           case when stakes > 0 then round(weighted_rtp / stakes) end as theoretical_rtp_bp
    from grouped order by ${keyList}currency`);
  return rowsOf<Record<string, unknown>>(rows).map((r) => ({
    ...(groups.includes('day') && { day: String(r.k_day) }),
    ...(groups.includes('brand') && { brandId: num(r.k_brand) }),
    ...(groups.includes('provider') && { providerId: num(r.k_provider) }),
    ...(groups.includes('game') && { gameId: num(r.k_game) }),
    currency: String(r.currency),
    rounds: num(r.rounds),
    stakes: num(r.stakes),
    wins: num(r.wins),
    ggr: num(r.stakes) - num(r.wins),
    rtpBp: r.rtp_bp === null ? null : num(r.rtp_bp),
    theoreticalRtpBp: r.theoretical_rtp_bp === null ? null : num(r.theoretical_rtp_bp),
  }));
}

/** The names of the providers and games a casino report shows. */
export async function casinoNames(
  db: Db,
  providerIds: number[],
  gameIds: number[],
): Promise<{ providers: Map<number, string>; games: Map<number, { name: string; rtpBp: number }> }> {
  const providers = providerIds.length
    ? rowsOf<{ id: number; name: string }>(
        await db.execute(
          sql`select id, name from casino_providers where id in (${sql.join(
            providerIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        ),
      )
    : [];
  const games = gameIds.length
    ? rowsOf<{ id: number; name: string; rtp_bp: number }>(
        await db.execute(
          sql`select id, name, rtp_bp from casino_games where id in (${sql.join(
            gameIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        ),
      )
    : [];
  return {
    providers: new Map(providers.map((p) => [num(p.id), p.name])),
    games: new Map(games.map((g) => [num(g.id), { name: g.name, rtpBp: num(g.rtp_bp) }])),
  };
}
