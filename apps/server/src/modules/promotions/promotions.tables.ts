import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Cents } from '@sb/betting';

/** What a campaign gives (issue 36); each kind's terms are checked by `promotions.terms.ts`. */
export type PromotionKind =
  'free_bet' | 'acca_insurance' | 'profit_boost' | 'odds_boost' | 'bonus' | 'cashback';
/** `active` grants and its rewards can be used; `paused` grants nothing new; `ended` is final. */
export type CampaignStatus = 'active' | 'paused' | 'ended';
/**
 * A reward's life: `available` → `reserved` (on an open bet) → `used` (the bet settled) — or back to `available`
 * (the bet void or rejected before the expiry) — or `expired` / `cancelled` (its campaign ended).
 * Bonus money: `available` while it runs, `used` once released to cash (`paid` = what was released), `expired`
 * once forfeited at its expiry. Cashback: written `used` when the client claims it (`paid` = what it paid); the
 * unique index (campaign, client) is what makes it claimable once.
 */
export type RewardStatus = 'available' | 'reserved' | 'used' | 'expired' | 'cancelled';

/**
 * A promotion of one brand and one product. `terms` is the kind's validated terms (amounts in minor units); the
 * campaign runs from `startsAt` to `endsAt` (grants only inside it).
 */
export const promotionCampaigns = pgTable(
  'promotion_campaigns',
  {
    id: serial('id').primaryKey(),
    /** The brand (tenancy app); no foreign key: modules do not reach each other's tables. */
    appId: integer('app_id').notNull(),
    kind: text('kind').$type<PromotionKind>().notNull(),
    name: text('name').notNull(),
    product: text('product').$type<'sport' | 'casino'>().notNull(),
    terms: jsonb('terms').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<CampaignStatus>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('promotion_campaigns_app_idx').on(t.appId, t.createdAt)],
);

/**
 * A reward granted to one client by a campaign (one per client and campaign: a repeated grant changes nothing).
 * `amount` is in the client's currency; `betId` is the bet that holds (or used) it; `paid` what it cost the house.
 */
export const promotionRewards = pgTable(
  'promotion_rewards',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => promotionCampaigns.id),
    appId: integer('app_id').notNull(),
    userId: integer('user_id').notNull(),
    kind: text('kind').$type<PromotionKind>().notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).$type<Cents>().notNull(),
    /** Lowest odds (thousandths) of the bet (a multiple: its combined odds). */
    minOddsThousandths: integer('min_odds_thousandths').notNull(),
    status: text('status').$type<RewardStatus>().notNull(),
    betId: integer('bet_id'),
    /** What the reward cost the house so far (a free bet's winnings), minor units. */
    paid: bigint('paid', { mode: 'number' })
      .$type<Cents>()
      .notNull()
      .default(0 as Cents),
    /** An odds boost: the stake its open and settled bets took so far (at most the terms' `maxStake`). */
    staked: bigint('staked', { mode: 'number' })
      .$type<Cents>()
      .notNull()
      .default(0 as Cents),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    grantedBy: text('granted_by').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('promotion_rewards_campaign_user_uq').on(t.campaignId, t.userId),
    index('promotion_rewards_user_idx').on(t.userId, t.status),
    index('promotion_rewards_bet_idx').on(t.betId),
  ],
);

/**
 * The stakes counted towards a bonus's wagering requirement (issue 36): one row per bonus and bet, written when
 * the bet settles (a correction never counts a bet twice).
 */
export const promotionWagering = pgTable(
  'promotion_wagering',
  {
    rewardId: integer('reward_id')
      .notNull()
      .references(() => promotionRewards.id),
    betId: integer('bet_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).$type<Cents>().notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.rewardId, t.betId] })],
);
