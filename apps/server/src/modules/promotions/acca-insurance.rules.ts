import { cents, type Cents } from '@sb/betting';
import type { FreeBetSlip } from './free-bet.rules';
import type { RewardStatus } from './promotions.tables';

/** An acca insurance as its rules read it: the cap (`amount`), legs and leg odds it needs. */
export interface InsuranceReward {
  status: RewardStatus;
  /** The most it refunds (minor units). */
  amount: number;
  /** Lowest odds of every leg (thousandths). */
  minOddsThousandths: number;
  expiresAt: Date;
  terms: { minLegs: number };
}

export const INSURANCE_REFUSALS = {
  bonus_unavailable: 'this insurance has been used or withdrawn',
  bonus_expired: 'this insurance has expired',
  bonus_bet_type: 'acca insurance is for a multiple (never a single or a system)',
  bonus_min_legs: 'this multiple has too few legs for the insurance',
  bonus_min_odds: 'a leg of this multiple is below the insurance’s minimum odds',
} as const;
export type InsuranceRefusal = keyof typeof INSURANCE_REFUSALS;

/** Whether an insurance may cover this slip now (a multiple of enough legs, each at the minimum odds), else why not. */
export function insuranceRefusal(
  reward: InsuranceReward,
  slip: FreeBetSlip,
  now: number,
): InsuranceRefusal | null {
  if (reward.status !== 'available') return 'bonus_unavailable';
  if (reward.expiresAt.getTime() <= now) return 'bonus_expired';
  if (slip.type !== 2) return 'bonus_bet_type';
  if (slip.legs.length < reward.terms.minLegs) return 'bonus_min_legs';
  if (slip.legs.some((l) => l.oddsThousandths < reward.minOddsThousandths)) return 'bonus_min_odds';
  return null;
}

/**
 * What an insured multiple gets back: its stake, at most the cap, when it lost by exactly one leg (a half-lost
 * leg counts as lost); nothing when it won, was void, or lost by two legs or more.
 */
export function insuranceRefund(
  outcome: { status: string; lostLegs: number; totalStake: number },
  cap: number,
): Cents {
  if (outcome.status !== 'loss' || outcome.lostLegs !== 1) return cents(0);
  return cents(Math.min(outcome.totalStake, cap));
}
