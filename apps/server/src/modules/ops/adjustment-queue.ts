import type { OpsAdjustmentQueueRow, OpsAdjustmentStatus } from '@sb/contract';
import type { Db } from '../../db/database';
import { createAdjustmentQueueRepository } from './adjustment-queue.repository';
import { sameOperator } from './client-office';
import type { OperatorContext } from './operators';

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/** Issue 35 §2's approvals queue: the adjustments waiting for a second operator, by name, the caller's marked. */
export function createAdjustmentQueue(db: Db) {
  const repo = createAdjustmentQueueRepository(db);
  return {
    async list(
      operator: OperatorContext,
      status: OpsAdjustmentStatus,
      brandId: number | null,
      limit: number,
    ): Promise<OpsAdjustmentQueueRow[]> {
      const rows = await repo.list(status, brandId, limit);
      return rows.map((r) => ({
        id: Number(r.id),
        clientId: r.user_id,
        amount: Number(r.amount),
        currency: r.currency,
        reason: r.reason,
        status: r.status,
        requestedBy: r.requested_by,
        decidedBy: r.decided_by,
        decisionReason: r.decision_reason,
        movementId: r.movement_id === null ? null : Number(r.movement_id),
        createdAt: iso(r.created_at),
        decidedAt: r.decided_at === null ? null : iso(r.decided_at),
        client: {
          id: r.user_id,
          username: r.username,
          name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
        },
        brand: { id: r.app_id, name: r.brand ?? '' },
        requestedByYou: sameOperator(
          { requestedById: r.requested_by_id, requestedBy: r.requested_by },
          operator,
        ),
      }));
    },
  };
}

export type AdjustmentQueue = ReturnType<typeof createAdjustmentQueue>;
