import { validCombinations } from './coupon';
import { cents, type Cents } from './money';
import { ODDS_SCALE, oddsOf } from './odds';

/**
 * A leg's settled result. Asian handicap and quarter-line totals add the halves: `half_win` pays (odds + 1) / 2 per
 * unit staked, `half_loss` pays 1/2, `void` (a push) pays 1, `loss` nothing.
 */
export type LegResult = 'win' | 'loss' | 'void' | 'half_win' | 'half_loss';

export const LEG_RESULTS: readonly LegResult[] = ['win', 'loss', 'void', 'half_win', 'half_loss'];

export const isLegResult = (value: unknown): value is LegResult =>
  typeof value === 'string' && (LEG_RESULTS as readonly string[]).includes(value);

export interface SettledLeg {
  /** Decimal odds as placed, up to 3 decimals. */
  odds: number;
  /** The leg's event: two legs of one event are never in one combination. */
  eventId: number;
  result: LegResult;
}

export interface BetToPay {
  legs: SettledLeg[];
  /**
   * Non-banker legs per combination: n for a multiple, 1 for singles, the chosen sizes of a system (several sizes
   * are one bet: its payout is rounded once).
   */
  systemK: number | readonly number[];
  /** Indexes into legs; every combination includes all of them. */
  bankers: number[];
  /** Stake of one combination, in minor units. */
  stakePerBetCents: number;
}

/** A leg's return per unit staked, in 1/(2 × ODDS_SCALE): the halves of Asian lines stay whole numbers. */
const HALF_UNIT = BigInt(2 * ODDS_SCALE);

function legFactor(leg: SettledLeg): bigint {
  const odds = BigInt(oddsOf(leg.odds));
  const unit = BigInt(ODDS_SCALE);
  switch (leg.result) {
    case 'win':
      return 2n * odds;
    case 'half_win':
      return odds + unit;
    case 'half_loss':
      return unit;
    case 'void':
      return 2n * unit;
    case 'loss':
      return 0n;
    default:
      throw new RangeError(`unknown leg result ${String(leg.result)}`);
  }
}

function checkShape(legCount: number, systemK: number | readonly number[], bankers: readonly number[]) {
  const sizes = typeof systemK === 'number' ? [systemK] : systemK;
  if (sizes.some((k) => !Number.isInteger(k) || k < 0) || new Set(sizes).size !== sizes.length)
    throw new RangeError('systemK must be distinct whole numbers');
  const badBanker = bankers.some((b) => !Number.isInteger(b) || b < 0 || b >= legCount);
  if (badBanker || new Set(bankers).size !== bankers.length)
    throw new RangeError('bankers must be distinct leg indexes');
  return sizes;
}

/**
 * The combinations of a bet (leg indexes, ascending): for each size k, every k non-bankers with all the bankers,
 * none with two legs of one event. The coupon's own rule (`validCombinations`), so what placement counted is what
 * settlement pays.
 */
export function betCombinations(
  legs: readonly { eventId: number }[],
  systemK: number | readonly number[],
  bankers: readonly number[],
): number[][] {
  const sizes = checkShape(legs.length, systemK, bankers);
  const banked = new Set(bankers);
  const picks = legs.map((l, i) => ({ eventId: l.eventId, banker: banked.has(i) }));
  return sizes.flatMap((k) => validCombinations(picks, k));
}

/**
 * The payout of a settled bet (the signature of the spec's betPayout, with event ids and half results): each combination pays
 * stake × the product of its legs' returns (win: the odds; half win: (odds + 1) / 2; half loss: 1/2; void: 1; a
 * lost leg loses the combination), computed exactly (odds in thousandths, BigInt products over a common
 * denominator); the total is rounded down to the minor unit once per bet, so no rounding of a combination can cost
 * the player a minor unit. This is the only payout rule: settlement, My bets and the receipt use it.
 */
export function betPayout(bet: BetToPay): {
  combinations: number;
  totalStakeCents: Cents;
  payoutCents: Cents;
} {
  const { legs, systemK, bankers, stakePerBetCents } = bet;
  if (!Number.isSafeInteger(stakePerBetCents) || stakePerBetCents < 0)
    throw new RangeError('stakePerBetCents must be a whole number of minor units');
  const combos = betCombinations(legs, systemK, bankers);
  const factors = legs.map(legFactor);
  const longest = Math.max(0, ...combos.map((c) => c.length));
  let numerator = 0n;
  for (const combo of combos) {
    const product = combo.reduce((acc, i) => acc * factors[i]!, BigInt(stakePerBetCents));
    numerator += product * HALF_UNIT ** BigInt(longest - combo.length); // to the common denominator
  }
  return {
    combinations: combos.length,
    totalStakeCents: cents(combos.length * stakePerBetCents),
    payoutCents: cents(Number(numerator / HALF_UNIT ** BigInt(longest))),
  };
}

/**
 * Whether a bet is lost whatever its undecided legs (null) do: every combination holds a lost leg. Such a bet can
 * be settled at once; one with any combination still alive waits for its legs.
 */
export function isDecidedLoss(
  legs: readonly { eventId: number; result: LegResult | null }[],
  systemK: number | readonly number[],
  bankers: readonly number[],
): boolean {
  const combos = betCombinations(legs, systemK, bankers);
  return combos.length > 0 && combos.every((c) => c.some((i) => legs[i]!.result === 'loss'));
}

/** What a settled bet's result key is (spec §4): all void → refund, anything paid → win, else loss. */
export function resultOf(
  legs: readonly { result: LegResult }[],
  payoutCents: number,
): 'win' | 'loss' | 'refund' {
  if (legs.length > 0 && legs.every((l) => l.result === 'void')) return 'refund';
  return payoutCents > 0 ? 'win' : 'loss';
}
