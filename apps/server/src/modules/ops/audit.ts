import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { auditLog } from './ops.tables';
import type { OperatorContext } from './operators';

export interface AuditEntry {
  actor: Pick<OperatorContext, 'operatorId' | 'username' | 'role'> | { username: string };
  action: string;
  target?: string | null;
  brandId?: number | null;
  outcome: 'ok' | 'refused';
  status: number;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
  address?: string | null;
}

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

/** The append-only log (a trigger refuses UPDATE and DELETE): written inside the action's transaction. */
export function createAuditLog(deps: { db: DbOrTx; clock: Clock }) {
  return {
    async record(entry: AuditEntry, tx: DbOrTx = deps.db): Promise<void> {
      const a = entry.actor;
      await tx.insert(auditLog).values({
        at: new Date(deps.clock.now()),
        operatorId: 'operatorId' in a ? a.operatorId : null,
        actor: a.username.slice(0, 100),
        role: 'role' in a ? a.role : null,
        action: entry.action,
        target: entry.target ?? null,
        brandId: entry.brandId ?? null,
        outcome: entry.outcome,
        status: entry.status,
        reason: entry.reason ?? null,
        before: entry.before ?? null,
        after: entry.after ?? null,
        address: entry.address ?? null,
      });
    },

    async list(f: AuditFilter) {
      const where: SQL[] = [];
      if (f.actor) where.push(eq(auditLog.actor, f.actor));
      if (f.action) where.push(eq(auditLog.action, f.action));
      if (f.outcome) where.push(eq(auditLog.outcome, f.outcome));
      if (f.from) where.push(gte(auditLog.at, f.from));
      if (f.to) where.push(lte(auditLog.at, f.to));
      if (f.before) where.push(lt(auditLog.id, f.before));
      if (f.brandId != null) where.push(eq(auditLog.brandId, f.brandId));
      const rows = await deps.db
        .select()
        .from(auditLog)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(auditLog.id))
        .limit(f.limit);
      return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
