import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { DeskRepository } from './desk.repository';
import type { Risk } from './risk';
import { tickerBets } from './ticker';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** Statuses of a bet whose money is final (rejected and cancelled bets returned their stake: no revenue). */
const SETTLED = ['win', 'loss', 'refund', 'cashout'];

/**
 * The back office's client page (issue 19 item 6), read-only over the identity, wallet, betting and limits
 * modules' tables (the desk's reporting exception, desk.repository.ts): profile, balances, open and settled
 * bets, transactions, responsible-gambling state, GGR, and the client's risk settings and effective limits.
 */
export function createClientDesk(deps: { db: Db; desk: DeskRepository; risk: Risk }) {
  const { db } = deps;
  return {
    /** The client's brand, or null for an unknown client (a brand-scoped operator's 404). */
    clientBrand: (id: number) => deps.desk.clientBrand(id),

    /** Clients whose username starts with `q` (case-insensitive), newest first. */
    async search(q: string, brandId: number | null, limit: number) {
      const like = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select u.id, u.app_id, a.name as brand, u.username, u.currency_iso, u.created_at,
                 (select coalesce(-sum(e.amount), 0)::bigint from ledger_entries e
                    join ledger_accounts k on k.id = e.account_id
                    where k.owner_id = u.id and k.kind = 'client_debt') as debt
          from users u left join apps a on a.id = u.app_id
          where u.role = 'ROLE_CLIENT' and lower(u.username) like ${like}
            ${brandId === null ? sql`` : sql`and u.app_id = ${brandId}`}
          order by u.id desc limit ${limit}`),
      );
      return rows.map((r) => ({
        id: Number(r.id),
        brand: { id: Number(r.app_id), name: String(r.brand ?? '') },
        username: String(r.username),
        currency: String(r.currency_iso),
        createdAt: iso(r.created_at),
        /** What the client owes the house (minor units, ≥ 0): a resettlement's shortfall not yet repaid. */
        debt: Number(r.debt ?? 0),
      }));
    },

    async page(userId: number) {
      const [profile] = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select u.id, u.app_id, a.name as brand, u.username, u.first_name, u.last_name, u.email, u.currency_iso,
                 u.language, u.created_at
          from users u left join apps a on a.id = u.app_id where u.id = ${userId} and u.role = 'ROLE_CLIENT'`),
      );
      if (!profile) return null;
      const balances = rowsOf<{ kind: string; currency: string; balance: number | string }>(
        await db.execute(sql`select kind, currency, balance from ledger_accounts
          where owner_id = ${userId} and kind in ('client_cash', 'client_bonus') order by kind`),
      );
      // The debt account keeps no row balance (it may go negative): its entries' sum, negative = owed.
      const debts = rowsOf<{ currency: string; owed: number | string }>(
        await db.execute(sql`select k.currency, coalesce(-sum(e.amount), 0)::bigint as owed
          from ledger_accounts k left join ledger_entries e on e.account_id = k.id
          where k.owner_id = ${userId} and k.kind = 'client_debt' group by k.currency order by k.currency`),
      );
      const transactions = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select m.id, m.type, m.created_at, e.amount, e.balance_after, k.kind
          from ledger_entries e
          join ledger_accounts k on k.id = e.account_id
          join ledger_movements m on m.id = e.movement_id
          where k.owner_id = ${userId} and k.kind in ('client_cash', 'client_bonus')
          order by e.id desc limit 50`),
      ).map((r) => ({
        id: Number(r.id),
        type: String(r.type),
        account: String(r.kind),
        amount: Number(r.amount),
        balanceAfter: r.balance_after == null ? null : Number(r.balance_after),
        at: iso(r.created_at),
      }));
      const [sports] = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select count(*)::int as bets, coalesce(sum(total_stake), 0)::bigint as stakes,
                 coalesce(sum(paid), 0)::bigint as paid
          from bets where user_id = ${userId} and status in (${sql.join(
            SETTLED.map((s) => sql`${s}`),
            sql`, `,
          )})`),
      );
      const [casino] = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select coalesce(-sum(e.amount), 0)::bigint as ggr,
                 coalesce(-sum(e.amount) filter (where m.type = 'casino_stake'), 0)::bigint as stakes
          from ledger_entries e
          join ledger_accounts k on k.id = e.account_id
          join ledger_movements m on m.id = e.movement_id
          where k.owner_id = ${userId} and k.kind in ('client_cash', 'client_bonus')
            and m.type in ('casino_stake', 'casino_payout', 'casino_refund')`),
      );
      const limits = rowsOf<Record<string, unknown>>(
        await db.execute(sql`select type, period, amount, pending_amount, pending_from from gambling_limits
          where user_id = ${userId} order by type, period`),
      ).map((r) => ({
        type: String(r.type),
        period: String(r.period),
        amount: r.amount == null ? null : Number(r.amount),
        pendingAmount: r.pending_amount == null ? null : Number(r.pending_amount),
        pendingFrom: r.pending_from == null ? null : iso(r.pending_from),
      }));
      const [settings] = rowsOf<Record<string, unknown>>(
        await db.execute(sql`select reality_check_minutes, exclusion_kind, excluded_until from gambling_settings
          where user_id = ${userId}`),
      );
      const appId = Number(profile.app_id);
      const [open, settled] = await Promise.all([
        tickerBets(deps.desk, { limit: 50, clientId: userId, statuses: ['waiting', 'pending'] }),
        tickerBets(deps.desk, {
          limit: 50,
          clientId: userId,
          statuses: [...SETTLED, 'rejected', 'cancelled'],
        }),
      ]);
      const stakes = Number(sports?.stakes ?? 0);
      const paid = Number(sports?.paid ?? 0);
      return {
        client: {
          id: userId,
          brand: { id: appId, name: String(profile.brand ?? '') },
          username: String(profile.username),
          name: `${String(profile.first_name ?? '')} ${String(profile.last_name ?? '')}`.trim(),
          email: String(profile.email ?? ''),
          currency: String(profile.currency_iso),
          language: String(profile.language),
          createdAt: iso(profile.created_at),
        },
        balances: balances.map((b) => ({ kind: b.kind, currency: b.currency, balance: Number(b.balance) })),
        /** Owed to the house per currency (minor units, > 0): repaid from the next deposits and winnings. */
        debt: debts.map((d) => ({ currency: d.currency, owed: Number(d.owed) })).filter((d) => d.owed > 0),
        risk: await deps.risk.client(userId),
        stakeLimits: await deps.risk.limits('stake', appId),
        responsibleGambling: {
          limits,
          realityCheckMinutes:
            settings?.reality_check_minutes == null ? null : Number(settings.reality_check_minutes),
          exclusion:
            settings?.exclusion_kind != null
              ? { kind: String(settings.exclusion_kind), until: iso(settings.excluded_until) }
              : null,
        },
        ggr: {
          sports: { bets: Number(sports?.bets ?? 0), stakes, paid, ggr: stakes - paid },
          casino: { stakes: Number(casino?.stakes ?? 0), ggr: Number(casino?.ggr ?? 0) },
        },
        openBets: open,
        settledBets: settled,
        transactions,
      };
    },
  };
}

export type ClientDesk = ReturnType<typeof createClientDesk>;
