import { MARKET_CATEGORY as C, OPS_MARGIN_FAMILIES } from '@sb/contract';
import type { PriceBand } from './margin';

/**
 * Brand margins. Prices are shared by every brand; a brand's margin Δ (basis points) is an
 * adjustment applied wherever that brand's odds are served and checked: odd / (1 + Δ), rounded DOWN to 2
 * decimals, computed on integers (thousandths of the odd, basis points) so no binary fraction can round a
 * price the wrong way. Δ = 0 (no row) leaves the shared price untouched, 3-decimal overrides included.
 */

/** Basis points: 100 = 1%. Margins an operator may set: −10% … +25%. */
export const MIN_BRAND_MARGIN_BP = -1_000;
export const MAX_BRAND_MARGIN_BP = 2_500;

/** The brand's odd for a shared odd and a margin in basis points (a pure function: exact decimal arithmetic). */
export function brandOdd(odd: number, marginBp: number): number {
  if (marginBp === 0 || !(odd > 0)) return odd;
  // Odds carry at most 3 decimals: as thousandths they are exact integers (≤ 501,000 × 10,000 < 2^53 below).
  const milli = Math.round(odd * 1000);
  const hundredths = Math.floor((milli * 10_000) / ((10_000 + marginBp) * 10));
  return hundredths / 100;
}

/** Whether an odd is offered under the band: [minOdd, maxOdd); outside it the selection is suspended, never moved. */
export function inBand(odd: number, band: PriceBand): boolean {
  const hundredths = Math.round(odd * 100);
  return hundredths >= Math.round(band.minOdd * 100) && hundredths < Math.round(band.maxOdd * 100);
}

/** Market families a margin can be set for (besides "every family"): the contract's, which the desk reads too. */
export const MARKET_FAMILIES = OPS_MARGIN_FAMILIES;
export type MarketFamily = (typeof MARKET_FAMILIES)[number];

const PERIOD_CATEGORIES: number[] = [
  C.firstHalf,
  C.secondHalf,
  C.quarter1,
  C.quarter2,
  C.quarter3,
  C.quarter4,
  C.period1,
  C.period2,
  C.period3,
];

/** A market's family from its categories, the most specific first (a first-half total is a period market). */
export function familyOf(categories: readonly number[]): MarketFamily {
  const has = (c: number) => categories.includes(c);
  if (has(C.players) || has(C.playersOther)) return 'players';
  if (has(C.corners)) return 'corners';
  if (has(C.cards)) return 'cards';
  if (categories.some((c) => PERIOD_CATEGORIES.includes(c))) return 'periods';
  if (has(C.handicap)) return 'handicap';
  if (has(C.total)) return 'totals';
  if (has(C.main)) return 'main';
  return 'other';
}

/** One stored margin row: `sportId` null = every sport, `family` null = every family. */
export interface BrandMarginRow {
  sportId: number | null;
  family: MarketFamily | null;
  marginBp: number;
}

/** Δ of the most specific row: sport × family, then sport, then family, then the brand's; 0 without one. */
export function marginFor(rows: readonly BrandMarginRow[], sportId: number, family: MarketFamily): number {
  let best: BrandMarginRow | undefined;
  let bestRank = -1;
  for (const r of rows) {
    if (r.sportId !== null && r.sportId !== sportId) continue;
    if (r.family !== null && r.family !== family) continue;
    const rank = (r.sportId !== null ? 2 : 0) + (r.family !== null ? 1 : 0);
    if (rank > bestRank) [best, bestRank] = [r, rank];
  }
  return best?.marginBp ?? 0;
}
