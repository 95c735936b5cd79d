import { cents, type Cents } from './money';
import { decimalOf, oddsOf } from './odds';

/**
 * A leg as cash-out sees it: settled (halves of Asian lines included), or open with the live model's fair
 * probability of winning.
 */
export type CashOutLeg =
  | { odds: number; state: 'won' | 'lost' | 'void' | 'half_won' | 'half_lost' }
  | { odds: number; state: 'open'; winProbability: number };

/**
 * The fair value of a bet now, in minor units (not rounded): for each combination, stake × the odds of its
 * legs (void 1.00, half won (odds + 1) / 2, half lost 1/2) × the probability that its open legs all win; a lost
 * leg makes a combination worthless.
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
      if (leg.state === 'half_lost') {
        value /= 2;
        continue;
      }
      const odds = decimalOf(oddsOf(leg.odds));
      value *= leg.state === 'half_won' ? (odds + 1) / 2 : odds;
      if (leg.state === 'open') value *= Math.min(1, Math.max(0, leg.winProbability));
    }
    total += value;
  }
  return total;
}

/**
 * The cash-out offer: the fair value less the cash-out margin (basis points), rounded down to the minor unit,
 * so never above fair value. 0 when every combination is lost. A single at unchanged odds in a market of
 * overround O is offered stake × (1 − margin) / O (its fair value is stake × odds × (1 / odds) / O).
 */
export function cashOutQuote(
  legs: readonly CashOutLeg[],
  combinations: readonly (readonly number[])[],
  stakePerBetCents: number,
  marginBasisPoints: number,
): Cents {
  const fair = fairValue(legs, combinations, stakePerBetCents);
  return cents(Math.max(0, Math.floor((fair * (10_000 - marginBasisPoints)) / 10_000)));
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
