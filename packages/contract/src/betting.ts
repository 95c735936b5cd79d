import { z } from 'zod';
import { bigIdSchema, idSchema } from './common';
import { scoreSchema } from './feed';

/**
 * Betting calls of spec §7: checkBets, betPlace, bets, bet/detail, bet/results, bet-cash-out. Amounts are
 * integer minor units; odds are decimals with at most 3 places (as the player saw them).
 */

/** Odds-change policies (Sportradar MTS): refuse any change, accept any, accept only higher odds. */
export const ODDS_CHANGE_POLICIES = ['none', 'any', 'higher'] as const;
export type OddsChangePolicy = (typeof ODDS_CHANGE_POLICIES)[number];

/**
 * A referred bet's approval (issue 34): `open` while the desk decides, `offered` while the client decides on the
 * desk's lower stake, then how it ended.
 */
export const REFERRAL_STATES = [
  'open',
  'offered',
  'accepted',
  'rejected',
  'expired',
  'taken',
  'declined',
  'void',
] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];

/** A bet's referral as its client sees it. */
export const betReferralSchema = z.object({
  state: z.enum(REFERRAL_STATES),
  /** The desk's counter-offer: the lower total stake (minor units), while `offered` (and once taken). */
  offer_amount: z.number().int().nullable(),
  /** What the counter-offer returns if every leg wins (minor units), with it. */
  offer_earnings: z.number().int().nullable(),
  /** When an open referral or an offer ends by itself (rejected, the stake returned). */
  expires_at: z.string().nullable(),
});
export type BetReferral = z.infer<typeof betReferralSchema>;

/** A decimal odd as sent: at most 3 decimals, 1.001 … 10000. */
export const oddValueSchema = z
  .number()
  .min(1.001)
  .max(10_000)
  .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, 'at most 3 decimals');

/** One selection of a slip request (spec §3 "Bet placement items"). */
export const betItemSchema = z.object({
  eventId: idSchema,
  oddId: bigIdSchema,
  odd: oddValueSchema,
  banker: z.boolean().default(false),
  isLive: z.boolean().default(false),
  /** The slip entry's `exc` (spec §3): sent back as the slip holds it; the server's own check decides. */
  exc: z.number().int().min(0).max(2_147_483_647).optional(),
  /**
   * A bet builder entry (issue 37): the selections of its event, priced together (`odd` = the quoted builder
   * price). The server gives it its builder's selection id (`oddId`), by which its errors and checks are keyed.
   */
  builder: z
    .array(bigIdSchema)
    .min(2)
    .max(10)
    .refine((ids) => new Set(ids).size === ids.length, 'the same selection twice')
    .optional(),
});

/** A slip entry as sent: a selection (`oddId`) or a bet builder (`builder`), not both. */
export const betItemInputSchema = betItemSchema
  .extend({ oddId: bigIdSchema.optional() })
  .refine((b) => (b.oddId === undefined) !== (b.builder === undefined), {
    message: 'give oddId or builder (one of them)',
    path: ['oddId'],
  });

/** The body of checkBets and betPlace, after the bracket form (`bets[0][oddId]=…`) is decoded. */
export const slipRequestSchema = z.object({
  walletType: z.enum(['cash']).default('cash'),
  /** 1 single, 2 multiple, 3 system. */
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  bets: z.array(betItemSchema).min(1).max(25),
  /** System sizes (non-banker legs per combination); only with type 3. */
  systems: z.array(z.number().int().min(1).max(10)).max(10).default([]),
  /** Total stake in minor units. */
  amount: z.number().int().min(1).max(100_000_000_00),
  /** 2 quick bet (accept without a confirmation step), 1 normal. */
  confirmationType: z.union([z.literal(1), z.literal(2)]).default(1),
  /**
   * A reward of the client's (`GET /api/v1/bonuses`) the slip uses (issue 36): a free bet is the whole stake,
   * `amount` equals the free bet's amount.
   */
  bonusId: z.number().int().min(1).max(2_147_483_647).optional(),
});
export type SlipRequest = z.infer<typeof slipRequestSchema>;
/** The slip as sent (builder entries not yet given their selection id). */
export const slipInputSchema = slipRequestSchema.extend({
  bets: z.array(betItemInputSchema).min(1).max(25),
});
export type SlipInput = z.infer<typeof slipInputSchema>;

