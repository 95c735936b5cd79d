import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { LimitPeriod, LimitType } from '@sb/contract';

/** A responsible-gambling limit of a client; a raise waits in pending_* until pending_from. */
export const gamblingLimits = pgTable(
  'gambling_limits',
  {
    userId: integer('user_id').notNull(),
    type: text('type').$type<LimitType>().notNull(),
    period: text('period').$type<LimitPeriod>().notNull(),
    /** Minor units; null = no limit. */
    amount: bigint('amount', { mode: 'number' }),
    pendingAmount: bigint('pending_amount', { mode: 'number' }),
    /** When the pending raise applies; null = nothing pending. */
    pendingFrom: timestamp('pending_from', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type, t.period] })],
);

/** Per-client settings: reality-check interval and the current time-out or self-exclusion. */
export const gamblingSettings = pgTable('gambling_settings', {
  userId: integer('user_id').primaryKey(),
  realityCheckMinutes: integer('reality_check_minutes'),
  exclusionKind: text('exclusion_kind').$type<'timeout' | 'self_exclusion'>(),
  excludedUntil: timestamp('excluded_until', { withTimezone: true }),
  /**
   * Issue 35: blocked by an operator (with their reason): the client logs in, withdraws and sees their history,
   * but every stake (bets, casino, crash) is refused with `account_blocked` until an operator unblocks them.
   */
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  blockedReason: text('blocked_reason'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
