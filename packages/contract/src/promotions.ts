import { z } from 'zod';
import { idParamSchema, idSchema } from './common';

/** Promotions (issue 36): campaigns on the desk, rewards in the app. Amounts are integer minor units. */

export const PROMOTION_KIND_IDS = [
  'free_bet',
  'acca_insurance',
  'profit_boost',
  'odds_boost',
  'bonus',
  'cashback',
] as const;
export const promotionKindSchema = z.enum(PROMOTION_KIND_IDS);
export type PromotionKindId = z.infer<typeof promotionKindSchema>;

export const CAMPAIGN_STATUSES = ['active', 'paused', 'ended'] as const;
export const campaignStatusSchema = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatusId = z.infer<typeof campaignStatusSchema>;

/** `offered`: an opt-in campaign the client may join (`POST /api/v1/bonuses/opt-in`); no reward row yet (id 0). */
export const REWARD_STATUSES = ['available', 'reserved', 'used', 'expired', 'cancelled', 'offered'] as const;
export const rewardStatusSchema = z.enum(REWARD_STATUSES);
export type RewardStatusId = z.infer<typeof rewardStatusSchema>;

/** A free bet's terms as the engine stores them (after its validator filled in the defaults). */
export const freeBetTermsViewSchema = z.object({
  product: z.literal('sport'),
  amount: z.number().int(),
  minOdds: z.number(),
  expiresInDays: z.number().int(),
  betTypes: z.array(z.number().int()),
  live: z.enum(['any', 'prematch', 'live']),
  sportIds: z.array(z.number().int()).optional(),
  description: z.object({ en: z.string(), tr: z.string() }).optional(),
});
export type FreeBetTermsView = z.infer<typeof freeBetTermsViewSchema>;

/** An acca insurance's terms: a multiple of `minLegs`+ legs at `minLegOdds`+ losing by one leg refunds its stake. */
export const accaInsuranceTermsViewSchema = z.object({
  product: z.literal('sport'),
  maxRefund: z.number().int(),
  minLegs: z.number().int(),
  minLegOdds: z.number(),
  expiresInDays: z.number().int(),
  description: z.object({ en: z.string(), tr: z.string() }).optional(),
});
export type AccaInsuranceTermsView = z.infer<typeof accaInsuranceTermsViewSchema>;

/** A profit (acca) boost's terms: `percent` more of a win's winnings, at most `maxBoost`. */
export const profitBoostTermsViewSchema = z.object({
  product: z.literal('sport'),
  percent: z.number().int(),
  maxBoost: z.number().int(),
  minLegs: z.number().int(),
  minLegOdds: z.number(),
  expiresInDays: z.number().int(),
  description: z.object({ en: z.string(), tr: z.string() }).optional(),
});

/**
 * An odds boost's terms: the selection `oddId` at `boostedOdd` (decimal) instead of its normal price, on singles
 * of at most `maxStake` (minor units) in all per client; automatic for every client of the brand while it runs.
 */
export const oddsBoostTermsViewSchema = z.object({
  product: z.literal('sport'),
  oddId: z.number().int(),
  boostedOdd: z.number(),
  maxStake: z.number().int(),
  expiresInDays: z.number().int(),
  description: z.object({ en: z.string(), tr: z.string() }).optional(),
});
export type OddsBoostTermsView = z.infer<typeof oddsBoostTermsViewSchema>;

/**
 * POST /ops/v1/promotions. `terms` is checked by the engine's validator (UK rules by default: wagering ≤ 10×, one
 * product, an expiry): a refusal is 400 `terms_refused` with `field` and `rule`.
 */
export const campaignCreateSchema = z.strictObject({
  kind: promotionKindSchema,
  brandId: idSchema,
  name: z.string().trim().min(1).max(120),
  terms: z.record(z.string(), z.unknown()),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
});
export type CampaignCreate = z.infer<typeof campaignCreateSchema>;

export const campaignStatusChangeSchema = z.strictObject({ status: campaignStatusSchema });
export const campaignGrantSchema = z.strictObject({
  clientIds: z.array(idSchema).min(1).max(500),
});
export const campaignListQuerySchema = z.object({ brandId: idParamSchema.optional() });