export const selectionCheckSchema = z.object({
  entity: z.object({ id: z.number().int(), playable_max_stake: z.number().int() }),
  eventId: z.number().int(),
  /** The current odd. */
  value: z.number(),
  /** 'ok' or one of BET_ERROR_CODES. */
  status: z.string(),
});

export const betErrorsSchema = z.object({
  /** Per selection (by oddId): why it cannot be taken. */
  bets: z.record(
    z.string(),
    z.object({ code: z.string(), message: z.string(), value: z.number().optional() }),
  ),
  /** Errors of the whole bet: stake, limits, balance, type. */
  general: z.array(
    z.object({
      code: z.string(),
      message: z.string(),
      field: z.string().optional(),
      /** The limit a stake error names (the most or least accepted total), minor units. */
      value: z.number().int().optional(),
      /** Which limit decided a stake error (client, market, event, sport, brand, platform). */
      limit: z.string().optional(),
      /** The client's stake factor when it is not 1 (every limit was multiplied by it). */
      stakeFactor: z.number().optional(),
    }),
  ),
});

/** POST {bsapi}/api/v1/checkBets (spec §7: maxStake, bets, error, errors.bets). */
export const checkBetsResponseSchema = z.object({
  /** The largest total stake the server accepts for this slip now, in minor units. */
  maxStake: z.number().int(),
  bets: z.array(selectionCheckSchema),
  error: z.literal('bet_error').nullable(),
  errors: betErrorsSchema,
  /** Bets this slip places and the stake each gets from `amount`. */
  betCount: z.number().int(),
  amountPerBet: z.number().int(),
  /** What the slip returns if it wins: the least and the most, minor units. */
  possibleEarnings: z.object({ min: z.number().int(), max: z.number().int() }),
});
export type CheckBetsResponse = z.infer<typeof checkBetsResponseSchema>;

/** A leg of a placed bet (spec §3 "Bet item"). */
export const betItemViewSchema = z.object({
  name: z.string(),
  selection: z.string(),
  selectionId: z.number().int(),
  specialValue: z.string(),
  fcName: z.string(),
  scName: z.string(),
  competition: z.string(),
  mid: z.number().int(),
  matchStartDate: z.string(),
  matchOnLive: z.boolean(),
  matchPeriodTime: z.number().int(),
  mData: z.object({ score: scoreSchema }),
  matchStats: z.object({ status: z.string() }),
  betData: z.object({ score: scoreSchema }),
  isLive: z.boolean(),
  banker: z.boolean(),
  /** The leg's result once known: 'win' | 'loss' | 'void', null while open. */
  oddResult: z.string().nullable(),
  oddValue: z.number(),
  oddType: z.number().int(),
  /** A bet builder's legs (issue 37): market and selection names, and each leg's result so far (null: open). */
  builder: z
    .array(
      z.object({
        selectionId: z.number().int(),
        name: z.string(),
        selection: z.string(),
        result: z.string().nullable(),
      }),
    )
    .optional(),
});

/** A bet (spec §3 "Bet"). */
export const betViewSchema = z.object({
  id: z.number().int(),
  type: z.object({ id: z.number().int(), name: z.enum(['single', 'multiple', 'system']) }),
  odd_count: z.number().int(),
  bet_count: z.number().int(),
  combinations: z.number().int(),
  systems: z.array(z.number().int()),
  created_at: z.string(),
  status: z.number().int(),
  result: z.object({ key: z.string() }),
  /** Total stake, minor units. */
  amount: z.number().int(),
  amount_per_bet: z.number().int(),
  currency: z.object({ iso_code: z.string(), symbol: z.string(), position: z.enum(['before', 'after']) }),
  /** Paid to the client so far (settlement, refund, cash-outs), minor units. */
  earnings: z.number().int(),
  /** What it returns if every leg wins, minor units. */
  calculated_earnings: z.number().int(),
  /** Cash-outs taken (partial or full), minor units. */
  cashed_out: z.number().int(),
  /** Why the bet was rejected after its live delay, when it was. */
  reject_reason: z.string().nullable(),
  /** A bet referred to the desk for approval (issue 34); null for one that never was. */
  referral: betReferralSchema.nullable(),
  items: z.array(betItemViewSchema),
});
export type BetView = z.infer<typeof betViewSchema>;

