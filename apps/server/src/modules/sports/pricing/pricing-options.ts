// The book's pricing settings, apart from event-pricing.ts: the football model takes them too, and event-pricing
// calls the football model.
import { DEFAULT_BAND, type PriceBand } from './margin';

/** The book's pricing settings (config `PRICE_MAX_ODD`, `PRICING_DC_RHO`). */
export interface PricingOptions {
  /** Odds outside [minOdd, maxOdd) are suspended, never clamped. */
  band: PriceBand;
  /** Dixon–Coles low-score correction of the football goals grid (0 = independent Poisson). */
  rho: number;
}

export const DEFAULT_PRICING: PricingOptions = { band: DEFAULT_BAND, rho: 0 };
