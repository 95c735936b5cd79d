import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TEST_APP } from '@/test/render';
import { Bootstrap } from './bootstrap';
import { seedStartupData } from './startup-data';

const APP = {
  ...TEST_APP,
  features: { ...TEST_APP.features, hideCasinoLinks: true },
  androidApkUrl: null,
  supportChatUrl: null,
  metaTitle: 'Demo Bet title',
};
const TABLE = {
  'route.home': 'Home',
  'footer.language': 'Language',
  'footer.help': 'Help',
};

function serve(routes: Record<string, () => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input).pathname;
      const handler = Object.entries(routes).find(([prefix]) => path.startsWith(prefix))?.[1];
      return handler ? handler() : new Response('{}', { status: 404 });
    }),
  );
}
const ok = (body: unknown) => () => new Response(JSON.stringify(body), { status: 200 });

function renderApp(seed?: (client: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seed?.(client);
  return render(
    <QueryClientProvider client={client}>
      <Bootstrap />
    </QueryClientProvider>,
  );
}

const healthyRoutes = {
  '/api/getAppByHostname/': ok(APP),
  '/api/v1/translations/get/all': ok({ result: { locale: 'en', translation: TABLE } }),
  '/api/v2/markets': ok({ result: [] }),
  '/api/v1/get/client': ok({ client_id: 'c', client_secret: 's' }),
  '/api/v1/locales': ok({ result: [{ locale: 'en', name: 'English' }] }),
};

/**
 * Home is a lazy route chunk (with lazy parts of its own): the first test to show it imports that module graph,
 * which Vitest transforms on demand — ~0.5 s on a quiet machine, over a second on a loaded one (the start-up
 * sequence itself takes ~70 ms once the modules are loaded). The wait is for the screen, not a time limit.
 */
const LAZY_SCREEN = { timeout: 10_000 };

beforeEach(() => window.history.replaceState(null, '', '/en/'));
afterEach(() => vi.unstubAllGlobals());

describe('Bootstrap', () => {
  it(
    'shows loading, then the translated app with the theme and title applied',
    { timeout: 15_000 },
    async () => {
      serve(healthyRoutes);
      renderApp();
      expect(screen.getByRole('status')).toHaveTextContent(/Loading/);
      expect(await screen.findByRole('heading', { name: 'Home' }, LAZY_SCREEN)).toBeInTheDocument();
      expect(document.title).toBe('Demo Bet title');
      expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#0b7a3e');
    },
  );

  it(
    'renders from the start-up data inlined in the page without any start-up call',
    { timeout: 15_000 },
    async () => {
      serve({ '/api/v1/locales': healthyRoutes['/api/v1/locales'] });
      const boot = {
        host: window.location.hostname,
        app: APP,
        locale: 'en' as const,
        translations: TABLE,
        markets: [],
        client: { client_id: 'c', client_secret: 's' },
      };
      renderApp((client) => expect(seedStartupData(client, boot)).toBe(true));
      expect(await screen.findByRole('heading', { name: 'Home' }, LAZY_SCREEN)).toBeInTheDocument();
      // The screen loads its own data (fixtures); none of the start-up calls goes out.
      const startup = [
        '/api/getAppByHostname/',
        '/api/v1/get/client',
        '/api/v1/translations/',
        '/api/v2/markets',
      ];
      const paths = vi.mocked(fetch).mock.calls.map(([url]) => new URL(String(url)).pathname);
      expect(paths.filter((p) => startup.some((s) => p.startsWith(s)))).toEqual([]);
    },
  );

  it('ignores inlined data meant for another host or locale', () => {
    const client = new QueryClient();
    const boot = {
      host: 'elsewhere.example',
      app: APP,
      locale: 'en' as const,
      translations: TABLE,
      markets: [],
      client: { client_id: 'c', client_secret: 's' },
    };
    expect(seedStartupData(client, boot)).toBe(false);
    const here = { ...boot, host: window.location.hostname };
    expect(seedStartupData(client, here, { hostname: here.host, pathname: '/tr/live' })).toBe(false);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('shows "site not found" when the host has no app', async () => {
    serve({ '/api/getAppByHostname/': () => new Response('{"error":"unknown_app"}', { status: 404 }) });
    renderApp();
    expect(await screen.findByRole('heading', { name: /Site not found/ })).toBeInTheDocument();
  });

  it('shows an error with a retry when translations fail or are empty', async () => {
    serve({
      ...healthyRoutes,
      '/api/v1/translations/get/all': ok({ result: { locale: 'en', translation: {} } }),
    });
    renderApp();
    expect(await screen.findByRole('button', { name: /Try again/ })).toBeInTheDocument();
  });

  it('shows an error with a retry when the server cannot be reached', { timeout: 15_000 }, async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderApp();
    // The app lookup retries a network failure twice (with back-off) before giving up.
    expect(await screen.findByRole('button', { name: /Try again/ }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
