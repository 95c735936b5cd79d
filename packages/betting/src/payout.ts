import { systemCombinations } from './combinations';
import { combinationsReturn } from './stakes';

export type LegResult = 'win' | 'loss' | 'void';

export interface SettledLeg {
  /** Decimal odds as placed, up to 3 decimals. */
  odds: number;
  result: LegResult;
}

export interface BetToPay {
  legs: SettledLeg[];
  /** Legs per combination among the non-bankers: n for a multiple, 1 for singles. */
  systemK: number;
  /** Indexes into legs; every combination includes all of them. */
  bankers: number[];
  /** Stake of one combination, in minor units. */
  stakePerBetCents: number;
}

/**
 * The payout of a settled bet (issue 9's signature). Each combination pays stake × the product of its odds
 * (a void leg counts as 1.00, a lost leg loses the combination), computed exactly in integers (odds in
 * thousandths, BigInt products); the total is rounded down to the minor unit once, so no rounding of a
 * combination can cost the player a minor unit.
 */
export function betPayout(bet: BetToPay): {
  combinations: number;
  totalStakeCents: number;
  payoutCents: number;
} {
  const { legs, systemK, bankers, stakePerBetCents } = bet;
  if (!Number.isSafeInteger(stakePerBetCents) || stakePerBetCents < 0)
    throw new RangeError('stakePerBetCents must be a whole number of minor units');
  if (!Number.isInteger(systemK) || systemK < 0) throw new RangeError('systemK must be a whole number');
  const badBanker = bankers.some((b) => !Number.isInteger(b) || b < 0 || b >= legs.length);
  if (badBanker || new Set(bankers).size !== bankers.length)
    throw new RangeError('bankers must be distinct leg indexes');
  const combos = [...systemCombinations(legs.length, systemK, bankers)];
  const legOdds = legs.map((leg) => (leg.result === 'loss' ? null : leg.result === 'void' ? 1 : leg.odds));
  return {
    combinations: combos.length,
    totalStakeCents: combos.length * stakePerBetCents,
    payoutCents: combinationsReturn(legOdds, combos, stakePerBetCents),
  };
}

/** What a settled bet's result key is (spec §4): all void → refund, paid → win, else loss. */
export function resultOf(legs: SettledLeg[], payoutCents: number): 'win' | 'loss' | 'refund' {
  if (legs.length > 0 && legs.every((l) => l.result === 'void')) return 'refund';
  return payoutCents > 0 ? 'win' : 'loss';
}
