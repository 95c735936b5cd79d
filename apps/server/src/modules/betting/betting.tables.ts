import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Cents, Odds } from '@sb/betting';
import type { BetStatusKey, OddsChangePolicy, ReferralState } from '@sb/contract';
import { sql } from 'drizzle-orm';

/** Numbers every change of a bet's referral (`bets.referral_seq`): the desk's live topic reads past the last. */
export const betReferralSeq = pgSequence('bet_referral_seq');

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
    /**
     * A referred bet (issue 34, `referral.service.ts`): `open` while the desk decides, `offered` while the client
     * decides on a lower stake, then how it ended (accepted, rejected, expired, taken, declined, void). Null for a
     * bet that was never referred. Its bet stays `pending` with no `acceptAt` (the live delay's job skips it).
     */
    referral: text('referral').$type<ReferralState>(),
    /** Why it was referred: its stake or its potential payout passed the threshold. */
    referralReason: text('referral_reason').$type<'stake' | 'payout'>(),
    /** When an open referral (or an offer) is rejected by itself. */
    referralDueAt: timestamp('referral_due_at', { withTimezone: true }),
    /** The desk's counter-offer: the lower total stake the client may take. */
    offerStake: integer('offer_stake').$type<Cents>(),
    /** Bumped (from `bet_referral_seq`) on every change of the referral: the desk's live topic reads past it. */
    referralSeq: bigint('referral_seq', { mode: 'number' }),
    /**
     * The free bet (promotions' reward, issue 36) that is this bet's whole stake: no cash was debited, a win pays
     * the winnings without the stake (`freebet_win`), a void or rejection gives the reward back.
     */
    rewardId: integer('reward_id'),
    /**
     * What the reward is: `free_bet` (the whole stake, no cash), `acca_insurance` (cash staked, insured) or
     * `profit_boost` (cash staked, winnings boosted) or `odds_boost` (cash staked, a single at a boosted price).
     */
    rewardKind: text('reward_kind').$type<'free_bet' | 'acca_insurance' | 'profit_boost' | 'odds_boost'>(),
    /**
     * An odds boost's bet: the part of its current settlement's payout above what the normal price pays (paid as
     * `odds_boost`, the bonus cost); 0 otherwise.
     */
    boostPaid: bigint('boost_paid', { mode: 'number' })
      .$type<Cents>()
      .notNull()
      .default(0 as Cents),
    /**
     * The part of the stake paid from bonus money (issue 36: cash first, then bonus) and the bonus it came from;
     * the bet's payouts go back in the same proportion (`bonus_win`).
     */
    bonusStake: bigint('bonus_stake', { mode: 'number' })
      .$type<Cents>()
      .notNull()
      .default(0 as Cents),
    bonusRewardId: integer('bonus_reward_id'),
    /**
     * Where it was placed from (issue 34, the desk's bet detail): the client's address as the server sees it
     * (Fastify's `request.ip` behind its TRUST_PROXY setting, never a header taken on trust) and its User-Agent
     * (at most 300 characters). Null for bets placed before they were recorded.
     */
    placedIp: text('placed_ip'),
    placedAgent: text('placed_agent'),
  },
  (t) => [
    uniqueIndex('bets_user_key_uq').on(t.userId, t.idempotencyKey),
    index('bets_user_created_idx').on(t.userId, t.createdAt),
    index('bets_status_idx').on(t.status),
    index('bets_referral_due_idx')
      .on(t.referralDueAt)
      .where(sql`${t.referral} in ('open', 'offered')`),
    index('bets_referral_seq_idx').on(t.referralSeq),
    // The reports' ranges by placement and settlement time (issue 35 §4, migration 0031).
    index('bets_created_idx').on(t.createdAt),
    index('bets_settled_idx')
      .on(t.settledAt)
      .where(sql`${t.settledAt} is not null`),
  ],
);

/** What a bet builder leg stores: its selections (display) and the model its price stood on. */
export interface BuilderLegRecord {
  legs: { selectionId: number; marketType: number; special: string; outcome: string; name: string }[];
  /** `BuilderModel` of the sports module (inputs, ρ, the legs as the model names them). */
  model: unknown;
}

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
    /**
     * A bet builder leg (issue 37): its legs as the player saw them and the model inputs its price stood on at
     * placement (a void leg may settle the rest at their exact price from them, a brand's rule). Null otherwise.
     */
    builder: jsonb('builder').$type<BuilderLegRecord>(),
    /** A leg taken at an odds boost's price (issue 36): the normal price it had then (thousandths); else null. */
    baseOddsThousandths: integer('base_odds_thousandths').$type<Odds>(),
  },
  (t) => [primaryKey({ columns: [t.betId, t.idx] }), index('bet_legs_selection_idx').on(t.selectionId)],
);
