import { z } from 'zod';

/**
 * The desk's dashboard answer (`GET /ops/v1/dashboard`): the book's days and the casino's return to player by
 * family. Money in minor units.
 */
const int = () => z.number().int();
const names = z.object({ en: z.string(), tr: z.string() });
/** Every answer is `{ result }`. */
const answer = <T extends z.ZodType>(result: T) => z.object({ result });

/** A day of the book per brand, currency and sport (the dashboard). */
export const opsBookDaySchema = z.object({
  day: z.string(),
  brandId: int(),
  brand: z.string(),
  currency: z.string(),
  /** The sport of every leg; 0 = a multiple across sports. */
  sportId: int(),
  /** Stakes of the bets placed that day (accepted: not pending, rejected or cancelled). */
  turnover: int(),
  bets: int(),
  /** Stakes and what was paid (payouts, refunds, cash-outs) of the bets finally settled that day. */
  settledStakes: int(),
  paid: int(),
  /** Cash stakes less cash paid (free bets staked no cash and are left out). */
  ggr: int(),
  /** What promotions cost that day (free bets' winnings, the ledger's `freebet_win`). */
  bonusCost: int(),
  /** GGR − bonus cost. */
  ngr: int(),
});
export type OpsBookDay = z.infer<typeof opsBookDaySchema>;

/** The casino's return to player of a game family over the dashboard's period. */
export const opsRtpFamilySchema = z.object({
  family: z.string(),
  rounds: int(),
  stakes: int(),
  wins: int(),
  /** wins / stakes, basis points (null without stakes). */
  actualBp: int().nullable(),
  /** The games' declared RTP weighted by stake, basis points. */
  theoreticalBp: int().nullable(),
});
export type OpsRtpFamily = z.infer<typeof opsRtpFamilySchema>;

export const opsDashboardResponseSchema = answer(
  z.object({
    from: z.string(),
    at: z.string(),
    book: z.array(opsBookDaySchema.extend({ holdBp: int().nullable() })),
    betsPerMinute: z.array(int()),
    liveEvents: int(),
    rtp: z.array(opsRtpFamilySchema),
    /** Names of the sports the book rows name. */
    sports: z.array(z.object({ id: int(), name: names })),
  }),
);
export type OpsDashboard = z.infer<typeof opsDashboardResponseSchema>['result'];
