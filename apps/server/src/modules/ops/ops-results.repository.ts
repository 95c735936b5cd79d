import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';

/* The one-form resulting's reads, in its transaction (a read-only report over the sports and betting tables). */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** How many bets (not rejected or cancelled) hold a selection of each market. */
export async function betsPerMarket(tx: DbOrTx, marketIds: number[]): Promise<Map<number, number>> {
  if (marketIds.length === 0) return new Map();
  const ids = sql.join(
    marketIds.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const rows = await tx.execute(sql`select s.market_id, count(distinct l.bet_id)::int as n
    from bet_legs l join selections s on s.id = l.selection_id join bets b on b.id = l.bet_id
    where s.market_id in (${ids}) and b.status not in ('rejected', 'cancelled') group by s.market_id`);
  return new Map(
    rowsOf<{ market_id: unknown; n: unknown }>(rows).map((r) => [Number(r.market_id), Number(r.n)]),
  );
}

/** Brand names of the apps that bets belong to. */
export async function brandNames(tx: DbOrTx, appIds: number[]): Promise<Map<number, string>> {
  if (appIds.length === 0) return new Map();
  const ids = sql.join(
    [...new Set(appIds)].map((id) => sql`${id}::int`),
    sql`, `,
  );
  const rows = await tx.execute(sql`select id, name from apps where id in (${ids})`);
  return new Map(rowsOf<{ id: unknown; name: unknown }>(rows).map((r) => [Number(r.id), String(r.name)]));
}

/** The markets among these an operator has suspended. */
export async function suspendedMarkets(tx: DbOrTx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const rows = await tx.execute(
    sql`select id from markets where id in (${list}) and operator_suspended is not null`,
  );
  return rowsOf<{ id: unknown }>(rows).map((r) => Number(r.id));
}
