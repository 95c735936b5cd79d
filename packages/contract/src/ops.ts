import { z } from 'zod';
import { ODDS_CHANGE_POLICIES } from './betting';
import { opsBuilderLegSchema, opsLimitKey, opsLimitSchema } from './ops-floor';

/**
 * The back office's `/ops/v1` answers that the server declares as its routes' response schemas and the trading desk
 * reads as its types: one definition for both sides (the trading floor's own are in `ops-floor.ts`). Every route of
 * `/ops/v1` declares its success answer (a test walks the OpenAPI document). Money in minor units.
 */
const int = () => z.number().int();
const names = z.object({ en: z.string(), tr: z.string() });
const score = z.object({ home: int(), away: int() });
const brandRef = z.object({ id: int(), name: z.string() });
/** Every answer is `{ result }`. */
const answer = <T extends z.ZodType>(result: T) => z.object({ result });

/**
 * The desk's roles (issue 35 §3). `risk`: trading controls (suspensions, prices, limits, clients' risk, referrals)
 * without results; `content`: brands, their catalogue and banners, no trading; `finance`: reads, and makes and
 * approves manual adjustments of clients' balances, no trading.
 */
export const OPS_ROLES = ['admin', 'trader', 'risk', 'support', 'content', 'finance'] as const;
export type OpsRole = (typeof OPS_ROLES)[number];

/**
 * What a role may do, each a word the access layer checks (`apps/server/src/modules/ops/access.ts`): `read` the
 * desk's views; `trade`: trading controls (suspend and resume, price overrides, limits, margins, a client's risk,
 * referrals, promotions); `settle`: results, voids and resettlements of markets and bets, and the simulator's
 * commands (which can finish a match); `manage` operators; `brands`: brands, their catalogue and banners; `note` on
 * a client; `clients`: block and unblock a client; `adjust`: manual adjustments and their approval; `accounts`: create
 * a client and reset a client's password (a one-time link each, never a password).
 */
export const OPS_PERMISSIONS = [
  'read',
  'trade',
  'settle',
  'manage',
  'brands',
  'note',
  'clients',
  'adjust',
  'reports',
  'accounts',
] as const;
export type OpsPermission = (typeof OPS_PERMISSIONS)[number];

/** Each role as its set of permissions, declared once: the server checks it, the desk shows it. */
export const OPS_ROLE_GRANTS: Readonly<Record<OpsRole, readonly OpsPermission[]>> = {
  support: ['read', 'note', 'accounts'],
  trader: ['read', 'trade', 'settle', 'note', 'clients', 'reports', 'accounts'],
  risk: ['read', 'trade', 'note', 'clients'],
  content: ['read', 'brands'],
  finance: ['read', 'note', 'adjust', 'reports'],
  admin: ['read', 'trade', 'settle', 'manage', 'brands', 'note', 'clients', 'adjust', 'reports', 'accounts'],
};
/** Whether a role grants a permission. */
export const opsRoleMay = (role: OpsRole, permission: OpsPermission): boolean =>
  OPS_ROLE_GRANTS[role].includes(permission);
export const OPS_RISK_LABELS = ['standard', 'vip', 'sharp', 'monitored'] as const;
export type OpsRiskLabel = (typeof OPS_RISK_LABELS)[number];
export const OPS_MARGIN_FAMILIES = [
  'main',
  'totals',
  'handicap',
  'periods',
  'corners',
  'cards',
  'players',
  'other',
  /** Bet builder prices (issue 37): a margin on top of the builder's own per-leg-count overround. */
  'builder',
] as const;

// --- session and operators -----------------------------------------------------------------------------------

/** `POST /ops/v1/session`: the bearer token (API clients) and the CSRF token of the cookie session (the desk). */
export const opsLoginResponseSchema = answer(
  z.object({
    token: z.string(),
    csrfToken: z.string(),
    role: z.enum(OPS_ROLES),
    brandId: int().nullable(),
    totpEnrolmentRequired: z.boolean(),
  }),
);
export type OpsLogin = z.infer<typeof opsLoginResponseSchema>['result'];

/** `GET /ops/v1/session`: the signed-in operator. */
export const opsSessionResponseSchema = answer(
  z.object({
    username: z.string(),
    role: z.enum(OPS_ROLES),
    brandId: int().nullable(),
    /** The brand's name (null: every brand). */
    brandName: z.string().nullable(),
    /** What the operator's role may do (issue 35 §3). */
    permissions: z.array(z.enum(OPS_PERMISSIONS)),
    totpEnabled: z.boolean(),
    totpEnrolmentRequired: z.boolean(),
    csrfToken: z.string(),
  }),
);
export type OpsSession = z.infer<typeof opsSessionResponseSchema>['result'];

export const opsOkResponseSchema = answer(z.object({ ok: z.boolean() }));

/** `POST /ops/v1/session/totp`: a new secret, its otpauth:// URI and a QR code (SVG). */
export const opsTotpEnrolmentResponseSchema = answer(
  z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() }),
);
export type OpsTotpEnrolment = z.infer<typeof opsTotpEnrolmentResponseSchema>['result'];
export const opsTotpConfirmResponseSchema = answer(z.object({ totpEnabled: z.boolean() }));

