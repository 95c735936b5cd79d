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

/** The two big parts of the start-up data that change only with the content: fetched, not inlined. */
export type StartupTail = Pick<StartupData, 'translations' | 'markets'>;

/**
 * The start-up data as a page carries it inline (`window.__SB_BOOT__`): without its translations and markets
 * (~60 KB of JSON, 13 KB brotli, on every page), which the page's loader fetches from `tail` once the first view
 * has painted, beside the app's script. The address names its content's hash, so a browser keeps it for good.
 */
export interface InlineStartupData extends Omit<StartupData, 'translations' | 'markets'> {
  tail: string;
}

/**
 * What the server hands the web build's server entry (`apps/web/src/entry-server.tsx`) to render one page's first
 * view (`apps/server/src/plugins/web-ssr.ts`). `Fetch` is `typeof fetch` (this package has no DOM or Node types).
 */
export interface ServerRenderRequest<Fetch> {
  /** Path and query of the page (`/en/sports/1`). */
  url: string;
  /** The visitor's host (`kartal.localhost`) and the page's origin (`http://kartal.localhost:8080`). */
  hostname: string;
  origin: string;
  /** The start-up data the page carries (`window.__SB_BOOT__`): app, locale, translations, markets, credential. */
  boot: StartupData;
  /** `window.__SB_CONFIG__`: the spec hosts' base addresses. */
  runtimeConfig: Record<string, string | undefined>;
  /** Answers the app's calls (the server itself, without a network hop). */
  fetch: Fetch;
  /** The visitor's time zone as its cookie says (unchecked; UTC when missing or unknown). */
  timeZone?: string;
}
