/**
 * The crash game's flight, the one curve the server settles on and the browser draws: m(t) = e^(GROWTH_PER_MS · t),
 * t in ms since the flight started. Multipliers are integers in hundredths (150 = 1.50×).
 */

/** The curve's growth per millisecond (2× at about 11.55 s). */
export const GROWTH_PER_MS = 0.00006;

/** The multiplier `elapsedMs` into a flight, hundredths, rounded down (what a cash-out then gets). */
export function multiplierAt(elapsedMs: number): number {
  if (elapsedMs <= 0) return 100;
  // The 1e-9 keeps a product that lands a hair under a whole hundredth (2.00 × 100 = 199.99999…) on it.
  return Math.max(100, Math.floor(100 * Math.exp(GROWTH_PER_MS * elapsedMs) + 1e-9));
}

/** The first whole millisecond of the flight at which the multiplier shows `point` (hundredths). */
export function timeOf(point: number): number {
  if (point <= 100) return 0;
  let t = Math.max(0, Math.floor(Math.log(point / 100) / GROWTH_PER_MS) - 2);
  while (multiplierAt(t) < point) t += 1;
  return t;
}
