import { z } from 'zod';
import { OPS_RISK_LABELS } from '@sb/contract';
import { HttpError } from '../../plugins/errors';
import type { PromotionKind } from './promotions.tables';

/**
 * The rules a campaign's terms must keep: the UK's (from January 2026) are every brand's default, and a brand may
 * only tighten them (`BrandPromotionRules`).
 */
export interface PromotionRules {
  /** Wagering requirement at most this many times the bonus. */
  maxWagering: number;
  /** A reward expires at most this many days after its grant (an expiry is always required). */
  maxExpiryDays: number;
}

export const UK_RULES: PromotionRules = { maxWagering: 10, maxExpiryDays: 90 };

/** A brand's own rules: only ever tighter than the UK default (a looser value is ignored). */
export function tighten(base: PromotionRules, brand: Partial<PromotionRules> | undefined): PromotionRules {
  return {
    maxWagering: Math.min(base.maxWagering, brand?.maxWagering ?? base.maxWagering),
    maxExpiryDays: Math.min(base.maxExpiryDays, brand?.maxExpiryDays ?? base.maxExpiryDays),
  };
}

export const PROMOTION_KINDS = [
  'free_bet',
  'acca_insurance',
  'profit_boost',
  'odds_boost',
  'bonus',
  'cashback',
] as const satisfies readonly PromotionKind[];
export const PRODUCTS = ['sport', 'casino'] as const;

/** Decimal odds with at most three decimals, at least 1.01. */
const decimalOdds = z
  .number()
  .min(1.01)
  .max(1000)
  .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, 'at most three decimals');

/**
 * Who gets a grantable reward (free bet, insurance, profit boost, bonus money) without a grant by hand:
 * `grant` (the default) only the clients an operator names; `new_clients` every client whose account is opened while
 * the campaign runs; `opt_in` every client who joins it from the promotions page while it runs. `segments` narrows
 * the automatic and opt-in ones to clients of those risk labels (default: every label); a grant by hand names
 * clients itself and ignores them.
 */
export const ELIGIBILITY = ['grant', 'new_clients', 'opt_in'] as const;
export type Eligibility = (typeof ELIGIBILITY)[number];
const eligibilityFields = {
  eligibility: z.enum(ELIGIBILITY).default('grant'),
  segments: z.array(z.enum(OPS_RISK_LABELS)).min(1).max(OPS_RISK_LABELS.length).optional(),
};

/** A free bet's terms: amount (minor units), minimum odds, what it may be used on, days until it expires. */
export const freeBetTermsSchema = z.strictObject({
  product: z.literal('sport'),
  amount: z.number().int().min(1).max(100_000_000),
  minOdds: decimalOdds,
  expiresInDays: z.number().int().min(1),
  /** Which bet types it may be used on (1 single, 2 multiple); default both. */
  betTypes: z
    .array(z.union([z.literal(1), z.literal(2)]))
    .min(1)
    .max(2)
    .default([1, 2]),
  /** Pre-match only, live only, or either (default). */
  live: z.enum(['any', 'prematch', 'live']).default('any'),
  /** Sports it may be used on (ids); default every sport. */
  sportIds: z.array(z.number().int().min(1)).max(50).optional(),
  /** In the player's languages (tr, en): shown on the promotions page. */
  description: z.strictObject({ en: z.string().max(500), tr: z.string().max(500) }).optional(),
  ...eligibilityFields,
});
export type FreeBetTerms = z.infer<typeof freeBetTermsSchema>;

/**
 * An acca insurance's terms: a multiple of at least `minLegs` legs, each at `minLegOdds` or more, that loses by
 * exactly one leg gets its stake back as cash, at most `maxRefund` (minor units).
 */
export const accaInsuranceTermsSchema = z.strictObject({
  product: z.literal('sport'),
  maxRefund: z.number().int().min(1).max(100_000_000),
  minLegs: z.number().int().min(2).max(25),
  minLegOdds: decimalOdds,
  expiresInDays: z.number().int().min(1),
  description: z.strictObject({ en: z.string().max(500), tr: z.string().max(500) }).optional(),
  ...eligibilityFields,
});
export type AccaInsuranceTerms = z.infer<typeof accaInsuranceTermsSchema>;

