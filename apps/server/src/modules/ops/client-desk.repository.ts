import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
type Row = Record<string, unknown>;

/**
 * The client page's SQL: read-only over the identity, wallet, betting and limits modules' tables (the desk's
 * reporting exception, as desk.repository.ts). Rows come back as the driver gives them; client-desk.ts types them.
 */
export function createClientDeskRepository(db: Db) {
  return {
    async profile(userId: number): Promise<Row | undefined> {
      return rowsOf<Row>(
        await db.execute(sql`
          select u.id, u.app_id, a.name as brand, u.username, u.first_name, u.last_name, u.email, u.currency_iso,
                 u.language, u.created_at
          from users u left join apps a on a.id = u.app_id where u.id = ${userId} and u.role = 'ROLE_CLIENT'`),
      )[0];
    },

    async balances(userId: number) {
      return rowsOf<{ kind: string; currency: string; balance: number | string }>(
        await db.execute(sql`select kind, currency, balance from ledger_accounts
          where owner_id = ${userId} and kind in ('client_cash', 'client_bonus') order by kind`),
      );
    },

    /** The debt account keeps no row balance (it may go negative): its entries' sum, negative = owed. */
    async debts(userId: number) {
      return rowsOf<{ currency: string; owed: number | string }>(
        await db.execute(sql`select k.currency, coalesce(-sum(e.amount), 0)::bigint as owed
          from ledger_accounts k left join ledger_entries e on e.account_id = k.id
          where k.owner_id = ${userId} and k.kind = 'client_debt' group by k.currency order by k.currency`),
      );
    },

    /** The last 50 entries on the client's cash and bonus. */
    async transactions(userId: number): Promise<Row[]> {
      return rowsOf<Row>(
        await db.execute(sql`
          select m.id, m.type, m.created_at, e.amount, e.balance_after, k.kind
          from ledger_entries e
          join ledger_accounts k on k.id = e.account_id
          join ledger_movements m on m.id = e.movement_id
          where k.owner_id = ${userId} and k.kind in ('client_cash', 'client_bonus')
          order by e.id desc limit 50`),
      );
    },

    betTotals: (userId: number, statuses: string[]) => betTotals(db, userId, statuses),
    casinoTotals: (userId: number) => casinoTotals(db, userId),

    async gamblingLimits(userId: number): Promise<Row[]> {
      return rowsOf<Row>(
        await db.execute(sql`select type, period, amount, pending_amount, pending_from from gambling_limits
          where user_id = ${userId} order by type, period`),
      );
    },

    async gamblingSettings(userId: number): Promise<Row | undefined> {
      return rowsOf<Row>(
        await db.execute(sql`select reality_check_minutes, exclusion_kind, excluded_until from gambling_settings
          where user_id = ${userId}`),
      )[0];
    },
  };
}

/** Count, stakes and what was paid of the client's bets in these statuses. */
async function betTotals(db: Db, userId: number, statuses: string[]): Promise<Row | undefined> {
  return rowsOf<Row>(
    await db.execute(sql`
          select count(*)::int as bets, coalesce(sum(total_stake), 0)::bigint as stakes,
                 coalesce(sum(paid), 0)::bigint as paid
          from bets where user_id = ${userId} and status in (${sql.join(
            statuses.map((s) => sql`${s}`),
            sql`, `,
          )})`),
  )[0];
}

/** The casino's gross gaming revenue from the client and their stakes, from the ledger. */
async function casinoTotals(db: Db, userId: number): Promise<Row | undefined> {
  return rowsOf<Row>(
    await db.execute(sql`
          select coalesce(-sum(e.amount), 0)::bigint as ggr,
                 coalesce(-sum(e.amount) filter (where m.type = 'casino_stake'), 0)::bigint as stakes
          from ledger_entries e
          join ledger_accounts k on k.id = e.account_id
          join ledger_movements m on m.id = e.movement_id
          where k.owner_id = ${userId} and k.kind in ('client_cash', 'client_bonus')
            and m.type in ('casino_stake', 'casino_payout', 'casino_refund')`),
  )[0];
}
