import type { QueryClient } from '@tanstack/react-query';
import type { StartupData } from '@sb/contract';
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
    /** Start-up data the server inlined into index.html (absent under the Vite dev server). */
    __SB_BOOT__?: StartupData;
  }
}

/**
 * Puts the start-up data the server inlined into the page into the query cache, under the keys of the calls it
 * replaces, so the first render needs no round trip. Without it (Vite dev, another host, a locale the data is
 * not for) nothing is seeded and Bootstrap makes the calls as before.
 */
export function seedStartupData(
  client: QueryClient,
  boot: StartupData | undefined = window.__SB_BOOT__,
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
