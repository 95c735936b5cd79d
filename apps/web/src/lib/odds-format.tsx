import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { formatOdds, type OddsDisplayFormat } from '@sb/betting';
import { sessionQuery, useIsLoggedIn } from './session';

const SESSION_KEY = sessionQuery().queryKey;
const SESSION_HASH = hashKey(SESSION_KEY);

const OddsFormatContext = createContext<OddsDisplayFormat | null>(null);

/**
 * The player's odds format (preference `odds_format`; decimal for visitors and until the session has loaded),
 * read once for the whole app from the session the app's shell keeps polling. Each odd reading it through its
 * own session query cost home 132 query observers to build, hydrate and re-render at once whenever the session
 * changed. It only reads the cached session: the shell is what fetches it.
 */
export function OddsFormatProvider({ children }: { children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === SESSION_HASH) onChange();
      }),
    [queryClient],
  );
  const stored = useSyncExternalStore(
    subscribe,
    () => queryClient.getQueryData(SESSION_KEY)?.user?.preferences.oddsFormat ?? 'decimal',
    () => 'decimal' as const,
  );
  const format = loggedIn ? stored : 'decimal';
  return <OddsFormatContext.Provider value={format}>{children}</OddsFormatContext.Provider>;
}

/** The player's odds format: under `OddsFormatProvider` (the app's root puts it around every screen). */
export function useOddsFormat(): OddsDisplayFormat {
  const format = useContext(OddsFormatContext);
  if (format === null) throw new Error('useOddsFormat outside OddsFormatProvider');
  return format;
}

/**
 * Odds as the player reads them, everywhere odds appear (rows, event, carousel, slip, success page, My bets).
 * One formatter for the whole app: `formatOdds` of packages/betting; sums and earnings stay on the decimals.
 */
export function useFormatOdds(): (decimal: number) => string {
  const format = useOddsFormat();
  return useCallback((decimal: number) => formatOdds(decimal, format), [format]);
}
