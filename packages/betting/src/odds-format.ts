import { ODDS_SCALE } from './odds';

/** How a player reads odds (the preference `odds_format`, spec §3 User/session). */
export type OddsDisplayFormat = 'decimal' | 'fractional' | 'american';

/**
 * The conventional bookmaker ladder of fractional prices (profit / stake), reduced: 6/4 is written 3/2, 4/6 is
 * 2/3. Ascending. A decimal price shows as the nearest of these; outside the ladder (below 1/50, above 1000/1)
 * as its exact reduced fraction.
 */
export const FRACTION_LADDER: readonly (readonly [number, number])[] = [
  [1, 50], [1, 33], [1, 25], [1, 20], [1, 16], [1, 14], [1, 12], [1, 11], [1, 10], [1, 9], [1, 8], [2, 15],
  [1, 7], [2, 13], [1, 6], [2, 11], [1, 5], [2, 9], [1, 4], [2, 7], [3, 10], [1, 3], [4, 11], [2, 5], [4, 9],
  [1, 2], [8, 15], [4, 7], [8, 13], [2, 3], [8, 11], [4, 5], [5, 6], [10, 11], [1, 1], [21, 20], [11, 10],
  [6, 5], [5, 4], [11, 8], [7, 5], [3, 2], [8, 5], [13, 8], [17, 10], [7, 4], [9, 5], [15, 8], [2, 1], [17, 8],
  [11, 5], [9, 4], [12, 5], [5, 2], [13, 5], [11, 4], [3, 1], [10, 3], [7, 2], [4, 1], [9, 2], [5, 1], [11, 2],
  [6, 1], [13, 2], [7, 1], [15, 2], [8, 1], [17, 2], [9, 1], [10, 1], [11, 1], [12, 1], [14, 1], [16, 1],
  [18, 1], [20, 1], [22, 1], [25, 1], [28, 1], [33, 1], [40, 1], [50, 1], [66, 1], [80, 1], [100, 1],
  [125, 1], [150, 1], [200, 1], [250, 1], [500, 1], [1000, 1],
] as const; // prettier-ignore

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Decimal odds as a number (as the API and the slip carry them) to integer thousandths, for display. */
const thousandthsOf = (decimal: number): number => Math.round(decimal * ODDS_SCALE);

/** Integer division rounded half away from zero (both operands positive). */
const divRound = (a: number, b: number): number => Math.floor((2 * a + b) / (2 * b));

/** 2 decimals, or 3 when the third is not 0: 2150 → "2.15", 1875 → "1.875". */
function decimalText(t: number): string {
  const whole = Math.floor(t / ODDS_SCALE);
  const rest = t % ODDS_SCALE;
  const three = String(rest).padStart(3, '0');
  return `${whole}.${three.endsWith('0') ? three.slice(0, 2) : three}`;
}

/**
 * The fraction (numerator, denominator) shown for odds of `t` thousandths: the exact reduced profit fraction
 * when it is on the ladder, else the ladder's nearest price (the lower one on a tie, never promising more than
 * the decimal pays), or the exact fraction outside the ladder's range. Integer arithmetic only.
 */
export function fractionOf(t: number): [number, number] {
  const profit = t - ODDS_SCALE;
  const g = gcd(profit, ODDS_SCALE);
  const exact: [number, number] = [profit / g, ODDS_SCALE / g];
  const first = FRACTION_LADDER[0]!;
  const last = FRACTION_LADDER[FRACTION_LADDER.length - 1]!;
  // profit/1000 compared with n/d by cross-multiplication: outside the ladder, the exact fraction.
  if (profit * first[1] < first[0] * ODDS_SCALE || profit * last[1] > last[0] * ODDS_SCALE) return exact;
  let best: readonly [number, number] = first;
  // distance |profit/1000 − n/d| = |profit·d − n·1000| / (1000·d); compare a/b < c/e as a·e < c·b.
  let bestNum = Math.abs(profit * first[1] - first[0] * ODDS_SCALE);
  let bestDen = first[1];
  for (const f of FRACTION_LADDER) {
    const num = Math.abs(profit * f[1] - f[0] * ODDS_SCALE);
    if (num === 0) return [f[0], f[1]];
    if (num * bestDen < bestNum * f[1]) {
      best = f;
      bestNum = num;
      bestDen = f[1];
    }
  }
  return [best[0], best[1]];
}

/** American odds: +100·(d−1) from 2.00 up, −100/(d−1) below, rounded to a whole number (half away from 0). */
export function americanOf(t: number): number {
  const profit = t - ODDS_SCALE;
  if (profit <= 0) return 0;
  return t >= 2 * ODDS_SCALE ? divRound(100 * profit, ODDS_SCALE) : -divRound(100 * ODDS_SCALE, profit);
}

/**
 * The one odds formatter of the app: decimal odds (a number with at most 3 decimals, as stored) written in the
 * player's format. Decimal "2.15"; fractional "23/20"-style from the ladder ("11/10" for 2.15, "3/2" for 2.50,
 * "1/1" for 2.00); American with its sign ("+115", "-200"). Odds of 1.00 or less show as decimal.
 */
export function formatOdds(decimal: number, format: OddsDisplayFormat = 'decimal'): string {
  if (!Number.isFinite(decimal)) return '';
  const t = thousandthsOf(decimal);
  if (format === 'decimal' || t <= ODDS_SCALE) return decimalText(Math.max(0, t));
  if (format === 'fractional') {
    const [n, d] = fractionOf(t);
    return `${n}/${d}`;
  }
  const american = americanOf(t);
  return american > 0 ? `+${american}` : String(american);
}