/**
 * A profit boost's terms (an acca boost: `minLegs` ≥ 2): a winning single or multiple of `minLegs`+ legs, each at
 * `minLegOdds`+, gets `percent` more of its winnings as cash, at most `maxBoost` (minor units).
 */
export const profitBoostTermsSchema = z.strictObject({
  product: z.literal('sport'),
  percent: z.number().int().min(1).max(100),
  maxBoost: z.number().int().min(1).max(100_000_000),
  minLegs: z.number().int().min(1).max(25),
  minLegOdds: decimalOdds,
  expiresInDays: z.number().int().min(1),
  description: z.strictObject({ en: z.string().max(500), tr: z.string().max(500) }).optional(),
  ...eligibilityFields,
});
export type ProfitBoostTerms = z.infer<typeof profitBoostTermsSchema>;

/**
 * An odds boost's terms: the selection `oddId` offered at `boostedOdd` (decimal, ≤ 3 decimals; above its price when
 * the campaign is created) on singles of at most `maxStake` (minor units) in all per client.
 */
export const oddsBoostTermsSchema = z.strictObject({
  product: z.literal('sport'),
  oddId: z.number().int().min(1),
  boostedOdd: decimalOdds,
  maxStake: z.number().int().min(1).max(100_000_000),
  expiresInDays: z.number().int().min(1),
  description: z.strictObject({ en: z.string().max(500), tr: z.string().max(500) }).optional(),
});
export type OddsBoostTerms = z.infer<typeof oddsBoostTermsSchema>;

/**
 * Bonus money's terms: `amount` (minor units) put on the client's bonus balance at the grant, released to cash
 * once the client's settled sports stakes at `minOdds`+ reach `wagering` × the amount before the expiry.
 */
export const bonusTermsSchema = z.strictObject({
  product: z.literal('sport'),
  amount: z.number().int().min(1).max(100_000_000),
  wagering: z.number().int().min(1),
  minOdds: decimalOdds,
  expiresInDays: z.number().int().min(1),
  description: z.strictObject({ en: z.string().max(500), tr: z.string().max(500) }).optional(),
  ...eligibilityFields,
});
export type BonusTerms = z.infer<typeof bonusTermsSchema>;

/**
 * Cashback's terms: `percent` (whole, 1–100) or `basisPoints` (1–10 000, exact: 1 250 = 12.5 %) — exactly one — of
 * the client's settled net sports losses in the period (`periodStart`–`periodEnd`, else the campaign's window), at
 * most `maxAmount` (minor units), paid as cash; claimable for `expiresInDays` after the period ends.
 */
export const cashbackTermsSchema = z
  .strictObject({
    product: z.literal('sport'),
    percent: z.number().int().min(1).max(100).optional(),
    basisPoints: z.number().int().min(1).max(10_000).optional(),
    maxAmount: z.number().int().min(1).max(100_000_000),
    periodStart: z.iso.datetime({ offset: true }).optional(),
    periodEnd: z.iso.datetime({ offset: true }).optional(),
    /** How it is paid: cash (the only way so far). */
    payAs: z.literal('cash').default('cash'),
    expiresInDays: z.number().int().min(1),
    description: z.strictObject({ en: z.string().max(500), tr: z.string().max(500) }).optional(),
  })
  .refine((t) => (t.percent === undefined) !== (t.basisPoints === undefined), {
    path: ['percent'],
    message: 'give percent or basisPoints, one of them',
  })
  .refine((t) => !t.periodStart || !t.periodEnd || Date.parse(t.periodStart) < Date.parse(t.periodEnd), {
    path: ['periodEnd'],
    message: 'the period ends after it starts',
  });
export type CashbackTerms = z.infer<typeof cashbackTermsSchema>;

const TERMS_OF: Record<PromotionKind, z.ZodType> = {
  cashback: cashbackTermsSchema,
  bonus: bonusTermsSchema,
  free_bet: freeBetTermsSchema,
  acca_insurance: accaInsuranceTermsSchema,
  profit_boost: profitBoostTermsSchema,
  odds_boost: oddsBoostTermsSchema,
};

