/** Decimal odds as integer thousandths (2.15 → 2150): exact, never a binary fraction. */
export type Odds = number & { readonly __unit: 'odds-thousandths' };

export const ODDS_SCALE = 1000;

/**
 * Decimal odds with at most 3 decimals (as the player saw them) to thousandths; throws on more decimals, on
 * non-finite values and on odds below 1.00.
 */
export function oddsOf(decimal: number): Odds {
  const scaled = Math.round(decimal * ODDS_SCALE);
  if (!Number.isFinite(decimal) || Math.abs(decimal * ODDS_SCALE - scaled) > 1e-6)
    throw new RangeError(`odds need at most 3 decimals, got ${decimal}`);
  if (scaled < ODDS_SCALE) throw new RangeError(`odds below 1.00: ${decimal}`);
  return scaled as Odds;
}

/** Thousandths back to a decimal number for display and JSON (exact for 3 decimals). */
export const decimalOf = (odds: Odds): number => odds / ODDS_SCALE;

/** Odds of 1.00 or lower cannot be picked (spec §4, §5). */
export const isPickable = (decimal: number): boolean => Number.isFinite(decimal) && decimal > 1;

/** Spec §9: an odd that moved shows its up or down arrow for 2 s. */
export const ODD_HIGHLIGHT_MS = 2_000;

export type OddDirection = 'up' | 'down' | null;

/** Which way an odd moved from the one shown before (null: unchanged, or nothing shown before). */
export function oddDirection(previous: number | undefined, odd: number): OddDirection {
  if (previous === undefined || previous === odd) return null;
  return odd > previous ? 'up' : 'down';
}
