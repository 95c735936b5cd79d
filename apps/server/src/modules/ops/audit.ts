import type { DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { createAuditRepository, type AuditFilter } from './audit.repository';
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

export type { AuditFilter } from './audit.repository';

/** Text PostgreSQL can store: a NUL byte (a hostile login's name) is written as the visible symbol ␀. */
const storable = (text: string) => text.replace(/\0/g, '\u2400');
const storableOrNull = (text: string | null | undefined) => (text == null ? null : storable(text));

/** The append-only log (a trigger refuses UPDATE and DELETE): written inside the action's transaction. */
export function createAuditLog(deps: { db: DbOrTx; clock: Clock }) {
  return {
    async record(entry: AuditEntry, tx: DbOrTx = deps.db): Promise<void> {
      const a = entry.actor;
      await createAuditRepository(tx).insert({
        at: new Date(deps.clock.now()),
        operatorId: 'operatorId' in a ? a.operatorId : null,
        actor: storable(a.username.slice(0, 100)),
        role: 'role' in a ? a.role : null,
        action: entry.action,
        target: storableOrNull(entry.target),
        brandId: entry.brandId ?? null,
        outcome: entry.outcome,
        status: entry.status,
        reason: storableOrNull(entry.reason),
        before: entry.before ?? null,
        after: entry.after ?? null,
        address: storableOrNull(entry.address),
      });
    },

    async list(f: AuditFilter) {
      const rows = await createAuditRepository(deps.db).list(f);
      return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
