import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { I18nProvider, createI18n } from '@/lib/i18n';
import { OddsFormatProvider } from '@/lib/odds-format';
import { DEFAULT_LOCALE } from '@sb/contract/constants';
import { ApiError, configureApiClient } from '@/lib/api-client';
import { setClientCredential } from '@/lib/auth-token';
import { AppContext, type AppContextValue } from '@/lib/app-context';
import { localeOfPath } from '@/lib/locale-path';
import { appByHostnameQuery } from './api/get-app-by-hostname';
import { clientCredentialQuery } from './api/get-client';
import { marketsQuery } from './api/get-markets';
import { i18nQueryKey } from './startup-data';
import { translationsQuery } from './api/get-translations';
import { AppRouter, type RouterFrame } from './router';
import { SiteNotFound, StartupError, StartupLoading } from './startup-screens';
import { applyTheme } from './theme';

/**
 * Start-up sequence of spec §1/§4: the app from the host name, then translations, market
 * definitions and the client credential; the router renders only when all of that is loaded
 * and the translation table is non-empty. The server renders the same component (entry-server.tsx) with
 * its own router frame.
 */
export function Bootstrap({ router }: { router?: RouterFrame } = {}) {
  const host = window.location.hostname;
  const appQuery = useQuery(appByHostnameQuery(host));
  const app = appQuery.data;
  const locale = localeOfPath(window.location.pathname) ?? app?.defaultLocale ?? DEFAULT_LOCALE;
  configureApiClient({ locale, appId: app?.id ?? null });

  // Three useQuery calls, not useQueries: that hook (and its observer) is ~1.4 KiB gzip of the first load that
  // nothing else uses.
  const translations = useQuery({ ...translationsQuery(locale), enabled: Boolean(app) });
  const markets = useQuery({ ...marketsQuery(locale), enabled: Boolean(app) });
  const client = useQuery({ ...clientCredentialQuery(app?.id ?? 0), enabled: Boolean(app) });
  setClientCredential(client.data ?? null);
  const table = translations.data;
  const i18nQuery = useQuery({
    queryKey: i18nQueryKey(locale, table),
    queryFn: () => createI18n(locale, table ?? {}),
    enabled: Boolean(table && Object.keys(table).length > 0),
    staleTime: Infinity,
  });

  useEffect(() => {
    if (!app) return;
    applyTheme(app.theme);
    if (document.title !== app.metaTitle) document.title = app.metaTitle;
    if (document.documentElement.lang !== locale) document.documentElement.lang = locale;
  }, [app, locale]);

  // The spec logs a failed client-credential call and carries on: login fetches it again.
  useEffect(() => {
    if (client.error) console.warn('client credential could not be loaded', client.error);
  }, [client.error]);

  const context: AppContextValue | null = useMemo(
    () => (app && markets.data ? { app, locale, markets: markets.data, client: client.data ?? null } : null),
    [app, locale, markets.data, client.data],
  );

  if (appQuery.error instanceof ApiError && appQuery.error.status === 404)
    return <SiteNotFound host={host} />;
  const failed = [appQuery, translations, markets, i18nQuery].filter((q) => q.isError);
  if (failed.length > 0 || (table && Object.keys(table).length === 0)) {
    return (
      <StartupError
        onRetry={() => [appQuery, translations, markets, i18nQuery].forEach((q) => void q.refetch())}
      />
    );
  }
  if (!context || !i18nQuery.data || client.isPending) return <StartupLoading />;

  return (
    <I18nProvider i18n={i18nQuery.data}>
      <AppContext.Provider value={context}>
        <OddsFormatProvider>
          <AppRouter router={router} />
        </OddsFormatProvider>
      </AppContext.Provider>
    </I18nProvider>
  );
}
