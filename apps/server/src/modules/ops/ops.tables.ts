import type { OpsRole } from '@sb/contract';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The roles and what each may do are declared once, in the contract (`OPS_ROLE_GRANTS`). */
export type OperatorRole = OpsRole;

/**
 * A back-office operator. Not a client: its own table, its own sessions. `brandId` null = every brand; otherwise
 * the operator sees only that app's bets and clients. `totpSecret` is set at enrolment, `totpEnabled` once a
 * first code was confirmed.
 */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<OperatorRole>().notNull(),
    brandId: integer('brand_id'),
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** The last TOTP time step accepted: a code is good once (RFC 6238 §5.2). */
    totpLastStep: integer('totp_last_step'),
    /**
     * Second factors refused in a row (password right, code wrong, missing or replayed), counted on every instance
     * and address; a successful login sets it back to 0. From OPS_CODE_FREE_TRIES on, each one locks the second
     * factor until `totpLockedUntil` (doubling, at most OPS_CODE_LOCK_MAX_S).
     */
    totpFailures: integer('totp_failures').notNull().default(0),
    totpLockedUntil: timestamp('totp_locked_until', { withTimezone: true }),
    /** An admin reset the second factor (issue 35 §3): the next login opens an enrol-only session. */
    totpEnrolmentRequired: boolean('totp_enrolment_required').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The last successful login (password, and the code once enrolled). */
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('operators_username_uq').on(t.username)],
);

/** An operator's login: the bearer token is stored only as its sha256 hex. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    /** 'full', or 'enrol' (password right, second factor still to be enrolled: only the TOTP calls). */
    scope: text('scope').$type<'full' | 'enrol'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Idle end, pushed forward on use; never past `createdAt` + 8 h. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

/**
 * Every operator action and every refusal, append-only: the migration adds a trigger that refuses UPDATE and
 * DELETE. `actor` is the operator's username (or `automation` for OPERATOR_TOKEN, or the name a failed login gave).
 */
export const auditLog = pgTable(
  'ops_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    operatorId: integer('operator_id'),
    actor: text('actor').notNull(),
    role: text('role'),
    action: text('action').notNull(),
    target: text('target'),
    brandId: integer('brand_id'),
    outcome: text('outcome').$type<'ok' | 'refused'>().notNull(),
    status: integer('status').notNull(),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    address: text('address'),
  },
  (t) => [index('ops_audit_log_at_idx').on(t.at), index('ops_audit_log_actor_idx').on(t.actor)],
);
