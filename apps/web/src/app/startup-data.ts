import type { QueryClient } from '@tanstack/react-query';
import type { InlineStartupData, StartupData, StartupTail } from '@sb/contract';
import { createI18nNow } from '@/lib/i18n';
import { localeOfPath } from '@/lib/locale-path';
import { appByHostnameQuery } from './api/get-app-by-hostname';
import { clientCredentialQuery } from './api/get-client';
import { marketsQuery } from './api/get-markets';
import { translationsQuery } from './api/get-translations';

/** Query key of the translations made over a translation table (Bootstrap's, and the seeded one). */
export const i18nQueryKey = (locale: string, table: Record<string, string> | undefined) =>
  ['i18n', locale, table ? Object.keys(table).length : 0] as const;

declare global {
  interface Window {
    /**
     * Start-up data the server inlined into index.html (absent under the Vite dev server): without its
     * translations and markets, which are at its `tail` address (the older whole form is still read).
     */
    __SB_BOOT__?: StartupData | InlineStartupData;
    /** The tail's answer, asked for by the page's loader beside the app's script (server plugins/web.ts). */
    __SB_BOOT_TAIL__?: Promise<StartupTail | null>;
  }
}

async function fetchTail(url: string): Promise<StartupTail | null> {
  try {
    const response = await fetch(url);
    return response.ok ? ((await response.json()) as StartupTail) : null;
  } catch {
    return null;
  }
}

/**
 * The page's start-up data made whole: the inline part with its tail (the loader's request, or one made now).
 * Undefined when there is none or the tail could not be had: nothing is seeded and Bootstrap makes the calls.
 */
export async function pageStartupData(
  boot: StartupData | InlineStartupData | undefined = window.__SB_BOOT__,
  tail: Promise<StartupTail | null> | undefined = window.__SB_BOOT_TAIL__,
): Promise<StartupData | undefined> {
  if (!boot || !('tail' in boot)) return boot;
  const parts = await (tail ?? fetchTail(boot.tail));
  if (!parts) return undefined;
  const { tail: _tail, ...inline } = boot;
  return { ...inline, translations: parts.translations, markets: parts.markets };
}

/**
 * Puts the start-up data the server inlined into the page into the query cache, under the keys of the calls it
 * replaces, so the first render needs no round trip. Without it (Vite dev, another host, a locale the data is
 * not for) nothing is seeded and Bootstrap makes the calls as before.
 */
export function seedStartupData(
  client: QueryClient,
  boot: StartupData | undefined,
  location: { hostname: string; pathname: string } = window.location,
): boolean {
  if (!boot || boot.host !== location.hostname) return false;
  const pathLocale = localeOfPath(location.pathname);
  if (pathLocale !== null && pathLocale !== boot.locale) return false;
  client.setQueryData(appByHostnameQuery(location.hostname).queryKey, boot.app);
  client.setQueryData(translationsQuery(boot.locale).queryKey, boot.translations);
  client.setQueryData(marketsQuery(boot.locale).queryKey, boot.markets);
  client.setQueryData(clientCredentialQuery(boot.app.id).queryKey, boot.client);
  // The instance Bootstrap would make on its first render: ready now, so the first render is the app itself.
  client.setQueryData(
    i18nQueryKey(boot.locale, boot.translations),
    createI18nNow(boot.locale, boot.translations),
  );
  return true;
}
