import type { MarketDefinition } from './markets';
import type { App, ClientCredential } from './tenancy';
import type { Locale } from './constants';

/**
 * What the web loads before its first render (spec §1/§4), inlined by the server into index.html as
 * `window.__SB_BOOT__` (each part is the same body its start-up call returns), so start-up needs no round trip.
 */
export interface StartupData {
  /** The host name the data was resolved for; the web uses it only on that host. */
  host: string;
  app: App;
  /** The path's locale, or the app's default when the path has none. */
  locale: Locale;
  translations: Record<string, string>;
  markets: MarketDefinition[];
  client: ClientCredential;
}
