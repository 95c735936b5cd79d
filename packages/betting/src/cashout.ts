import { cents, type Cents } from './money';
import { oddsOf } from './odds';
import type { LegResult } from './payout';

/** Fair probabilities are stored and carried in parts per 10^9 (an integer: the quote is exact). */
export const PPB = 1_000_000_000;

/**
 * A leg as cash-out sees it: settled (its `LegResult`, halves of Asian lines included), or open with the model's fair
 * probability of winning (`fairPpb`, the one its price was made from; for Asian lines and push markets the
 * effective probability q) and the share of the stake it returns without winning (`refundPpb`: pushes and half
 * results, pVoid + (pHW + pHL) / 2; 0 for a plain outcome). An open leg at odds o is worth
 * `refund + (1 − refund) × o × q` per unit staked: at the fair odds 1/q exactly 1.
 */
export type CashOutLeg =
  { odds: number; state: LegResult } | { odds: number; state: 'open'; fairPpb: number; refundPpb?: number };

/** Each leg's factor over the common denominator 1000 × 10^18 (odds in thousandths × two probabilities). */
const LEG_DENOMINATOR = 1000n * BigInt(PPB) * BigInt(PPB);

function legFactor(leg: CashOutLeg): bigint {
  if (leg.state === 'loss') return 0n;
  if (leg.state === 'void') return LEG_DENOMINATOR;
  if (leg.state === 'half_loss') return LEG_DENOMINATOR / 2n;
  const odds = BigInt(oddsOf(leg.odds));
  const unit = BigInt(PPB) * BigInt(PPB); // odds (thousandths) × this = the odds over the denominator
  if (leg.state === 'win') return odds * unit;
  if (leg.state !== 'open') return ((odds + 1000n) * unit) / 2n; // half_win
  const q = BigInt(Math.min(PPB, Math.max(0, Math.round(leg.fairPpb))));
  const refund = BigInt(Math.min(PPB, Math.max(0, Math.round(leg.refundPpb ?? 0))));
  return refund * 1000n * BigInt(PPB) + (BigInt(PPB) - refund) * odds * q;
}

/**
 * The fair value of a bet now, exactly, in minor units as `numerator / denominator`: for each combination, stake ×
 * the factors of its legs (won: the odds; void 1; half won (odds + 1) / 2; half lost 1/2; lost 0; open: its
 * expected return per unit at the model's fair probability).
 */
export function fairValueExact(
  legs: readonly CashOutLeg[],
  combinations: readonly (readonly number[])[],
  stakePerBetCents: number,
): { numerator: bigint; denominator: bigint } {
  const factors = legs.map(legFactor);
  const longest = Math.max(0, ...combinations.map((c) => c.length));
  let numerator = 0n;
  for (const combo of combinations) {
    const product = combo.reduce((acc, i) => acc * factors[i]!, BigInt(stakePerBetCents));
    numerator += product * LEG_DENOMINATOR ** BigInt(longest - combo.length);
  }
  return { numerator, denominator: LEG_DENOMINATOR ** BigInt(longest) };
}

/** The fair value in minor units (not rounded; for display and tests). */
export function fairValue(
  legs: readonly CashOutLeg[],
  combinations: readonly (readonly number[])[],
  stakePerBetCents: number,
): number {
  const { numerator, denominator } = fairValueExact(legs, combinations, stakePerBetCents);
  // Exact to well below a minor unit: the integer part, then the fraction.
  const whole = numerator / denominator;
  return Number(whole) + Number(((numerator - whole * denominator) * 1_000_000n) / denominator) / 1_000_000;
}

/**
 * The cash-out offer: exactly floor((1 − margin) × fair value), margin in basis points, so never above fair
 * value; 0 when every combination is lost. A single at unchanged odds o with fair probability q is offered
 * stake × (1 − margin) × o × q.
 */
export function cashOutQuote(
  legs: readonly CashOutLeg[],
  combinations: readonly (readonly number[])[],
  stakePerBetCents: number,
  marginBasisPoints: number,
): Cents {
  const { numerator, denominator } = fairValueExact(legs, combinations, stakePerBetCents);
  const kept = BigInt(10_000 - Math.min(10_000, Math.max(0, marginBasisPoints)));
  return cents(Number((numerator * kept) / (denominator * 10_000n)));
}

/**
 * A partial cash-out of `amountCents` out of a full quote: the share of the bet it buys back, and the stake per
 * combination that stays in play (rounded down, so the player never keeps more than was not sold).
 */
export function partialCashOut(
  quoteCents: number,
  amountCents: number,
  stakePerBetCents: number,
): { remainingStakePerBetCents: Cents } {
  if (quoteCents <= 0 || amountCents <= 0 || amountCents > quoteCents)
    throw new RangeError('amount must be within the quote');
  const remaining = Math.floor((stakePerBetCents * (quoteCents - amountCents)) / quoteCents);
  return { remainingStakePerBetCents: cents(remaining) };
}
