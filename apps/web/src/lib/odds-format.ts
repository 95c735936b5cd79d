import { useCallback } from 'react';
import { formatOdds, type OddsDisplayFormat } from '@sb/betting';
import { useSessionUser } from './session';

/** The player's odds format (preference `odds_format`); decimal for visitors. */
export function useOddsFormat(): OddsDisplayFormat {
  return useSessionUser()?.preferences.oddsFormat ?? 'decimal';
}

/**
 * Odds as the player reads them, everywhere odds appear (rows, event, carousel, slip, success page, My bets).
 * One formatter for the whole app: `formatOdds` of packages/betting; sums and earnings stay on the decimals.
 */
export function useFormatOdds(): (decimal: number) => string {
  const format = useOddsFormat();
  return useCallback((decimal: number) => formatOdds(decimal, format), [format]);
}
