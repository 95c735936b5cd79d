import { z } from 'zod';

/**
 * The trading floor's `/ops/v1` answers (issue 34): the event navigator, the event view, a bet's detail and void,
 * and one-form resulting. The server's routes declare these as their response schemas; the desk reads the same
 * types. Money in minor units; names in both of the desk's languages (the desk shows names, never ids).
 */
const names = z.object({ en: z.string(), tr: z.string() });
const named = z.object({ id: z.number().int(), name: names });
const score = z.object({ home: z.number().int(), away: z.number().int() });

export const opsCatalogueEventSchema = z.object({
  id: z.number().int(),
  sport: named,
  region: named,
  competition: named,
  home: z.string(),
  away: z.string(),
  startAt: z.string(),
  /** not_started | live | ended | cancelled */
  status: z.string(),
  phase: z.string(),
  isLive: z.boolean(),
  /** The match minute (period time) while in play, else 0. */
  minute: z.number().int(),
  /** Null before kick-off. */
  score: score.nullable(),
});
export type OpsCatalogueEvent = z.infer<typeof opsCatalogueEventSchema>;

const counted = { events: z.number().int(), live: z.number().int() };
export const opsCatalogueTreeSchema = z.array(
  z.object({
    ...named.shape,
    ...counted,
    regions: z.array(
      z.object({
        ...named.shape,
        ...counted,
        competitions: z.array(z.object({ ...named.shape, ...counted })),
      }),
    ),
  }),
);
export type OpsCatalogueTree = z.infer<typeof opsCatalogueTreeSchema>;

/** `GET /ops/v1/catalogue`: the matching events (up to `limit`) and the tree sport › region › competition. */
export const opsCatalogueResponseSchema = z.object({
  result: z.object({
    /** How many events match (the tree's total); `events` holds the first `limit` of them. */
    total: z.number().int(),
    events: z.array(opsCatalogueEventSchema),
    tree: opsCatalogueTreeSchema,
  }),
});
export type OpsCatalogueResponse = z.infer<typeof opsCatalogueResponseSchema>;

/** The levels of an operator's limits (stake: all of them; liability: those `risk.ts` lists). */
export const OPS_LIMIT_LEVELS = ['platform', 'brand', 'sport', 'event', 'market', 'selection'] as const;
export type OpsLimitLevel = (typeof OPS_LIMIT_LEVELS)[number];
/** What names one limit (`GET` / `PUT /ops/v1/limits`; the event view lists its own). */
export const opsLimitKey = {
  kind: z.enum(['stake', 'liability']),
  level: z.enum(OPS_LIMIT_LEVELS),
  /** null = every brand. */
  brandId: z.number().int().nullable(),
  /** The sport, event, market or selection id (null for platform and brand). */
  refId: z.number().int().nullable(),
};
export const opsLimitSchema = z.object({ ...opsLimitKey, amount: z.number().int() });
export type OpsLimit = z.infer<typeof opsLimitSchema>;

/** What the book stands to lose on a selection from its open bets (the operator's brand, or every brand). */
const selectionLiability = z.object({
  bets: z.number().int(),
  stakes: z.number().int(),
  /** What the book pays if it wins (less what it pays if it loses): see OpsSelectionLiability. */
  payoutIfWins: z.number().int(),
  /** The market's stakes less `payoutIfWins`. */
  net: z.number().int(),
});

export const opsEventSelectionSchema = z.object({
  id: z.number().int(),
  outcome: z.string(),
  /** As the player app names it (its own naming code), in each language. */
  name: names,
  /** The price players are offered before their brand's margin (an operator's override while one runs). */
  price: z.number(),
  /** The model's price (differs from `price` while an override runs). */
  modelPrice: z.number(),
  overrideUntil: z.string().nullable(),
  /** open | suspended | closed | resulted */
  status: z.enum(['open', 'suspended', 'closed', 'resulted']),
  /** An operator's suspension of this selection alone (its reason code), null when none (issue 34). */
  suspendedBy: z.string().nullable(),
  result: z.string().nullable(),
  liability: selectionLiability,
});
export type OpsEventSelection = z.infer<typeof opsEventSelectionSchema>;

