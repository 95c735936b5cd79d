import { z } from 'zod';
import { dateTimeParamSchema, localeSchema, uidParamSchema } from './common';

/** Wallet, transactions, cashback and responsible-gambling limits. Amounts are integer minor units. */

const dateTime = dateTimeParamSchema;

/**
 * GET {api}/api/v1/user/transactions (bearer). Dates are ISO 8601 (a plain YYYY-MM-DD is midnight in
 * the user's time zone); both `rangeDateTime[from]`/`rangeDateTime[to]` and `from`/`to` are accepted.
 * `uid` of another client → 403.
 */
export const transactionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
  uid: uidParamSchema.optional(),
  'rangeDateTime[from]': dateTime.optional(),
  'rangeDateTime[to]': dateTime.optional(),
  from: dateTime.optional(),
  to: dateTime.optional(),
  _locale: localeSchema.optional(),
  locale: localeSchema.optional(),
  t: z.string().max(64).optional(),
});
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;

/** What kind of movement a transaction came from. */
export const MOVEMENT_TYPES = [
  'deposit',
  'withdrawal',
  'bet_stake',
  'bet_payout',
  'bet_refund',
  'cashout',
  'casino_stake',
  'casino_payout',
  /** A casino bet the game could not finish, given back (seamless-wallet rollback). */
  'casino_refund',
  'cashback',
  'bonus',
  /** A free bet's winnings (stake not returned): the operator's bonus cost (issue 36). */
  'freebet_win',
  /** An insured multiple that lost by exactly one leg: its stake back, capped (issue 36); a bonus cost. */
  'acca_insurance',
  /** A profit (or acca) boost's extra winnings on a won bet (issue 36); a bonus cost. */
  'profit_boost',
  /** An odds boost's bet won: what its boosted price pays above the normal price (issue 36); a bonus cost. */
  'odds_boost',
  /** Bonus money granted by a campaign (house → the client's bonus balance; issue 36). */
  'bonus_grant',
  /** The part of a stake paid from the bonus balance (cash first, then bonus). */
  'bonus_stake',
  /** The bonus share of a bet's payout (in proportion to its bonus stake), back to the bonus balance. */
  'bonus_win',
  /** Bonus money released to cash when its wagering is met: the operator's bonus cost. */
  'bonus_release',
  /** Bonus money forfeited (its expiry passed with the wagering unmet): back to the house. */
  'bonus_forfeit',
  /** Cashback of a promotions campaign, claimed by the client (issue 36): the operator's bonus cost. */
  'promotion_cashback',
  'adjustment',
] as const;
export const movementTypeSchema = z.enum(MOVEMENT_TYPES);
export type MovementType = z.infer<typeof movementTypeSchema>;

