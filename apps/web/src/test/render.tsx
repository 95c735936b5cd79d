import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider, createI18n } from '@/lib/i18n';
import { createMemoryRouter, Outlet, RouterProvider, useMatches, type RouteObject } from 'react-router';
import type { App, SessionUser } from '@sb/contract';
import { AppContext } from '@/lib/app-context';
import { authStorage } from '@/lib/auth-storage';
import { OddsFormatProvider } from '@/lib/odds-format';
import { RouteHandleContext, titledHandle } from '@/lib/route-handle';
import { USER_QUERY_KEY } from '@/lib/session';

export const TEST_APP: App = {
  id: 1,
  hostname: 'localhost',
  name: 'Demo Bet',
  defaultLocale: 'en',
  theme: {
    primary: '#0b7a3e',
    primaryContrast: '#ffffff',
    accent: '#f5c518',
    background: '#0f1a14',
    surface: '#17261d',
    text: '#f2f5f3',
    textMuted: '#9bb0a3',
    logoUrl: '/x.svg',
  },
  features: {
    homeVariant: 1,
    hideResultsTile: false,
    hideCasinoLinks: false,
    casino: true,
    crash: true,
    virtualSports: true,
  },
  androidApkUrl: '/app.apk',
  supportChatUrl: 'https://chat.example',
  metaTitle: 'Demo Bet',
  locales: ['en', 'tr'],
  currencyIso: 'TRY',
  timeZone: 'Europe/Istanbul',
  links: { help: null, terms: null, privacy: null, responsibleGaming: null },
};

export const TEST_USER: SessionUser = {
  uid: 7,
  group: { key: 'ROLE_CLIENT' },
  balance: 123_456_78,
  bonus: 5_00,
  currency: { symbol: '₺', position: 'before', iso_code: 'TRY' },
  timezone: 'Europe/Istanbul',
  balanceFormat: '₺123,456.78',
  bonusFormat: '₺5.00',
  first_name: 'Deniz',
  last_name: 'Demir',
  full_name: 'Deniz Demir',
  username: 'demo',
  date_of_birth: '1990-04-23',
  date_format: 'DD.MM.YYYY',
  email: 'demo@example.com',
  loggedIn: true,
  waiting_bets: 0,
  preferences: {
    oddsFormat: 'decimal',
    oddsChange: 'none',
    language: 'en',
    timezone: 'Europe/Istanbul',
    dateFormat: '',
    hideBalance: false,
  },
};

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status });
}

export function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Tests keep a data router (to inspect its state); screens read route handles as the app's router gives them. */
function RouteHandles() {
  const handle = titledHandle(useMatches().map((m) => ({ route: { handle: m.handle } })));
  return (
    <RouteHandleContext.Provider value={handle}>
      <Outlet />
    </RouteHandleContext.Provider>
  );
}

/** A query client holding a logged-in session (tokens stored) that does not refetch on its own. */
export function loggedInQueryClient(user: SessionUser = TEST_USER): QueryClient {
  authStorage.set({ accessToken: 'a', refreshToken: 'r' });
  const queryClient = newQueryClient();
  queryClient.setQueryDefaults([USER_QUERY_KEY, 'session'], { staleTime: Infinity });
  queryClient.setQueryData([USER_QUERY_KEY, 'session'], { user, app: { meta: { title: 't' } } });
  return queryClient;
}

/** Renders `element` at `path` inside the app's providers (router, query client, i18n, app context). */
export async function renderScreen(
  element: ReactElement,
  {
    path = '/en/',
    routes = [],
    queryClient = newQueryClient(),
  }: { path?: string; routes?: RouteObject[]; queryClient?: QueryClient } = {},
) {
  // An empty table: the lookup answers a missing key with the key, so assertions name the key a screen used.
  const i18n = await createI18n('en', {});
  const router = createMemoryRouter(
    [{ element: <RouteHandles />, children: [{ path: '*', element }, ...routes] }],
    {
      initialEntries: [path],
    },
  );
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <AppContext.Provider
          value={{
            app: TEST_APP,
            locale: 'en',
            markets: [],
            client: { client_id: 'cid', client_secret: 'csecret' },
          }}
        >
          <OddsFormatProvider>{children}</OddsFormatProvider>
        </AppContext.Provider>
      </I18nProvider>
    </QueryClientProvider>
  );
  return { ...render(wrap(<RouterProvider router={router} />)), router, queryClient };
}
