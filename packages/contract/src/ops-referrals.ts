import { z } from 'zod';
import { REFERRAL_STATES } from './betting';

/**
 * The referral queue's `/ops/v1` answers (issue 34 item 3): bets over a threshold waiting for the desk's decision.
 * Money in minor units; names in both of the desk's languages (never ids alone).
 */
const names = z.object({ en: z.string(), tr: z.string() });

export const opsReferralLegSchema = z.object({
  event: z.object({
    id: z.number().int(),
    home: z.string(),
    away: z.string(),
    startAt: z.string().nullable(),
    isLive: z.boolean(),
  }),
  market: z.object({ id: z.number().int(), name: names }),
  selection: z.object({ id: z.number().int(), name: names }),
  odds: z.number(),
});

export const opsReferralSchema = z.object({
  betId: z.number().int(),
  brand: z.object({ id: z.number().int(), name: z.string() }),
  client: z.object({ id: z.number().int(), username: z.string() }),
  /** S, E3, Sy 2/4 (the ticker's short names). */
  type: z.string(),
  currency: z.string(),
  stake: z.number().int(),
  combinations: z.number().int(),
  /** What the bet returns if every leg wins. */
  potentialPayout: z.number().int(),
  /** What passed the threshold: the stake or the potential payout. */
  reason: z.enum(['stake', 'payout']),
  /** `open`: the desk decides; `offered`: the client decides on `offerStake`. */
  state: z.enum(['open', 'offered']),
  offerStake: z.number().int().nullable(),
  placedAt: z.string(),
  /** When it is rejected by itself if nobody decides. */
  dueAt: z.string(),
  secondsLeft: z.number().int(),
  legs: z.array(opsReferralLegSchema),
});
export type OpsReferral = z.infer<typeof opsReferralSchema>;

export const opsReferralsResponseSchema = z.object({ result: z.array(opsReferralSchema) });

/** What a decision did: the referral's and the bet's state after it. */
export const opsReferralDecisionSchema = z.object({
  betId: z.number().int(),
  referral: z.enum(REFERRAL_STATES),
  status: z.string(),
  rejectReason: z.string().nullable(),
  stake: z.number().int(),
  offerStake: z.number().int().nullable(),
});
export type OpsReferralDecision = z.infer<typeof opsReferralDecisionSchema>;
export const opsReferralDecisionResponseSchema = z.object({ result: opsReferralDecisionSchema });
