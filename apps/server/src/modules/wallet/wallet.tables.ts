import {
  bigint,
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
import type { Cents } from '@sb/betting';
import type { MovementType } from '@sb/contract';

/**
 * `client_debt`: what a client owes the house after a resettlement took back more than their cash (a receivable,
 * negative = owed; never on the cash balance, which stays ≥ 0). See wallet.service `clawback`.
 */
export type AccountKind = 'client_cash' | 'client_bonus' | 'client_debt' | 'house' | 'reseller';

/**
 * Ledger accounts. `balance` (minor units) is the running sum of the account's entries, kept in the same
 * transaction as the entries; accounts that may not go negative (client cash/bonus) are updated with a
 * conditional UPDATE so concurrent debits can never overdraw them. House and reseller are contra accounts
 * (negative = money handed out), their cached balance is not maintained (no hot row): sum their entries.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    /** The app (tenancy); no foreign key: modules do not reach each other's tables. */
    appId: integer('app_id').notNull(),
    kind: text('kind').$type<AccountKind>().notNull(),
    /** The client or reseller user; 0 for the app's house account. */
    ownerId: integer('owner_id').notNull(),
    currency: text('currency').notNull(),
    balance: bigint('balance', { mode: 'number' })
      .$type<Cents>()
      .notNull()
      .default(0 as Cents),
    allowNegative: boolean('allow_negative').notNull(),
  },
  (t) => [uniqueIndex('ledger_accounts_owner_uq').on(t.appId, t.kind, t.ownerId, t.currency)],
);

/** One money movement: two or more entries summing to zero, written in one transaction. */
export const ledgerMovements = pgTable(
  'ledger_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: integer('app_id').notNull(),
    /** Retrying with the same key returns this movement and moves nothing. */
    idempotencyKey: text('idempotency_key').notNull(),
    type: text('type').$type<MovementType>().notNull(),
    /** The client the movement is about (transactions list, limits, cashback). */
    userId: integer('user_id'),
    /** Translation key and params describing the movement. */
    info: jsonb('info').$type<{ key: string; params?: Record<string, string> }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_movements_idem_uq').on(t.appId, t.idempotencyKey),
    index('ledger_movements_user_type_idx').on(t.userId, t.type, t.createdAt),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    movementId: bigint('movement_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerMovements.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed minor units: + credits the account, − debits it. */
    amount: bigint('amount', { mode: 'number' }).$type<Cents>().notNull(),
    /** The account's balance after this entry (client accounts; null for contra accounts). */
    balanceAfter: bigint('balance_after', { mode: 'number' }).$type<Cents>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.createdAt),
    index('ledger_entries_movement_idx').on(t.movementId),
  ],
);

/**
 * Sports cashback claims: one per client and closed period (the calendar week, Monday 00:00 in the client's
 * zone). `betIds` are the settled bets the claim counted: a bet resettled later (its settlement moves into
 * another week) is never counted again.
 */
export const cashbackClaims = pgTable(
  'cashback_claims',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id').notNull(),
    userId: integer('user_id').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** Net loss of the counted bets and what was paid for it (minor units). */
    netLoss: bigint('net_loss', { mode: 'number' }).notNull(),
    amount: integer('amount').notNull(),
    betIds: integer('bet_ids').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('cashback_claims_user_period_uq').on(t.userId, t.periodStart)],
);
