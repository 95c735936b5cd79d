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
 * Σ over the combinations of Π odds (thousandths), over the common denominator 1000^longest, exactly: what one
 * minor unit staked on each combination returns is `numerator / denominator`. Lost legs (null) return nothing.
 */
function returnPerUnit(
  legOdds: readonly (number | null)[],
  combinations: readonly (readonly number[])[],
): { numerator: bigint; denominator: bigint } {
  const thousandths = legOdds.map((o) => (o === null ? null : BigInt(oddsOf(o))));
  const longest = Math.max(0, ...combinations.map((c) => c.length));
  let numerator = 0n;
  for (const combo of combinations) {
    if (combo.some((i) => thousandths[i] === null)) continue;
    const product = combo.reduce((acc, i) => acc * thousandths[i]!, 1n);
    numerator += product * SCALE ** BigInt(longest - combo.length); // to the common denominator
  }
  return { numerator, denominator: SCALE ** BigInt(longest) };
}

/**
 * What the combinations return if their legs win, exactly: Σ stake × Π odds (odds as placed, decimal), rounded
 * down to the minor unit once. `legOdds[i]` is null for a lost leg (its combinations return nothing) and 1.00 for
 * a void one. Combinations may differ in length (several system sizes). `capCents` bounds the answer (the
 * brand's maximum payout: a bet never pays more); without it a return past 2^53 − 1 minor units, which no bet
 * the payout cap lets through can reach, reads as that bound rather than throwing.
 */
export function combinationsReturn(
  legOdds: readonly (number | null)[],
  combinations: readonly (readonly number[])[],
  stakePerBetCents: number,
  capCents: number = Number.MAX_SAFE_INTEGER,
): Cents {
  const { numerator, denominator } = returnPerUnit(legOdds, combinations);
  const exact = (numerator * BigInt(stakePerBetCents)) / denominator;
  return cents(exact > BigInt(capCents) ? capCents : Number(exact));
}

/**
 * The bounds every bet is placed under (per brand and currency): the most it may pay (minor units) and the
 * highest combined odds of any of its combinations (thousandths).
 */
export interface PayoutCap {
  maxPayoutCents: number;
  maxOddsThousandths: number;
}

/** 1,000,000.00 of the currency at most, combinations up to odds of 100,000.00. */
export const DEFAULT_PAYOUT_CAP: PayoutCap = {
  maxPayoutCents: 100_000_000_00,
  maxOddsThousandths: 100_000_000,
};

/** Whether some combination's combined odds (Π of its legs' odds, exactly) are above `maxOddsThousandths`. */
export function oddsAboveMax(
  legOdds: readonly number[],
  combinations: readonly (readonly number[])[],
  maxOddsThousandths: number,
): boolean {
  return combinations.some((combo) => {
    const { numerator, denominator } = returnPerUnit(legOdds, [combo]);
    return numerator * SCALE > BigInt(maxOddsThousandths) * denominator;
  });
}

/**
 * The largest stake per combination (minor units) whose return, every leg winning, is at most `maxPayoutCents`:
 * floor(cap × denominator / numerator), exact. `Number.MAX_SAFE_INTEGER` when nothing can be returned.
 */
export function maxStakeForPayout(
  legOdds: readonly number[],
  combinations: readonly (readonly number[])[],
  maxPayoutCents: number,
): number {
  const { numerator, denominator } = returnPerUnit(legOdds, combinations);
  if (numerator === 0n) return Number.MAX_SAFE_INTEGER;
  const stake = (BigInt(maxPayoutCents) * denominator) / numerator;
  return stake > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(stake);
}

/**
 * Possible earnings of a coupon (spec §2 stake box): the most it can return (every leg wins) and the least a
 * winning coupon returns (its cheapest single combination wins), in minor units; both at most `capCents` (the
 * maximum payout) when given.
 */
export function possibleEarnings(
  legOdds: readonly number[],
  combinations: readonly (readonly number[])[],
  stakePerBetCents: number,
  capCents?: number,
): { min: Cents; max: Cents } {
  if (combinations.length === 0 || stakePerBetCents <= 0) return { min: cents(0), max: cents(0) };
  const max = combinationsReturn(legOdds, combinations, stakePerBetCents, capCents);
  const min = cents(
    Math.min(...combinations.map((c) => combinationsReturn(legOdds, [c], stakePerBetCents, capCents))),
  );
  return { min, max };
}