export const opsEventMarketSchema = z.object({
  id: z.number().int(),
  t: z.number().int(),
  /** The market's line (specifier), '' when it has none. */
  line: z.string(),
  /** The market type's name with its line, e.g. "Asian Handicap (-0.5)". */
  name: names,
  status: z.enum(['open', 'suspended', 'closed', 'resulted']),
  /** An operator's suspension reason code, null when none. */
  suspendedBy: z.string().nullable(),
  bets: z.number().int(),
  stakes: z.number().int(),
  /** The worst outcome's net for the book (≤ 0). */
  worstNet: z.number().int(),
  selections: z.array(opsEventSelectionSchema),
});
export type OpsEventMarket = z.infer<typeof opsEventMarketSchema>;

/** `GET /ops/v1/events/{id}`: the header and every market with every selection, bets or not. */
export const opsEventViewResponseSchema = z.object({
  result: z.object({
    event: opsCatalogueEventSchema.extend({
      /** Every open market is suspended by an operator (the whole event is). */
      suspended: z.boolean(),
      /** The feed producer's state: stale = silent past its limit (live markets then read as suspended). */
      producer: z.object({ stale: z.boolean() }),
    }),
    liability: z.object({ bets: z.number().int(), stakes: z.number().int(), netRisk: z.number().int() }),
    markets: z.array(opsEventMarketSchema),
    /**
     * The limits set on this event, its markets and its selections (issue 34): stake limits at the three levels,
     * liability limits on markets; every brand's and the operator's brand's (all of them for an all-brands one).
     */
    limits: z.array(opsLimitSchema),
  }),
});
export type OpsEventViewResponse = z.infer<typeof opsEventViewResponseSchema>;
export type OpsEventView = OpsEventViewResponse['result'];

/** A money movement of a bet, from the client's side (+ to the client, − from the client). */
export const opsBetMovementSchema = z.object({
  at: z.string(),
  /** stake | cashout | settle | reverse | void | rejected */
  kind: z.string(),
  amount: z.number().int(),
});

/**
 * A bet builder's leg (issue 37) as the desk shows it: a bet leg of market type 0 (`Bet Builder`) holds 2–10
 * selections of its event priced together; each by market (with its line) and selection name, and its result so
 * far (null while open; the builder wins when every one wins).
 */
export const opsBuilderLegSchema = z.object({
  selectionId: z.number().int(),
  market: names,
  selection: names,
  result: z.string().nullable(),
});
export type OpsBuilderLeg = z.infer<typeof opsBuilderLegSchema>;

export const opsBetLegSchema = z.object({
  idx: z.number().int(),
  event: z.object({
    id: z.number().int(),
    home: z.string(),
    away: z.string(),
    startAt: z.string().nullable(),
    status: z.string().nullable(),
    score: score.nullable(),
  }),
  market: z.object({ id: z.number().int().nullable(), t: z.number().int(), line: z.string(), name: names }),
  selection: z.object({ id: z.number().int(), outcome: z.string(), name: names }),
  oddsTaken: z.number(),
  /** The selection's price now (null once closed or gone). */
  oddsNow: z.number().nullable(),
  result: z.string().nullable(),
  live: z.boolean(),
  banker: z.boolean(),
  /** A bet builder leg's selections by name with their results (null for any other leg). */
  builder: z.array(opsBuilderLegSchema).nullable(),
});

/** `GET /ops/v1/bets/{id}/detail`: a bet with every leg by name, its money and timeline. */
export const OPS_BET_STEPS = [
  'placed',
  'accepted',
  'rejected',
  'settled',
  'reopened',
  'resettled',
  'cashed_out',
  'voided',
] as const;
export type OpsBetStep = (typeof OPS_BET_STEPS)[number];

