import { cents, type Cents } from './money';
import { ODDS_SCALE, oddsOf } from './odds';

const SCALE = BigInt(ODDS_SCALE);

/**
 * The largest total stake (minor units: 100,000,000.00) a slip request may name: the bound of the contract's
 * slip schema (real limits are far lower and come from checkBets). The web stops before sending more.
 */
export const MAX_SLIP_AMOUNT_CENTS = 100_000_000_00;

/** Per-bet stake from a total: the total split equally over the bets, rounded down to the minor unit (§5). */
export function perBetFromTotal(totalCents: number, betCount: number): Cents {
  if (betCount <= 0) return cents(0);
  return cents(Math.floor(totalCents / betCount));
}

/** Total stake from a per-bet stake: per-bet × bet count (§5). */
export const totalFromPerBet = (perBetCents: number, betCount: number): Cents =>
  cents(perBetCents * betCount);

/**
 * What the combinations return if their legs win, exactly: Σ stake × Π odds (odds as placed, decimal), rounded
 * down to the minor unit once. `legOdds[i]` is null for a lost leg (its combinations return nothing) and 1.00 for
 * a void one. Combinations may differ in length (several system sizes).
 */
export function combinationsReturn(
  legOdds: readonly (number | null)[],
  combinations: readonly (readonly number[])[],
  stakePerBetCents: number,
): Cents {
  const thousandths = legOdds.map((o) => (o === null ? null : BigInt(oddsOf(o))));
  const longest = Math.max(0, ...combinations.map((c) => c.length));
  const stake = BigInt(stakePerBetCents);
  let numerator = 0n;
  for (const combo of combinations) {
    if (combo.some((i) => thousandths[i] === null)) continue;
    const product = combo.reduce((acc, i) => acc * thousandths[i]!, stake);
    numerator += product * SCALE ** BigInt(longest - combo.length); // to the common denominator
  }
  return cents(Number(numerator / SCALE ** BigInt(longest)));
}

/**
 * Possible earnings of a coupon (spec §2 stake box): the most it can return (every leg wins) and the least a
 * winning coupon returns (its cheapest single combination wins), in minor units.
 */
export function possibleEarnings(
  legOdds: readonly number[],
  combinations: readonly (readonly number[])[],
  stakePerBetCents: number,
): { min: Cents; max: Cents } {
  if (combinations.length === 0 || stakePerBetCents <= 0) return { min: cents(0), max: cents(0) };
  const max = combinationsReturn(legOdds, combinations, stakePerBetCents);
  const min = cents(Math.min(...combinations.map((c) => combinationsReturn(legOdds, [c], stakePerBetCents))));
  return { min, max };
}
