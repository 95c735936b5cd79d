import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { auditLog } from './ops.tables';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditFilter {
  limit: number;
  actor?: string | undefined;
  action?: string | undefined;
  outcome?: 'ok' | 'refused' | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Only ids below this (paging back). */
  before?: number | undefined;
  /** An operator of one brand sees that brand's entries and its own. */
  brandId?: number | null;
}

/** The append-only audit log's SQL (a trigger refuses UPDATE and DELETE). */
export function createAuditRepository(db: DbOrTx) {
  return {
    async insert(row: typeof auditLog.$inferInsert): Promise<void> {
      await db.insert(auditLog).values(row);
    },

    /** Entries matching the filter, newest first. */
    list(f: AuditFilter): Promise<AuditRow[]> {
      const where: SQL[] = [];
      if (f.actor) where.push(eq(auditLog.actor, f.actor));
      if (f.action) where.push(eq(auditLog.action, f.action));
      if (f.outcome) where.push(eq(auditLog.outcome, f.outcome));
      if (f.from) where.push(gte(auditLog.at, f.from));
      if (f.to) where.push(lte(auditLog.at, f.to));
      if (f.before) where.push(lt(auditLog.id, f.before));
      if (f.brandId != null) where.push(eq(auditLog.brandId, f.brandId));
      return db
        .select()
        .from(auditLog)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(auditLog.id))
        .limit(f.limit);
    },
  };
}
