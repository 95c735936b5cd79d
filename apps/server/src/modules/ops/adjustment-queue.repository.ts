import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import type { AdjustmentStatus } from './client-office.tables';

/** An adjustment of the queue with its client's and brand's names (snake_case, as PostgreSQL answers). */
export interface QueueRow {
  id: number | string;
  app_id: number;
  user_id: number;
  amount: number | string;
  currency: string;
  reason: string;
  status: AdjustmentStatus;
  requested_by_id: number | null;
  requested_by: string;
  decided_by: string | null;
  decision_reason: string | null;
  movement_id: number | string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
  username: string;
  first_name: string | null;
  last_name: string | null;
  brand: string | null;
}

/**
 * Issue 35 §2's approvals queue: adjustments by status (the brand's, or every brand's), with the client's and the
 * brand's names (the identity and tenancy tables read-only, the desk's reporting exception). Pending ones oldest
 * first (the longest waiting on top); decided ones newest decided first.
 */
export function createAdjustmentQueueRepository(db: DbOrTx) {
  return {
    async list(status: AdjustmentStatus, brandId: number | null, limit: number): Promise<QueueRow[]> {
      const order = status === 'pending' ? sql`j.id asc` : sql`j.decided_at desc, j.id desc`;
      const result = await db.execute(sql`
        select j.id, j.app_id, j.user_id, j.amount, j.currency, j.reason, j.status, j.requested_by_id,
               j.requested_by, j.decided_by, j.decision_reason, j.movement_id, j.created_at, j.decided_at,
               u.username, u.first_name, u.last_name, a.name as brand
        from ops_client_adjustments j
        join users u on u.id = j.user_id
        left join apps a on a.id = j.app_id
        where j.status = ${status} ${brandId === null ? sql`` : sql`and j.app_id = ${brandId}`}
        order by ${order} limit ${limit}`);
      return (result as unknown as { rows: QueueRow[] }).rows;
    },
  };
}