export const campaignSchema = z.object({
  id: z.number().int(),
  kind: promotionKindSchema,
  brandId: z.number().int(),
  brand: z.string(),
  name: z.string(),
  product: z.enum(['sport', 'casino']),
  terms: z.record(z.string(), z.unknown()),
  status: campaignStatusSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** Rewards granted, by status now (an available one past its expiry counts as expired). */
  uptake: z.object({
    granted: z.number().int(),
    available: z.number().int(),
    reserved: z.number().int(),
    used: z.number().int(),
    expired: z.number().int(),
  }),
  /** What its rewards cost so far (free bets' winnings): the bonus cost that NGR subtracts from GGR. */
  cost: z.number().int(),
  /** Bets placed with its rewards (placed, not pending, rejected or cancelled) and their stakes: its turnover. */
  bets: z.number().int(),
  turnover: z.number().int(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignResponseSchema = z.object({ result: campaignSchema });
/** Bonus money's terms (issue 36): `amount` on the bonus balance, released after `wagering` × it is staked. */
export const bonusTermsViewSchema = z.object({
  product: z.literal('sport'),
  amount: z.number().int(),
  wagering: z.number().int(),
  minOdds: z.number(),
  expiresInDays: z.number().int(),
  description: z.object({ en: z.string(), tr: z.string() }).optional(),
});
export type BonusTermsView = z.infer<typeof bonusTermsViewSchema>;

/** Cashback's terms: a rate (whole `percent` or `basisPoints`) of settled net sports losses in a period, capped. */
export const cashbackTermsViewSchema = z.object({
  product: z.literal('sport'),
  percent: z.number().int().optional(),
  basisPoints: z.number().int().optional(),
  maxAmount: z.number().int(),
  periodStart: z.string().optional(),
  periodEnd: z.string().optional(),
  payAs: z.literal('cash'),
  expiresInDays: z.number().int(),
  description: z.object({ en: z.string(), tr: z.string() }).optional(),
});
export type CashbackTermsView = z.infer<typeof cashbackTermsViewSchema>;

export const campaignListResponseSchema = z.object({ result: z.array(campaignSchema) });

/** A client's reward as the desk's client 360 lists it (`GET /ops/v1/clients/{id}/rewards`). */
export const clientRewardSchema = z.object({
  id: z.number().int(),
  kind: promotionKindSchema,
  campaignId: z.number().int(),
  campaign: z.string(),
  /** Minor units of `currency`: a free bet's stake, an insurance's or boost's cap, bonus money, a cashback paid. */
  amount: z.number().int(),
  currency: z.string(),
  status: rewardStatusSchema,
  /** What it has paid so far (winnings, refund, boost, release, cashback): the bonus cost. */
  paid: z.number().int(),
  betId: z.number().int().nullable(),
  grantedAt: z.string(),
  /** The operator who granted it, or `automatic`, `opt-in`, `client` (a cashback claimed). */
  grantedBy: z.string(),
  expiresAt: z.string(),
});
export type ClientReward = z.infer<typeof clientRewardSchema>;
export const clientRewardsResponseSchema = z.object({ result: z.array(clientRewardSchema) });
export const campaignGrantResponseSchema = z.object({
  result: z.object({
    campaignId: z.number().int(),
    /** Clients given the reward now; those the campaign had rewarded before are left as they were. */
    granted: z.array(z.number().int()),
    alreadyGranted: z.array(z.number().int()),
  }),
});

/** GET /api/v1/bonuses: the client's rewards, newest first. */
export const bonusSchema = z.object({
  id: z.number().int(),
  kind: promotionKindSchema,
  amount: z.number().int(),
  currency: z.string(),
  /** Decimal odds the bet (a multiple: its combined odds) must reach; an insurance: each leg. */
  minOdds: z.number(),
  expiresAt: z.string(),
  status: rewardStatusSchema,
  /** The bet that holds or used it. */
  betId: z.number().int().nullable(),
  /** What it paid so far (a free bet's winnings). */
  paid: z.number().int(),
  campaign: z.string(),
  terms: z.union([
    freeBetTermsViewSchema,
    accaInsuranceTermsViewSchema,
    profitBoostTermsViewSchema,
    oddsBoostTermsViewSchema,
    bonusTermsViewSchema,
    cashbackTermsViewSchema,
  ]),
  /**
   * The campaign. A cashback not claimed yet has no reward row: its `id` is 0, `amount` the cashback due now, and it
   * is claimed by this id (`POST /api/v1/bonuses/cashback`).
   */
  campaignId: z.number().int().optional(),
  /** A cashback not claimed yet: when its period ends and it may be claimed. */
  claimableAt: z.string().optional(),
  /** Bonus money: the stake to wager (minor units) and what settled bets counted so far. */
  wagering: z.object({ required: z.number().int(), counted: z.number().int() }).optional(),
  /** An odds boost: the stake (minor units) its client may still place at the boosted price. */
  remainingStake: z.number().int().optional(),
});
export type Bonus = z.infer<typeof bonusSchema>;
export const bonusesResponseSchema = z.object({ result: z.array(bonusSchema) });
export type BonusesResponse = z.infer<typeof bonusesResponseSchema>;

/** POST /api/v1/bonuses/opt-in: join an opt-in campaign; its reward is granted at once. */
export const optInSchema = z.strictObject({ campaignId: idSchema });
export const optInResponseSchema = z.object({
  result: z.object({
    campaignId: z.number().int(),
    rewardId: z.number().int(),
    /** False when the client had joined already (nothing more was given). */
    joined: z.boolean(),
  }),
});
export type OptInResponse = z.infer<typeof optInResponseSchema>;

/** POST /api/v1/bonuses/cashback: claim a cashback campaign's amount, once. */
export const cashbackClaimSchema = z.strictObject({ campaignId: idSchema });
export const cashbackClaimResponseSchema = z.object({
  result: z.object({
    campaignId: z.number().int(),
    rewardId: z.number().int(),
    /** What was paid (minor units): the first claim's amount on a repeated claim. */
    amount: z.number().int(),
    /** False on a repeated claim (it paid nothing more). */
    claimed: z.boolean(),
  }),
});