export type RewardTerms =
  FreeBetTerms | AccaInsuranceTerms | ProfitBoostTerms | OddsBoostTerms | BonusTerms | CashbackTerms;

/** A refusal of terms: 400 naming the rule broken and the field. */
export const termsRefused = (rule: string, field: string, message: string) =>
  new HttpError(400, 'terms_refused', message, field, undefined, { rule });

const PRODUCT_FIELDS = ['product', 'qualifyingProduct', 'rewardProduct'] as const;

/**
 * The regulator's rules, checked on the raw terms before the kind's own shape, so a refusal names the rule:
 * - `single_product`: one product (sport or casino); a qualifying or reward product other than it mixes products
 *   (bet on sport, get casino spins) and is refused;
 * - `max_wagering`: a wagering requirement above the brand's maximum (UK: 10×);
 * - `expiry_required`: every reward expires, at most the brand's maximum of days after its grant.
 * Then, for cashback, `sports_only`: it is paid on sports losses, never casino.
 */
function checkRules(raw: Record<string, unknown>, rules: PromotionRules): void {
  const products = PRODUCT_FIELDS.filter((f) => raw[f] !== undefined).map((f) => raw[f]);
  if (products.length === 0 || raw.product === undefined)
    throw termsRefused('single_product', 'terms.product', 'name the one product: sport or casino');
  for (const p of products)
    if (typeof p !== 'string' || !(PRODUCTS as readonly string[]).includes(p))
      throw termsRefused(
        'single_product',
        'terms.product',
        'an offer is for one product, sport or casino, never both',
      );
  if (new Set(products).size > 1)
    throw termsRefused(
      'single_product',
      'terms.product',
      'an offer may not mix products: what qualifies and what is given must be the same product',
    );
  if (raw.wagering !== undefined) {
    const w = raw.wagering;
    if (typeof w !== 'number' || !Number.isFinite(w) || w < 0)
      throw termsRefused('max_wagering', 'terms.wagering', 'wagering is a number of times the bonus');
    if (w > rules.maxWagering)
      throw termsRefused(
        'max_wagering',
        'terms.wagering',
        `wagering may be at most ${rules.maxWagering}× the bonus`,
      );
  }
  const days = raw.expiresInDays;
  if (days === undefined || days === null)
    throw termsRefused('expiry_required', 'terms.expiresInDays', 'every reward needs an expiry (days)');
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > rules.maxExpiryDays)
    throw termsRefused(
      'expiry_required',
      'terms.expiresInDays',
      `a reward expires 1 to ${rules.maxExpiryDays} days after its grant`,
    );
}

/** The kind's terms, checked against the rules, then its shape (400 naming the field); defaults filled in. */
export function validateTerms(kind: PromotionKind, raw: unknown, rules: PromotionRules = UK_RULES) {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new HttpError(400, 'validation', 'terms must be an object', 'terms');
  checkRules(raw as Record<string, unknown>, rules);
  if (kind === 'cashback' && (raw as Record<string, unknown>).product !== 'sport')
    throw termsRefused(
      'sports_only',
      'terms.product',
      'cashback is paid on sports losses only, never on casino',
    );
  const parsed = TERMS_OF[kind].safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = ['terms', ...(issue?.path ?? []).map(String)].join('.');
    throw new HttpError(400, 'validation', `${field}: ${issue?.message ?? 'invalid'}`, field);
  }
  return parsed.data as RewardTerms;
}

/** A reward's amount (a free bet's stake, an insurance's cap, an odds boost's stake) and lowest odds (thousandths) by its terms. */
export function rewardShapeOf(terms: RewardTerms): { amount: number; minOdds: number } {
  if ('maxRefund' in terms) return { amount: terms.maxRefund, minOdds: terms.minLegOdds };
  if ('maxBoost' in terms) return { amount: terms.maxBoost, minOdds: terms.minLegOdds };
  if ('maxAmount' in terms) return { amount: terms.maxAmount, minOdds: 1 };
  if ('maxStake' in terms) return { amount: terms.maxStake, minOdds: terms.boostedOdd };
  return { amount: terms.amount, minOdds: terms.minOdds };
}
