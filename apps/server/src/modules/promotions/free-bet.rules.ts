import type { FreeBetTerms } from './promotions.terms';
import type { RewardStatus } from './promotions.tables';

/** The slip a free bet is asked for: its type, total stake and legs (odds in thousandths). */
export interface FreeBetSlip {
  type: number;
  amount: number;
  legs: { oddsThousandths: number; isLive: boolean; sportId: number }[];
}

/** A free bet as its rules read it. */
export interface FreeBetReward {
  status: RewardStatus;
  amount: number;
  minOddsThousandths: number;
  expiresAt: Date;
  terms: Pick<FreeBetTerms, 'betTypes' | 'live' | 'sportIds'>;
}

/** Why a slip cannot use a free bet (checkBets' `errors.general` code and the player's sentence). */
export const FREE_BET_REFUSALS = {
  bonus_unavailable: 'this free bet has been used or withdrawn',
  bonus_expired: 'this free bet has expired',
  bonus_amount: 'a free bet is used as the whole stake: the stake must equal its amount',
  bonus_bet_type: 'this free bet cannot be used on this bet type',
  bonus_min_odds: 'the odds of this bet are below the free bet’s minimum odds',
  bonus_live: 'this free bet cannot be used on live (or pre-match) selections',
  bonus_sport: 'this free bet cannot be used on this sport',
} as const;
export type FreeBetRefusal = keyof typeof FREE_BET_REFUSALS;

/**
 * The combined odds of a single or a multiple reach `minOddsThousandths` (exact: Π odds ≥ min × 1000^(n−1) in
 * BigInt, no float rounding).
 */
export function reachesMinOdds(legOdds: number[], minOddsThousandths: number): boolean {
  if (legOdds.length === 0) return false;
  const product = legOdds.reduce((p, o) => p * BigInt(o), 1n);
  return product >= BigInt(minOddsThousandths) * 1000n ** BigInt(legOdds.length - 1);
}

/** Whether a free bet may be the whole stake of this slip now; the first reason it may not, else null. */
export function freeBetRefusal(reward: FreeBetReward, slip: FreeBetSlip, now: number): FreeBetRefusal | null {
  if (reward.status !== 'available') return 'bonus_unavailable';
  if (reward.expiresAt.getTime() <= now) return 'bonus_expired';
  if (slip.amount !== reward.amount) return 'bonus_amount';
  if (!(reward.terms.betTypes as number[]).includes(slip.type)) return 'bonus_bet_type';
  if (
    !reachesMinOdds(
      slip.legs.map((l) => l.oddsThousandths),
      reward.minOddsThousandths,
    )
  )
    return 'bonus_min_odds';
  const live = reward.terms.live;
  if (live !== 'any' && slip.legs.some((l) => l.isLive !== (live === 'live'))) return 'bonus_live';
  const sports = reward.terms.sportIds;
  if (sports && slip.legs.some((l) => !sports.includes(l.sportId))) return 'bonus_sport';
  return null;
}
