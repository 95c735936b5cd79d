import { z } from 'zod';

/**
 * The desk's results workspace answers (`/ops/v1/results…`): events and markets to result, and the report of a
 * result (or a resettlement) applied. Money in minor units.
 */
const int = () => z.number().int();
const names = z.object({ en: z.string(), tr: z.string() });
const score = z.object({ home: int(), away: int() });
/** Every answer is `{ result }`. */
const answer = <T extends z.ZodType>(result: T) => z.object({ result });

/** An event of the results workspace, with its markets' and bets' counts. */
export const opsResultsEventSchema = z.object({
  eventId: int(),
  sportId: int(),
  status: z.string(),
  startAt: z.string(),
  home: z.string(),
  away: z.string(),
  score: score.nullable(),
  markets: int(),
  unresolved: int(),
  openBets: int(),
  settledBets: int(),
  stakes: int(),
});
export type OpsResultsEvent = z.infer<typeof opsResultsEventSchema>;
export const opsResultsEventsResponseSchema = answer(z.array(opsResultsEventSchema));

export const opsResultsMarketSchema = z.object({
  marketId: int(),
  t: int(),
  s: z.string(),
  name: names,
  state: z.enum(['open', 'closed', 'resolved']),
  openBets: int(),
  settledBets: int(),
  selections: z.array(
    z.object({
      id: int(),
      outcome: z.string(),
      name: z.string(),
      odd: z.number(),
      result: z.string().nullable(),
    }),
  ),
});
export type OpsResultsMarket = z.infer<typeof opsResultsMarketSchema>;
export const opsResultsMarketsResponseSchema = answer(
  z.object({ eventId: int(), markets: z.array(opsResultsMarketSchema) }),
);
export type OpsResultsMarkets = z.infer<typeof opsResultsMarketsResponseSchema>['result'];

/** A market's result, void or resettlement (or its preview): each selection's change and every bet's money. */
export const opsResultReportSchema = z.object({
  marketId: int(),
  eventId: int(),
  action: z.enum(['result', 'void', 'resettle']),
  preview: z.boolean(),
  /** The results were already these: nothing moved (a repeated request). */
  unchanged: z.boolean(),
  /** The facts could not decide the market (or the action voids it): every selection void. */
  voided: z.boolean(),
  selections: z.array(
    z.object({
      id: int(),
      outcome: z.string(),
      name: z.string(),
      before: z.string().nullable(),
      after: z.string(),
    }),
  ),
  bets: z.array(
    z.object({
      betId: int(),
      appId: int(),
      userId: int(),
      brand: z.string(),
      username: z.string(),
      currency: z.string(),
      statusBefore: z.string(),
      statusAfter: z.string(),
      paidBefore: int(),
      paidAfter: int(),
      /** The earlier round's payout taken back (0 when it paid nothing). */
      reversed: int(),
      /** The new round's payout. */
      paidNow: int(),
      /** Of `reversed`, what the client's cash could not cover: booked as the client's debt. */
      debt: int(),
      change: int(),
    }),
  ),
  totals: z.array(
    z.object({
      currency: z.string(),
      bets: int(),
      change: int(),
      reversed: int(),
      paidNow: int(),
      debt: int(),
    }),
  ),
});
export type OpsResultReport = z.infer<typeof opsResultReportSchema>;
export const opsResultReportResponseSchema = answer(opsResultReportSchema);
