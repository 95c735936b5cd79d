import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Cents, Odds } from '@sb/betting';
import type { BetStatusKey, OddsChangePolicy } from '@sb/contract';

/**
 * A placed bet. Money is integer minor units; `stakePerBet` × `combinations` = `totalStake`. `status` moves
 * pending → waiting → win | loss | refund | cashout (or pending → rejected), each step a conditional update
 * on the locked row, so settlement, cash-out and the live-delay check cannot both act.
 */
export const bets = pgTable(
  'bets',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id').notNull(),
    userId: integer('user_id').notNull(),
    /** 1 single, 2 multiple, 3 system. */
    type: integer('type').notNull(),
    systems: integer('systems').array().notNull(),
    status: text('status').$type<BetStatusKey>().notNull(),
    currency: text('currency').notNull(),
    /** Stake of one combination now (a partial cash-out lowers it). */
    stakePerBet: integer('stake_per_bet').$type<Cents>().notNull(),
    /** The stake first placed, per combination and in total. */
    placedStakePerBet: integer('placed_stake_per_bet').$type<Cents>().notNull(),
    totalStake: integer('total_stake').$type<Cents>().notNull(),
    combinations: integer('combinations').notNull(),
    /** Paid so far: the settlement payout (or refund) and cash-outs. */
    paid: integer('paid')
      .$type<Cents>()
      .notNull()
      .default(0 as Cents),
    cashedOut: integer('cashed_out')
      .$type<Cents>()
      .notNull()
      .default(0 as Cents),
    /** Settlement round: a corrected result reverses round n's payout and pays round n + 1. */
    settlementRound: integer('settlement_round').notNull().default(0),
    /** What the settlement of the current round paid (reversed on a correction). */
    settledPayout: integer('settled_payout')
      .$type<Cents>()
      .notNull()
      .default(0 as Cents),
    oddsPolicy: text('odds_policy').$type<OddsChangePolicy>().notNull(),
    confirmationType: integer('confirmation_type').notNull(),
    /** The client's Idempotency-Key of the placement (unique per client). */
    idempotencyKey: text('idempotency_key').notNull(),
    /** A digest of the placement request: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** A live bet's acceptance check is due then. */
    acceptAt: timestamp('accept_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    /** The Idempotency-Key of the last cash-out: a retried request changes nothing again. */
    lastCashoutKey: text('last_cashout_key'),
    /** What that last cash-out paid: its retry answers with the same amount. */
    lastCashoutPaid: integer('last_cashout_paid').$type<Cents>(),
  },
  (t) => [
    uniqueIndex('bets_user_key_uq').on(t.userId, t.idempotencyKey),
    index('bets_user_created_idx').on(t.userId, t.createdAt),
    index('bets_status_idx').on(t.status),
  ],
);

/** A leg of a bet: the selection and the odds it was accepted at (thousandths), and its result once known. */
export const betLegs = pgTable(
  'bet_legs',
  {
    betId: integer('bet_id')
      .notNull()
      .references(() => bets.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    selectionId: bigint('selection_id', { mode: 'number' }).notNull(),
    eventId: integer('event_id').notNull(),
    marketType: integer('market_type').notNull(),
    special: text('special').notNull(),
    outcome: text('outcome').notNull(),
    selectionName: text('selection_name').notNull(),
    oddsThousandths: integer('odds_thousandths').$type<Odds>().notNull(),
    isLive: boolean('is_live').notNull(),
    banker: boolean('banker').notNull(),
    /** 'win' | 'loss' | 'void' once the market is decided (as the last settlement used it). */
    result: text('result'),
  },
  (t) => [primaryKey({ columns: [t.betId, t.idx] }), index('bet_legs_selection_idx').on(t.selectionId)],
);
