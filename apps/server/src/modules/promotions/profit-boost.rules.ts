import { cents, type Cents } from '@sb/betting';
import type { FreeBetSlip } from './free-bet.rules';
import type { RewardStatus } from './promotions.tables';

/** A profit (or acca) boost as its rules read it: the cap (`amount`), legs and leg odds it needs, its percent. */
export interface BoostReward {
  status: RewardStatus;
  /** The most it adds (minor units). */
  amount: number;
  /** Lowest odds of every leg (thousandths). */
  minOddsThousandths: number;
  expiresAt: Date;
  terms: { minLegs: number; percent: number };
}

export const BOOST_REFUSALS = {
  bonus_unavailable: 'this boost has been used or withdrawn',
  bonus_expired: 'this boost has expired',
  bonus_bet_type: 'a boost is for a single or a multiple (never a system)',
  bonus_min_legs: 'this bet has too few legs for the boost',
  bonus_min_odds: 'a leg of this bet is below the boost’s minimum odds',
} as const;
export type BoostRefusal = keyof typeof BOOST_REFUSALS;

/** Whether a boost may cover this slip now (a single or multiple of enough legs at the minimum odds), else why. */
export function boostRefusal(reward: BoostReward, slip: FreeBetSlip, now: number): BoostRefusal | null {
  if (reward.status !== 'available') return 'bonus_unavailable';
  if (reward.expiresAt.getTime() <= now) return 'bonus_expired';
  if (slip.type !== 1 && slip.type !== 2) return 'bonus_bet_type';
  if (slip.legs.length < reward.terms.minLegs) return 'bonus_min_legs';
  if (slip.legs.some((l) => l.oddsThousandths < reward.minOddsThousandths)) return 'bonus_min_odds';
  return null;
}

/**
 * What a boost adds to a settled bet: `percent` of its winnings (what it paid less its stake), floored to the minor
 * unit, at most the cap; nothing unless it won with winnings above the stake.
 */
export function boostAmount(
  outcome: { status: string; paid: number; totalStake: number },
  percent: number,
  cap: number,
): Cents {
  if (outcome.status !== 'win' || outcome.paid <= outcome.totalStake) return cents(0);
  return cents(Math.min(cap, Math.floor(((outcome.paid - outcome.totalStake) * percent) / 100)));
}
