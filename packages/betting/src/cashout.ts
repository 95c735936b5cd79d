import { oddsOf, ODDS_SCALE } from './odds';

/** A leg as cash-out sees it: settled, or open with the live model's fair probability of winning. */
export type CashOutLeg =
  { odds: number; state: 'won' | 'lost' | 'void' } | { odds: number; state: 'open'; winProbability: number };

/**
 * The fair value of a bet now, in minor units (not rounded): for each combination, stake × the odds of its
 * legs (void 1.00) × the probability that its open legs all win; a lost leg makes a combination worthless.
 */
export function fairValue(
  legs: readonly CashOutLeg[],
  combinations: readonly (readonly number[])[],
  stakePerBetCents: number,
): number {
  let total = 0;
  for (const combo of combinations) {
    let value = stakePerBetCents;
    for (const i of combo) {
      const leg = legs[i]!;
      if (leg.state === 'lost') {
        value = 0;
        break;
      }
      if (leg.state === 'void') continue;
      value *= oddsOf(leg.odds) / ODDS_SCALE;
      if (leg.state === 'open') value *= Math.min(1, Math.max(0, leg.winProbability));
    }
    total += value;
  }
  return total;
}

/**
 * The cash-out offer: the fair value less the cash-out margin (basis points), rounded down to the minor unit,
 * so never above fair value. 0 when every combination is lost.
 */
export function cashOutQuote(
  legs: readonly CashOutLeg[],
  combinations: readonly (readonly number[])[],
  stakePerBetCents: number,
  marginBasisPoints: number,
): number {
  const fair = fairValue(legs, combinations, stakePerBetCents);
  return Math.max(0, Math.floor((fair * (10_000 - marginBasisPoints)) / 10_000));
}

/**
 * A partial cash-out of `amountCents` out of a full quote: the share of the bet it buys back, and the stake per
 * combination that stays in play (rounded down, so the player never keeps more than was not sold).
 */
export function partialCashOut(
  quoteCents: number,
  amountCents: number,
  stakePerBetCents: number,
): { remainingStakePerBetCents: number } {
  if (quoteCents <= 0 || amountCents <= 0 || amountCents > quoteCents)
    throw new RangeError('amount must be within the quote');
  const remaining = Math.floor((stakePerBetCents * (quoteCents - amountCents)) / quoteCents);
  return { remainingStakePerBetCents: remaining };
}
