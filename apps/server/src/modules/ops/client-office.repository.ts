import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { clientAdjustments, clientNotes, type AdjustmentStatus } from './client-office.tables';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
type Row = Record<string, unknown>;
export type AdjustmentRow = typeof clientAdjustments.$inferSelect;
export type NoteRow = typeof clientNotes.$inferSelect;

/** What a search looks for: the text's forms (lower-cased, LIKE-escaped), an id and an address when it is one. */
export interface ClientQuery {
  prefix: string;
  contains: string;
  id: number | null;
  ip: string | null;
}

/**
 * Issue 35 §2's SQL: the client search, the 360's logins, notes and adjustments, and the brands' approval amount.
 * Reads the identity, limits, betting and tenancy modules' tables read-only (the desk's reporting exception,
 * desk.repository.ts); writes only the ops tables of client-office.tables.ts.
 */
export function createClientOfficeRepository(db: DbOrTx) {
  return {
    /** A client's brand and currency, or undefined (no such client). */
    async clientRef(userId: number): Promise<{ app_id: number; currency_iso: string } | undefined> {
      return rowsOf<{ app_id: number; currency_iso: string }>(
        await db.execute(
          sql`select app_id, currency_iso from users where id = ${userId} and role = 'ROLE_CLIENT'`,
        ),
      )[0];
    },

    /** Clients matching by id, username or e-mail (prefix), name (part) or a bet's or login's address; newest first. */
    async search(q: ClientQuery, brandId: number | null, limit: number, offset: number): Promise<Row[]> {
      const byIp =
        q.ip === null
          ? sql`false`
          : sql`u.id in (select b.user_id from bets b where b.placed_ip = ${q.ip})
                or u.id in (select s.user_id from auth_sessions s where s.ip = ${q.ip})`;
      const byId = q.id === null ? sql`false` : sql`u.id = ${q.id}`;
      const name = sql`lower(u.first_name || ' ' || u.last_name)`;
      return rowsOf<Row>(
        await db.execute(sql`
          select u.id, u.app_id, a.name as brand, u.username, u.first_name, u.last_name, u.email, u.currency_iso,
                 u.created_at, (g.blocked_at is not null) as blocked,
                 case when ${byId} then 'id' when lower(u.username) like ${q.prefix} then 'username'
                      when lower(u.email) like ${q.prefix} then 'email' when ${name} like ${q.contains} then 'name'
                      else 'ip' end as matched,
                 (select coalesce(-sum(e.amount), 0)::bigint from ledger_entries e
                    join ledger_accounts k on k.id = e.account_id
                    where k.owner_id = u.id and k.kind = 'client_debt') as debt
          from users u left join apps a on a.id = u.app_id left join gambling_settings g on g.user_id = u.id
          where u.role = 'ROLE_CLIENT' ${brandId === null ? sql`` : sql`and u.app_id = ${brandId}`}
            and (${byId} or lower(u.username) like ${q.prefix} or lower(u.email) like ${q.prefix}
                 or ${name} like ${q.contains} or ${byIp})
          order by u.id desc limit ${limit} offset ${offset}`),
      );
    },

    /** The client's last logins (a login is an auth session), newest first. */
    async logins(userId: number, limit: number): Promise<Row[]> {
      return rowsOf<Row>(
        await db.execute(sql`select created_at, ip, user_agent, revoked_at from auth_sessions
          where user_id = ${userId} order by created_at desc limit ${limit}`),
      );
    },

    /** Everything the client staked on sports (open bets too; refused and cancelled ones never counted). */
    async lifetimeSportsStakes(userId: number): Promise<number> {
      const row = rowsOf<{ stakes: string | number }>(
        await db.execute(sql`select coalesce(sum(total_stake), 0)::bigint as stakes from bets
          where user_id = ${userId} and status not in ('rejected', 'cancelled')`),
      )[0];
      return Number(row?.stakes ?? 0);
    },

    /** The brand's amount above which an adjustment waits for a second operator. */
    async approvalAbove(appId: number): Promise<number> {
      const row = rowsOf<{ above: string | number }>(
        await db.execute(sql`select adjustment_approval_above as above from apps where id = ${appId}`),
      )[0];
      return Number(row?.above ?? 0);
    },

    notes: (userId: number, limit: number): Promise<NoteRow[]> =>
      db
        .select()
        .from(clientNotes)
        .where(eq(clientNotes.userId, userId))
        .orderBy(desc(clientNotes.id))
        .limit(limit),

    async insertNote(row: Omit<NoteRow, 'id'>): Promise<NoteRow> {
      return (await db.insert(clientNotes).values(row).returning())[0]!;
    },

    adjustments: (userId: number, limit: number): Promise<AdjustmentRow[]> =>
      db
        .select()
        .from(clientAdjustments)
        .where(eq(clientAdjustments.userId, userId))
        .orderBy(desc(clientAdjustments.id))
        .limit(limit),

    /** A new adjustment, or null when its key was used already (the caller answers the stored one). */
    async insertAdjustment(row: Omit<AdjustmentRow, 'id'>): Promise<AdjustmentRow | null> {
      const rows = await db.insert(clientAdjustments).values(row).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },

    async adjustmentByKey(appId: number, key: string): Promise<AdjustmentRow | null> {
      const rows = await db
        .select()
        .from(clientAdjustments)
        .where(and(eq(clientAdjustments.appId, appId), eq(clientAdjustments.idempotencyKey, key)));
      return rows[0] ?? null;
    },

    /** The adjustment locked for a decision (two approvers at once: one decides, the other sees it decided). */
    async lockAdjustment(id: number): Promise<AdjustmentRow | null> {
      const rows = await db
        .select()
        .from(clientAdjustments)
        .where(eq(clientAdjustments.id, id))
        .for('update');
      return rows[0] ?? null;
    },

    async decideAdjustment(
      id: number,
      decision: {
        status: AdjustmentStatus;
        decidedById: number | null;
        decidedBy: string | null;
        decisionReason: string | null;
        movementId: number | null;
        decidedAt: Date | null;
      },
    ): Promise<AdjustmentRow> {
      const rows = await db
        .update(clientAdjustments)
        .set(decision)
        .where(eq(clientAdjustments.id, id))
        .returning();
      return rows[0]!;
    },
  };
}

export type ClientOfficeRepository = ReturnType<typeof createClientOfficeRepository>;