export const opsBetDetailSchema = z.object({
  id: z.number().int(),
  brand: z.object({ id: z.number().int(), name: z.string() }),
  client: z.object({ id: z.number().int(), username: z.string() }),
  /** 1 single, 2 multiple, 3 system */
  type: z.number().int(),
  systems: z.array(z.number().int()),
  status: z.string(),
  currency: z.string(),
  stake: z.number().int(),
  stakePerBet: z.number().int(),
  combinations: z.number().int(),
  paid: z.number().int(),
  cashedOut: z.number().int(),
  placedAt: z.string(),
  /** A live bet's acceptance was due then (after its delay). */
  acceptAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /**
   * Where it was placed from: the client's address as the server saw it (behind its TRUST_PROXY setting) and its
   * browser's User-Agent; null for bets placed before they were recorded.
   */
  origin: z.object({ ip: z.string().nullable(), userAgent: z.string().nullable() }),
  /**
   * What happened to it, oldest first: placed; accepted (`delayMs` after placing: a live bet's delay, 0 at once);
   * rejected; settled (round 0) or resettled (a later round, after its settlement was reopened); reopened; cashed
   * out; voided.
   */
  timeline: z.array(
    z.object({
      at: z.string(),
      step: z.enum(OPS_BET_STEPS),
      delayMs: z.number().int().nullable(),
    }),
  ),
  legs: z.array(opsBetLegSchema),
  /** The bet's money movements in the ledger, oldest first (cash-outs among them). */
  movements: z.array(opsBetMovementSchema),
  /** The operators' actions on the bet (void), oldest first. */
  actions: z.array(
    z.object({ at: z.string(), actor: z.string(), action: z.string(), reason: z.string().nullable() }),
  ),
});
export type OpsBetDetail = z.infer<typeof opsBetDetailSchema>;
export const opsBetDetailResponseSchema = z.object({ result: opsBetDetailSchema });

/** `POST /ops/v1/bets/{id}/void`: what the void moved (nothing when it was already void). */
export const opsBetVoidResponseSchema = z.object({
  result: z.object({
    betId: z.number().int(),
    statusBefore: z.string(),
    status: z.string(),
    /** The settlement payout taken back (0 for an open bet). */
    reversed: z.number().int(),
    /** The stake given back. */
    refunded: z.number().int(),
    /** What the client's cash could not cover of `reversed`: booked as the client's debt. */
    debt: z.number().int(),
    /** It was void already: nothing moved. */
    unchanged: z.boolean(),
  }),
});
export type OpsBetVoid = z.infer<typeof opsBetVoidResponseSchema>['result'];

/** One market of an event resulted from one form: its outcome per selection. */
export const opsEventResultMarketSchema = z.object({
  marketId: z.number().int(),
  name: names,
  /** settled: decided by the facts; voided: undecidable and voided; open: undecidable and left open; already: resulted before. */
  outcome: z.enum(['settled', 'voided', 'open', 'already']),
  selections: z.array(
    z.object({
      id: z.number().int(),
      name: names,
      before: z.string().nullable(),
      after: z.string().nullable(),
    }),
  ),
  bets: z.number().int(),
});

/** `POST /ops/v1/events/{id}/result/preview|confirm`: every market's outcome and the money per brand. */
export const opsEventResultResponseSchema = z.object({
  result: z.object({
    eventId: z.number().int(),
    preview: z.boolean(),
    markets: z.array(opsEventResultMarketSchema),
    /** Markets the facts cannot decide (voided or left open, as asked). */
    undecided: z.array(z.number().int()),
    money: z.array(
      z.object({
        brand: z.object({ id: z.number().int(), name: z.string() }),
        currency: z.string(),
        bets: z.number().int(),
        /** What the brand pays its clients now (payouts and refunds, less reversals). */
        change: z.number().int(),
        reversed: z.number().int(),
        paidNow: z.number().int(),
        debt: z.number().int(),
        /** The total stakes of the bets this action left settled (won, lost or refunded). */
        stakes: z.number().int(),
        /** The book's result on them: their stakes less all they paid (payouts, refunds, cash-outs). */
        net: z.number().int(),
      }),
    ),
  }),
});
export type OpsEventResult = z.infer<typeof opsEventResultResponseSchema>['result'];