export const betResponseSchema = z.object({ result: betViewSchema });
export const betsResponseSchema = z.object({
  result: z.object({
    bets: z.array(betViewSchema),
    pagination: z.object({ page: z.number().int(), perPage: z.number().int(), totalCount: z.number().int() }),
  }),
});
export const betResultsResponseSchema = z.object({
  result: z.array(z.object({ id: z.number().int(), key: z.string(), name: z.string() })),
});

/** GET {bsapi}/api/v1/bet-cash-out/{id}: the current offer. */
export const cashOutQuoteSchema = z.object({
  betId: z.number().int(),
  /** The full cash-out value now (minor units); 0 when unavailable. */
  amount: z.number().int(),
  available: z.boolean(),
  /** Why it is unavailable: suspended, market_closed, live_delay, settled, lost. */
  reason: z.string().nullable(),
  /** The smallest partial cash-out accepted. */
  minPartial: z.number().int(),
});
export type CashOutQuote = z.infer<typeof cashOutQuoteSchema>;
export const cashOutQuoteResponseSchema = z.object({ result: cashOutQuoteSchema });

/** POST: cash out `amount` (default: all of it) if the price still holds within the tolerance. */
export const cashOutRequestSchema = z
  .object({
    /** Minor units to take now; absent = the whole value. */
    amount: z.number().int().min(1).max(100_000_000_00).optional(),
    /** The full value the player saw: the price must still be within the tolerance of it. */
    expected: z.number().int().min(1).max(100_000_000_00).optional(),
  })
  .default({});
export const cashOutResponseSchema = z.object({
  result: z.object({
    status: z.enum(['cashed_out', 'partial', 'price_changed', 'unavailable', 'replayed']),
    /** Paid now, minor units. */
    paid: z.number().int(),
    quote: cashOutQuoteSchema,
    bet: betViewSchema,
  }),
});

/** Bet builder (issue 37): legs of one football event priced together from the book's score grid. */
export const BUILDER_LEGS = { min: 2, max: 10 } as const;

/** `POST /api/v1/bet-builder/price`: the legs of one event (2–10 distinct selection ids). */
export const builderPriceRequestSchema = z.object({
  eventId: idSchema,
  oddIds: z
    .array(bigIdSchema)
    .min(BUILDER_LEGS.min)
    .max(BUILDER_LEGS.max)
    .refine((ids) => new Set(ids).size === ids.length, 'the same selection twice'),
});
export type BuilderPriceRequest = z.infer<typeof builderPriceRequestSchema>;

export const builderPriceResponseSchema = z.object({
  result: z.object({
    /** The builder's odd (2 decimals, never longer than the fair joint odd). */
    odd: z.number(),
    /** The legs priced, as sent. */
    oddIds: z.array(z.number().int()),
    /** Minor units: the most the builder takes (its legs' smallest limit). */
    maxStake: z.number().int(),
    /** The builder's selection id: its slip entry's `oddId`, by which checkBets and betPlace answer for it. */
    id: z.number().int(),
  }),
});

/** `POST /api/v1/bet-builder/compatible`: the legs picked so far (0–10). */
export const builderCompatibleRequestSchema = z.object({
  eventId: idSchema,
  oddIds: z
    .array(bigIdSchema)
    .max(BUILDER_LEGS.max)
    .refine((ids) => new Set(ids).size === ids.length, 'the same selection twice'),
});
export const builderCompatibleResponseSchema = z.object({
  /** Open builder selections of the event that can still be added (the picked legs not included). */
  result: z.object({ oddIds: z.array(z.number().int()) }),
});

/** The body of a 409 `incompatible`: the legs that cannot win together. */
export const builderConflictSchema = z.object({
  error: z.literal('incompatible'),
  message: z.string(),
  oddIds: z.array(z.number().int()),
});
