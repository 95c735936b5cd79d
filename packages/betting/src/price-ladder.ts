import { ODDS_SCALE } from './odds';
import { FRACTION_LADDER } from './odds-format';

/** The highest price an operator may set (the override route's maximum). */
const LADDER_MAX = 1000 * ODDS_SCALE;

/**
 * The book's price ladder in decimal thousandths, ascending: the conventional fractional ladder (the one the
 * player app writes fractional odds from) as decimal odds rounded to thousandths (1/3 → 1.333, 4/6 → 1.667),
 * within the override route's range. A trader's price moves along it one tick at a time, so every price set by hand reads as a clean
 * fraction to a player who takes fractional odds. It ends at 500/1 (501.00): 1000/1 is past the override maximum.
 */
export const PRICE_LADDER: readonly number[] = FRACTION_LADDER.map(
  ([n, d]) => ODDS_SCALE + Math.round((n * ODDS_SCALE) / d),
).filter((t) => t <= LADDER_MAX);

/**
 * One tick up (+1) or down (−1) the ladder from a decimal price: the next ladder price strictly above or below
 * it (a price between two rungs moves to the rung on that side), or null past either end of the ladder.
 */
export function ladderTick(decimal: number, direction: 1 | -1): number | null {
  const t = Math.round(decimal * ODDS_SCALE);
  const next = direction === 1 ? PRICE_LADDER.find((p) => p > t) : PRICE_LADDER.findLast((p) => p < t);
  return next === undefined ? null : next / ODDS_SCALE;
}
