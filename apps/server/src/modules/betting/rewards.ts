import { cents, type Cents } from '@sb/betting';
import type { DbOrTx } from '../../db/database';

/** A slip as a reward's rules read it: type, total stake, legs at the odds they would be taken (thousandths). */
export interface RewardSlip {
  type: number;
  amount: number;
  legs: { oddId: number; oddsThousandths: number; isLive: boolean; sportId: number }[];
}

/**
 * What betting asks of the promotions engine (issue 36) about a free bet used as a bet's whole stake. Every call
 * with a `tx` runs in the transaction that moves the bet, so the reward and the bet change together or not at all.
 */
export interface BetRewards {
  /**
   * An odds boost's price for the client (its selection and boosted decimal odd) while its campaign runs, else null
   * (another kind, another client's, unknown): the slip is checked and taken at that price.
   */
  boostedPrice(userId: number, rewardId: number, tx?: DbOrTx): Promise<{ oddId: number; odd: number } | null>;
  /** Why the client's reward cannot be this slip's stake now (code and sentence), or null when it can. */
  check(
    userId: number,
    rewardId: number,
    slip: RewardSlip,
  ): Promise<{ code: string; message: string } | null>;
  /**
   * Takes the reward for the bet (its row locked; used once however many placements race); throws if it can't.
   * Answers its kind: a free bet is the stake (no cash moves), an acca insurance insures a cash stake.
   */
  reserve(tx: DbOrTx, userId: number, rewardId: number, slip: RewardSlip, betId: number): Promise<RewardKind>;
  /**
   * The bet ended without using it (rejected, void, every leg void): the reward comes back if unexpired (an odds
   * boost: the bet's stake is given back to what is left of it).
   */
  release(tx: DbOrTx, rewardId: number, bet: { totalStake: Cents }): Promise<void>;
  /**
   * The bet settled: the reward is used. A free bet cost the house `paid` (its winnings); an acca insurance pays
   * its refund itself (through the ledger, in `tx`) when the bet lost by exactly one leg.
   */
  settled(tx: DbOrTx, rewardId: number, outcome: SettledOutcome): Promise<void>;
  /** A corrected result reopened the settled bet: the reward is held by it again (an insurance refund taken back). */
  reopened(tx: DbOrTx, rewardId: number, bet: { id: number; round: number; boostPaid: Cents }): Promise<void>;
}

export type RewardKind = 'free_bet' | 'acca_insurance' | 'profit_boost' | 'odds_boost';

/** What settlement tells the engine about a bet holding a reward. */
export interface SettledOutcome {
  betId: number;
  round: number;
  status: string;
  /** What the bet paid (a free bet: its winnings). */
  paid: Cents;
  totalStake: Cents;
  /** How many legs lost (a half-lost Asian line counts as lost). */
  lostLegs: number;
  /** An odds boost's bet: what its payout holds above the normal price's (paid as `odds_boost`). */
  boostPaid: Cents;
}

/** Whether a bet holds a free bet as its stake (no cash staked). */
export const isFreeBet = (bet: { rewardKind: string | null }) => bet.rewardKind === 'free_bet';
/** Whether a bet is insured: it settles only once every leg is decided (a lost leg alone decides nothing). */
export const isInsured = (bet: { rewardKind: string | null }) => bet.rewardKind === 'acca_insurance';

/** Whether a bet was taken at an odds boost's price (its payout above the normal price's is bonus cost). */
export const isOddsBoost = (bet: { rewardKind: string | null }) => bet.rewardKind === 'odds_boost';

/**
 * What a settled free bet pays (stake not returned): the bet's payout by the one payout rule less the stake, never
 * below zero. A win at odds o on stake s pays s × (o − 1); a half-lost Asian line returning less than the stake
 * pays nothing; every leg void pays nothing (the reward comes back instead).
 */
export const freeBetWinnings = (payout: Cents, stake: Cents): Cents => cents(Math.max(0, payout - stake));
