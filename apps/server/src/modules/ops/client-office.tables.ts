import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Issue 35 §2: an operator's note on a client (append-only from the desk). */
export const clientNotes = pgTable(
  'ops_client_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    appId: integer('app_id').notNull(),
    operatorId: integer('operator_id'),
    /** The operator's username (the automation token has no operator row). */
    operator: text('operator').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ops_client_notes_user_idx').on(t.userId, t.id)],
);

export type AdjustmentStatus = 'pending' | 'posted' | 'rejected';

/**
 * Issue 35 §2: a manual adjustment of a client's cash (minor units: + credit, − debit). At or below the brand's
 * `adjustment_approval_above` it is posted at once (`posted`, `movement_id`); above it waits (`pending`) until a
 * second, different operator approves it (posted then) or rejects it. Unique per brand by the request's key.
 */
export const clientAdjustments = pgTable(
  'ops_client_adjustments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: integer('app_id').notNull(),
    userId: integer('user_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<AdjustmentStatus>().notNull(),
    requestedById: integer('requested_by_id'),
    requestedBy: text('requested_by').notNull(),
    decidedById: integer('decided_by_id'),
    decidedBy: text('decided_by'),
    decisionReason: text('decision_reason'),
    movementId: bigint('movement_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ops_client_adjustments_key_uq').on(t.appId, t.idempotencyKey),
    index('ops_client_adjustments_user_idx').on(t.userId, t.id),
  ],
);
