import { createContext, useContext } from 'react';
import type { App, ClientCredential, Locale, MarketDefinition } from '@sb/contract';
import { localizedPath } from './locale-path';

/** What start-up loaded (spec §1): the app, its locale, market definitions and the client credential. */
export interface AppContextValue {
  app: App;
  locale: Locale;
  markets: MarketDefinition[];
  client: ClientCredential | null;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useAppContext outside the started app');
  return value;
}

/** Builds in-app paths under the current locale prefix. */
export function useLocalePath(): (path: string) => string {
  const { locale } = useAppContext();
  return (path) => localizedPath(locale, path);
}
