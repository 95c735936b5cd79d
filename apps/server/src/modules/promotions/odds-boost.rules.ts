import type { CampaignStatus, RewardStatus } from './promotions.tables';

/** The slip an odds boost is asked for: its type, total stake and legs (the selections it names). */
export interface OddsBoostSlip {
  type: number;
  amount: number;
  legs: { oddId: number }[];
}

/** An odds boost as its rules read it: the client's reward (the stake taken so far) and its campaign. */
export interface OddsBoostReward {
  status: RewardStatus;
  /** The most the client may stake at the boosted price in all (minor units). */
  amount: number;
  /** What the client's open and settled bets took so far (minor units). */
  staked: number;
  expiresAt: Date;
  campaign: { status: CampaignStatus; startsAt: Date; endsAt: Date };
  terms: { oddId: number };
}

/** Why a slip cannot take an odds boost (checkBets' `errors.general` code and the player's sentence). */
export const ODDS_BOOST_REFUSALS = {
  bonus_unavailable: 'this odds boost is not offered now',
  bonus_expired: 'this odds boost has expired',
  bonus_bet_type: 'an odds boost is for a single bet only',
  bonus_selection: 'this odds boost is for another selection',
  bonus_max_stake: 'the stake is above what is left of this odds boost',
} as const;
export type OddsBoostRefusal = keyof typeof ODDS_BOOST_REFUSALS;

/** What is left of a boost's stake (minor units), never below zero. */
export const remainingStake = (reward: { amount: number; staked: number }) =>
  Math.max(0, reward.amount - reward.staked);

/**
 * Whether an odds boost may take this slip now, else why: its campaign running (active, inside its window), the
 * client's reward not expired, a single on the boosted selection, the stake within what is left. Whether the
 * selection is still on sale is the slip check's (a suspended or decided selection is refused there).
 */
export function oddsBoostRefusal(
  reward: OddsBoostReward,
  slip: OddsBoostSlip,
  now: number,
): OddsBoostRefusal | null {
  const c = reward.campaign;
  if (reward.status !== 'available' || c.status !== 'active' || now < c.startsAt.getTime())
    return 'bonus_unavailable';
  if (reward.expiresAt.getTime() <= now || now >= c.endsAt.getTime()) return 'bonus_expired';
  if (slip.type !== 1 || slip.legs.length !== 1) return 'bonus_bet_type';
  if (slip.legs[0]!.oddId !== reward.terms.oddId) return 'bonus_selection';
  if (slip.amount > remainingStake(reward)) return 'bonus_max_stake';
  return null;
}

/** Whether a boost's price is on offer now (its campaign running), whatever the client has staked. */
export const boostRunning = (c: { status: CampaignStatus; startsAt: Date; endsAt: Date }, now: number) =>
  c.status === 'active' && c.startsAt.getTime() <= now && now < c.endsAt.getTime();