export const opsOperatorSchema = z.object({
  id: int(),
  username: z.string(),
  role: z.enum(OPS_ROLES),
  brandId: int().nullable(),
  /** The brand's name (null: every brand). */
  brandName: z.string().nullable(),
  totpEnabled: z.boolean(),
  /** A second factor reset by an admin: the operator enrols again at their next login. */
  totpEnrolmentRequired: z.boolean(),
  disabled: z.boolean(),
  /** The last successful login (ISO), null: never. */
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OpsOperator = z.infer<typeof opsOperatorSchema>;
export const opsOperatorsResponseSchema = answer(z.array(opsOperatorSchema));
export const opsOperatorResponseSchema = answer(opsOperatorSchema);

/** `GET /ops/v1/audit`: entries newest first. */
export const opsAuditRowSchema = z.object({
  id: int(),
  at: z.string(),
  operatorId: int().nullable(),
  actor: z.string(),
  role: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  brandId: int().nullable(),
  outcome: z.enum(['ok', 'refused']),
  status: int(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  address: z.string().nullable(),
});
export type OpsAuditRow = z.infer<typeof opsAuditRowSchema>;
export const opsAuditResponseSchema = answer(z.array(opsAuditRowSchema));

// --- ticker --------------------------------------------------------------------------------------------------

/** A bet as the ticker shows it (type S / E3 / Sy 2/4, payout, risk), with its legs. */
export const opsTickerBetSchema = z.object({
  id: int(),
  brand: brandRef,
  client: z.object({ id: int(), username: z.string() }),
  type: z.string(),
  status: z.string(),
  currency: z.string(),
  stake: int(),
  stakePerBet: int(),
  combinations: int(),
  potentialPayout: int(),
  /** What the book loses if every leg wins: the payout less the stake it keeps. */
  risk: int(),
  isLive: z.boolean(),
  createdAt: z.string(),
  selections: z.array(
    z.object({
      selectionId: int(),
      eventId: int(),
      event: z.string(),
      sportId: int().nullable(),
      marketId: int().nullable(),
      marketType: int(),
      special: z.string(),
      outcome: z.string(),
      name: z.string(),
      /** The market (with its line) and the selection by name, as the player app names them. */
      market: names,
      selection: names,
      /** The event's start, status and score (null before kick-off). */
      startAt: z.string().nullable(),
      eventStatus: z.string().nullable(),
      score: score.nullable(),
      odds: z.number(),
      isLive: z.boolean(),
      banker: z.boolean(),
      result: z.string().nullable(),
      /** A bet builder leg (market type 0): its selections by name with their results; null otherwise. */
      builder: z.array(opsBuilderLegSchema).nullable(),
    }),
  ),
});
export type OpsTickerBet = z.infer<typeof opsTickerBetSchema>;
export const opsTickerResponseSchema = answer(z.array(opsTickerBetSchema));
export const opsTickerBetResponseSchema = answer(opsTickerBetSchema);

/**
 * `GET /ops/v1/pick-lists?client=`: what the ticker's filters pick from by name — the brands the operator may see
 * (its own only, for a brand's operator), the sports, and the named client's username (null without `client`).
 * Clients themselves are found by name with `GET /ops/v1/clients?q=`.
 */
export const opsPickListsResponseSchema = answer(
  z.object({
    brands: z.array(brandRef),
    sports: z.array(z.object({ id: int(), name: names })),
    client: z.object({ id: int(), username: z.string(), brand: brandRef }).nullable(),
  }),
);
export type OpsPickLists = z.infer<typeof opsPickListsResponseSchema>['result'];

// --- simulator ---------------------------------------------------------------------------------------------------

export const opsFixturesResponseSchema = answer(
  z.array(
    z.object({
      id: int(),
      sportId: int(),
      status: z.string(),
      startAt: z.string(),
      periodTime: int(),
      score,
      speed: z.number().nullable(),
      paused: z.boolean(),
    }),
  ),
);

/** A queued simulator command: applied, failed (with its error) or still queued. */
export const opsCommandSchema = z.object({
  id: int(),
  status: z.enum(['applied', 'failed', 'queued']),
  error: z.string().nullable(),
});
const marketBrief = z.object({ id: int(), t: int(), s: z.string() });
/** A result command also says which markets it settled and which it voided. */
export const opsCommandResponseSchema = answer(
  opsCommandSchema.extend({
    markets: z.object({ settled: z.array(marketBrief), voided: z.array(marketBrief) }).optional(),
  }),
);
export const opsCommandStatusResponseSchema = answer(opsCommandSchema);

// --- trading controls, client risk, margins ---------------------------------------------------------------------

export const opsOverrideSchema = z.object({
  selectionId: int(),
  marketId: int(),
  eventId: int(),
  name: z.string(),
  odd: z.number(),
  modelOdd: z.number().nullable(),
  overrideUntil: z.string().nullable(),
  /** The event and market the selection belongs to, named (`GET /ops/v1/overrides` only). */
  market: names.nullable().optional(),
});
export type OpsOverride = z.infer<typeof opsOverrideSchema>;
export const opsOverridesResponseSchema = answer(z.array(opsOverrideSchema));
export const opsOverrideSetResponseSchema = answer(opsOverrideSchema.omit({ name: true, market: true }));
export const opsOverrideClearedResponseSchema = answer(
  opsOverrideSchema.pick({ selectionId: true, odd: true, modelOdd: true, overrideUntil: true }),
);
export type OpsOverrideSet = z.infer<typeof opsOverrideSetResponseSchema>['result'];
export type OpsOverrideCleared = z.infer<typeof opsOverrideClearedResponseSchema>['result'];

/** `GET /ops/v1/limits`: each limit with its brand's name and its target's (sport, event, market, selection). */
export const opsNamedLimitSchema = opsLimitSchema.extend({
  brandName: z.string().nullable(),
  target: names.nullable(),
});
export type OpsNamedLimit = z.infer<typeof opsNamedLimitSchema>;
export const opsLimitsResponseSchema = answer(z.array(opsNamedLimitSchema));
/** `PUT /ops/v1/limits`: the limit as it is now (amount null: removed). */
export const opsLimitSetResponseSchema = answer(z.object({ ...opsLimitKey, amount: int().nullable() }));

export const opsClientRiskSchema = z.object({
  userId: int(),
  /** Every stake limit is multiplied by it (1 = as set). */
  stakeFactor: z.number(),
  label: z.enum(OPS_RISK_LABELS),
  noLive: z.boolean(),
  noCashout: z.boolean(),
  /** The client's own limit per combination; null = none. */
  maxStake: int().nullable(),
  /** Issue 34: referral thresholds (minor units; they only tighten the brand's), null = the brand's. */
  referralStake: int().nullable(),
  referralPayout: int().nullable(),
  /** The client's live bet delay (ms) instead of the brand's; null = the brand's. */
  betDelayMs: int().nullable(),
  /** The desk's odds-change policy (the stricter of it and the client's own applies); null = the client's. */
  oddsPolicy: z.enum(ODDS_CHANGE_POLICIES).nullable(),
});
export type OpsClientRisk = z.infer<typeof opsClientRiskSchema>;
export const opsClientRiskResponseSchema = answer(opsClientRiskSchema);

export const opsClientRowSchema = z.object({
  id: int(),
  brand: brandRef,
  username: z.string(),
  currency: z.string(),
  createdAt: z.string(),
  /** Owed to the house (minor units, ≥ 0). */
  debt: int(),
});
export type OpsClientRow = z.infer<typeof opsClientRowSchema>;
export const opsClientsResponseSchema = answer(z.array(opsClientRowSchema));

/** `GET /ops/v1/clients/{id}`: the client page. */
export const opsClientPageSchema = z.object({
  client: opsClientRowSchema.omit({ debt: true }).extend({
    name: z.string(),
    email: z.string(),
    language: z.string(),
  }),
  balances: z.array(z.object({ kind: z.string(), currency: z.string(), balance: int() })),
  /** Owed to the house per currency (a resettlement's shortfall), repaid from deposits and winnings. */
  debt: z.array(z.object({ currency: z.string(), owed: int() })),
  risk: opsClientRiskSchema,
  stakeLimits: z.array(opsLimitSchema),
  responsibleGambling: z.object({
    limits: z.array(
      z.object({
        type: z.string(),
        period: z.string(),
        amount: int().nullable(),
        pendingAmount: int().nullable(),
        pendingFrom: z.string().nullable(),
      }),
    ),
    realityCheckMinutes: int().nullable(),
    exclusion: z.object({ kind: z.string(), until: z.string() }).nullable(),
  }),
  ggr: z.object({
    sports: z.object({ bets: int(), stakes: int(), paid: int(), ggr: int() }),
    casino: z.object({ stakes: int(), ggr: int() }),
  }),
  openBets: z.array(opsTickerBetSchema),
  settledBets: z.array(opsTickerBetSchema),
  transactions: z.array(
    z.object({
      id: int(),
      type: z.string(),
      account: z.string(),
      amount: int(),
      balanceAfter: int().nullable(),
      at: z.string(),
    }),
  ),
});
export type OpsClientPage = z.infer<typeof opsClientPageSchema>;
export const opsClientPageResponseSchema = answer(opsClientPageSchema);

const marginKey = {
  brandId: int(),
  /** null = every sport. */
  sportId: int().nullable(),
  /** null = every family. */
  family: z.enum(OPS_MARGIN_FAMILIES).nullable(),
};
export const opsMarginSchema = z.object({ ...marginKey, marginBp: int(), updatedAt: z.string() });
export type OpsMargin = z.infer<typeof opsMarginSchema>;
export const opsMarginsResponseSchema = answer(
  z.object({
    margins: z.array(opsMarginSchema),
    families: z.array(z.enum(OPS_MARGIN_FAMILIES)),
    sports: z.array(z.object({ id: int(), name: names })),
  }),
);
export type OpsMargins = z.infer<typeof opsMarginsResponseSchema>['result'];
export const opsMarginSetResponseSchema = answer(z.object({ ...marginKey, marginBp: int().nullable() }));