/** Spec §3 Transaction. `amount` is positive; `type.operator` says whether it added to or took from the balance. */
export const transactionSchema = z.object({
  id: z.number().int(),
  /** Translated description in the requested locale. */
  info: z.string(),
  /** ISO 8601 timestamp. */
  addedAt: z.string(),
  amount: z.number().int().nonnegative(),
  /** Amount formatted per the user's currency. */
  amountFormat: z.string(),
  /** Cash balance after this transaction (minor units). */
  balanceAfter: z.number().int(),
  type: z.object({ operator: z.enum(['+', '-']), key: movementTypeSchema }),
  /** The sports bet this movement belongs to (stake, payout, refund, cash-out, correction), else null. */
  betId: z.number().int().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionsResponseSchema = z.object({
  result: z.object({
    transactions: z.array(transactionSchema),
    pagination: z.object({
      page: z.number().int(),
      per_page: z.number().int(),
      totalCount: z.number().int(),
    }),
  }),
});
export type TransactionsResponse = z.infer<typeof transactionsResponseSchema>;

/**
 * GET {api}/api/v2/cashback/sports (bearer): what can be claimed now; POST (empty body) claims it and
 * answers the same shape with what is left (0 after a claim). Period: the last closed calendar week
 * (Monday 00:00 to Monday 00:00 in the user's time zone); only bets settled in it count, each once.
 */
export const cashbackResponseSchema = z.object({
  /** Claimable amount in minor units. */
  cashback: z.number().int().nonnegative(),
  /** The app's cashback percentage, e.g. 10 or 2.5. */
  percent: z.number().nonnegative(),
  /** Amount paid by this request (POST only; 0 on GET and on a repeated claim). */
  paid: z.number().int().nonnegative().optional(),
  /** The week the offer is for, [start, end) as ISO instants: the web shows each week's offer once. */
  periodStart: z.string().optional(),
  periodEnd: z.string().optional(),
});
export type CashbackResponse = z.infer<typeof cashbackResponseSchema>;

export const LIMIT_TYPES = ['stake', 'loss'] as const;
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export const limitTypeSchema = z.enum(LIMIT_TYPES);
export const limitPeriodSchema = z.enum(LIMIT_PERIODS);
export type LimitType = z.infer<typeof limitTypeSchema>;
export type LimitPeriod = z.infer<typeof limitPeriodSchema>;

/** One limit: `amount` null = no limit. A raise (or removal) waits 24 h: shown as pendingAmount/pendingFrom. */
export const limitSchema = z.object({
  type: limitTypeSchema,
  period: limitPeriodSchema,
  amount: z.number().int().nonnegative().nullable(),
  pendingAmount: z.number().int().nonnegative().nullable(),
  /** ISO time the pending raise takes effect, null when nothing is pending. */
  pendingFrom: z.string().nullable(),
});
export type Limit = z.infer<typeof limitSchema>;

/** Active time-out or self-exclusion: betting and casino play are blocked until `until`. */
export const exclusionSchema = z.object({
  kind: z.enum(['timeout', 'self_exclusion']),
  until: z.string(),
});
export type Exclusion = z.infer<typeof exclusionSchema>;

/** GET {api}/api/v1/user/limits (bearer) and the answer of PUT. Always lists all 6 type×period pairs. */
export const limitsResponseSchema = z.object({
  result: z.object({
    limits: z.array(limitSchema),
    /** Session reminder (reality check) interval in minutes; null = off. Changes apply at once. */
    realityCheckMinutes: z.number().int().nullable(),
    exclusion: exclusionSchema.nullable(),
  }),
});
export type LimitsResponse = z.infer<typeof limitsResponseSchema>;

/** PUT {api}/api/v1/user/limits (JSON): only the listed limits change; amount null removes a limit. */
export const limitsUpdateSchema = z.object({
  limits: z
    .array(
      z.object({
        type: limitTypeSchema,
        period: limitPeriodSchema,
        /**
         * Minor units, at least 1: a limit of 0 is refused (it would be a self-exclusion under another name;
         * the time-out and self-exclusion calls exist for that). null removes the limit.
         */
        amount: z
          .number()
          .int()
          .min(1, 'must be at least 0.01; to stop betting use a time-out or self-exclusion')
          .max(1_000_000_000_00)
          .nullable(),
      }),
    )
    .max(6)
    .default([]),
  realityCheckMinutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .nullable()
    .optional(),
});
export type LimitsUpdate = z.infer<typeof limitsUpdateSchema>;

/** GET {api}/api/v1/user/limits/summary (bearer): use of each limit in its current period. */
export const limitSummaryItemSchema = limitSchema.extend({
  used: z.number().int().nonnegative(),
  /** amount − used, never below 0; null when there is no limit. */
  remaining: z.number().int().nonnegative().nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
});
export type LimitSummaryItem = z.infer<typeof limitSummaryItemSchema>;

export const limitSummaryResponseSchema = z.object({
  result: z.object({
    items: z.array(limitSummaryItemSchema),
    realityCheckMinutes: z.number().int().nullable(),
    exclusion: exclusionSchema.nullable(),
  }),
});
export type LimitSummaryResponse = z.infer<typeof limitSummaryResponseSchema>;

/** POST {api}/api/v1/user/time-out (bearer): 24 h to 6 weeks. Answers limitsResponseSchema. */
export const timeOutRequestSchema = z.object({
  hours: z
    .number()
    .int()
    .min(24)
    .max(6 * 7 * 24),
});
/** POST {api}/api/v1/user/self-exclusion (bearer): 6 months or more (max 5 years). Answers limitsResponseSchema. */
export const selfExclusionRequestSchema = z.object({ months: z.number().int().min(6).max(60) });
export type TimeOutRequest = z.infer<typeof timeOutRequestSchema>;
export type SelfExclusionRequest = z.infer<typeof selfExclusionRequestSchema>;
