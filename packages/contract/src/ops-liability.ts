import { z } from 'zod';
import { opsBuilderLegSchema } from './ops-floor';

/**
 * The desk's liability answers (`/ops/v1/liability…`, the book, suspensions): what the book stands to lose on
 * an event's open bets, and what a suspension answers. Money in minor units.
 */
const int = () => z.number().int();
const names = z.object({ en: z.string(), tr: z.string() });
const brandRef = z.object({ id: int(), name: z.string() });
/** Every answer is `{ result }`. */
const answer = <T extends z.ZodType>(result: T) => z.object({ result });

/**
 * What the book stands to lose on an event, from its open bets (accepted, or in their live delay), per market
 * and selection:
 * - `stakes`: the stake of the combinations that hold the selection (a single's stake; a multiple's whole stake;
 *   a system's combinations that contain the leg), `bets`: how many bets hold it;
 * - `payoutIfWins`: what the book pays if the selection wins and every other leg wins too, less what it would pay
 *   with the selection lost (the worst case for a multiple, the exact payout for a single), from the odds each
 *   bet was accepted at, floored to the minor unit as settlement floors it;
 * - `net`: the market's stakes less `payoutIfWins`: the book's result on the market if this outcome happens
 *   (negative = a loss).
 * The event's `netRisk` is the sum over its markets of the worst outcome's net (0 when every outcome wins).
 */
export const opsSelectionLiabilitySchema = z.object({
  selectionId: int(),
  name: z.string(),
  /** The selection by name in both languages, as the player app names it (with the market's line). */
  label: names,
  outcome: z.string(),
  odd: z.number().nullable(),
  stakes: int(),
  bets: int(),
  payoutIfWins: int(),
  net: int(),
  /**
   * A bet builder (issue 37; market type 0, one "selection" per distinct builder): its selections by name with
   * their results so far; null for any other selection.
   */
  builder: z.array(opsBuilderLegSchema).nullable(),
  /**
   * Odds boosts (issue 36): the part of this selection's exposure taken at a boosted price — its bets, stakes and
   * payout if it wins (at the boosted price, included in the totals above), and that price; absent when none.
   */
  boosted: z.object({ odd: z.number(), bets: int(), stakes: int(), payoutIfWins: int() }).optional(),
  /**
   * Acca insurance (issue 36): the insured multiples holding this selection and what the book refunds them (their
   * stakes, each at most its insurance's cap) if this selection alone loses and every other leg wins; absent when
   * none. Not in `payoutIfWins` or `net`: it is paid when the selection loses.
   */
  insured: z.object({ bets: int(), refundIfLoses: int() }).optional(),
});
export type OpsSelectionLiability = z.infer<typeof opsSelectionLiabilitySchema>;

export const opsMarketLiabilitySchema = z.object({
  marketId: int().nullable(),
  marketType: int(),
  special: z.string(),
  /** The market by name with its line, in both languages (never its type number). */
  name: names,
  suspended: z.string().nullable(),
  disabled: z.boolean(),
  stakes: int(),
  bets: int(),
  worstNet: int(),
  selections: z.array(opsSelectionLiabilitySchema),
});
export type OpsMarketLiability = z.infer<typeof opsMarketLiabilitySchema>;

/** An event's liability: its open bets by market and selection, worst market first. */
export const opsEventLiabilitySchema = z.object({
  eventId: int(),
  event: z.string().nullable(),
  sportId: int().nullable(),
  bets: int(),
  stakes: int(),
  netRisk: int(),
  markets: z.array(opsMarketLiabilitySchema),
});
export type OpsEventLiability = z.infer<typeof opsEventLiabilitySchema>;

/** The matches list by net risk (worst first). */
export const opsMatchRiskSchema = z.object({
  eventId: int(),
  event: z.string(),
  sportId: int().nullable(),
  isLive: z.boolean(),
  bets: int(),
  stakes: int(),
  netRisk: int(),
});
export type OpsMatchRisk = z.infer<typeof opsMatchRiskSchema>;

/** `GET /ops/v1/liability`: one event's (with `eventId`) or the matches list. */
export const opsLiabilityResponseSchema = answer(
  z.union([opsEventLiabilitySchema, z.array(opsMatchRiskSchema)]),
);

/** How the liability book's events are ordered: worst case first, largest payout, stakes, bets, or start time. */
export const OPS_BOOK_SORTS = ['worst', 'payout', 'stakes', 'bets', 'start'] as const;
export type OpsBookSort = (typeof OPS_BOOK_SORTS)[number];

/**
 * A roll-up of open bets (accepted, or in their live delay): `bets` counts each bet once, `stakes` is their total
 * stake, `maxPayout` what they pay if every leg of each wins (the payout settlement would make, floored to the minor
 * unit), `worstCase` the book's result in its worst outcome (negative = a loss).
 */
const rollUp = { bets: int(), stakes: int(), maxPayout: int(), worstCase: int() };
const namedRef = z.object({ id: int(), name: names });

/** An event of the liability book: `worstCase` is the sum over its markets of the worst outcome's net. */
export const opsBookEventSchema = z.object({
  eventId: int(),
  /** Home - away. */
  event: z.string(),
  sport: namedRef,
  competition: namedRef,
  startAt: z.string(),
  isLive: z.boolean(),
  status: z.string(),
  ...rollUp,
});
export type OpsBookEvent = z.infer<typeof opsBookEventSchema>;

/**
 * `GET /ops/v1/liability/book`: the open book, filtered by sport, competition and start time. `book` is the filtered
 * book's bets once each, `worstCase` there being every open bet winning (stakes − maxPayout); a sport's and a
 * competition's roll-up counts each of its bets once and sums its events' worst cases; a client's roll-up sums the
 * client's bets (its `worstCase`: all of them winning). A multiple over two sports counts in both sports' roll-ups.
 */
export const opsLiabilityBookSchema = z.object({
  book: z.object(rollUp),
  /** How many events pass the filter (the list holds the first `limit` in the chosen order). */
  eventCount: int(),
  events: z.array(opsBookEventSchema),
  sports: z.array(namedRef.extend({ events: int(), ...rollUp })),
  competitions: z.array(namedRef.extend({ sport: namedRef, events: int(), ...rollUp })),
  clients: z.array(z.object({ id: int(), username: z.string(), brand: brandRef, ...rollUp })),
});
export type OpsLiabilityBook = z.infer<typeof opsLiabilityBookSchema>;
export const opsLiabilityBookResponseSchema = answer(opsLiabilityBookSchema);

export const opsMarketSuspensionResponseSchema = answer(
  z.object({ marketId: int(), eventId: int(), suspended: z.boolean(), reason: z.string().nullable() }),
);
export const opsEventSuspensionResponseSchema = answer(
  z.object({
    eventId: int(),
    /** How many markets changed. */
    markets: int(),
    suspended: z.boolean(),
    reason: z.string().nullable(),
  }),
);
/** `POST /ops/v1/selections/{id}/suspend|resume` (issue 34): one selection alone. */
export const opsSelectionSuspensionResponseSchema = answer(
  z.object({
    selectionId: int(),
    marketId: int(),
    eventId: int(),
    suspended: z.boolean(),
    reason: z.string().nullable(),
  }),
);
export type OpsSelectionSuspension = z.infer<typeof opsSelectionSuspensionResponseSchema>['result'];
export type OpsMarketSuspension = z.infer<typeof opsMarketSuspensionResponseSchema>['result'];
export type OpsEventSuspension = z.infer<typeof opsEventSuspensionResponseSchema>['result'];
