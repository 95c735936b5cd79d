import type { PayoutCap } from '@sb/betting';

/** One override of the maximum payout: a brand (null: every brand) and a currency. */
export interface PayoutOverride {
  brandId: number | null;
  currency: string;
  amount: number;
}

/** The bounds of a bet for a client of this brand in this currency (a visitor: null, the default payout). */
export type PayoutCapOf = (brandId: number | null, currency: string | null) => PayoutCap;

/**
 * The maximum payout per brand and currency: the brand's own entry for the currency, else the one for every
 * brand, else the default; the combined odds bound is the same everywhere (odds have no currency).
 */
export function payoutCaps(settings: {
  defaultCents: number;
  overrides: readonly PayoutOverride[];
  maxOdds: number;
}): PayoutCapOf {
  const maxOddsThousandths = settings.maxOdds * 1000;
  return (brandId, currency) => {
    const own = settings.overrides.find((o) => o.brandId === brandId && o.currency === currency);
    const every = settings.overrides.find((o) => o.brandId === null && o.currency === currency);
    return { maxPayoutCents: (own ?? every)?.amount ?? settings.defaultCents, maxOddsThousandths };
  };
}
