// The server's entry (a separate `vite build --ssr` into dist/.ssr, loaded by apps/server plugins/web-ssr.ts):
// renders the first view of a page for one visitor's host, locale and path, with the data it needs already in
// the query cache, and hands that cache over for hydration (main.tsx).
import { StrictMode, type ReactElement } from 'react';
import { Readable } from 'node:stream';
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { StaticRouter } from 'react-router';
import {
  QueryCache,
  QueryClient,
  QueryClientProvider,
  type FetchQueryOptions,
  type Query,
} from '@tanstack/react-query';
import type { ServerRenderRequest } from '@sb/contract';
import { canonicalTimeZone } from '@sb/contract/constants';
import { Bootstrap } from './app/bootstrap';
import { seedStartupData } from './app/startup-data';
import { configureApiClient, setApiTransport } from './lib/api-client';
import { QUERY_DEFAULTS, SSR_STATE_ELEMENT_ID, type ServerState } from './app/ssr-state';
import { setServerTimeZone } from './lib/dates';
import { takeDrawnParts } from './lib/lazy-part';
import { setAdoptingServerMarkup } from './lib/markup-phase';

// Everything the server renders is markup a browser will adopt: stores answer their server snapshots here.
setAdoptingServerMarkup(true);

export { SSR_STATE_ELEMENT_ID };

/**
 * The lazy parts the server draws (their ids, lib/lazy-part.ts) and their sources as the client build's manifest
 * names them: the server puts the style sheets of the parts a page drew into that page, so it paints styled
 * before their scripts arrive, and leaves the other screens' sheets to load with their code (Vite's loader
 * waits for a lazy chunk's sheets before the screen renders).
 */
export const SERVER_RENDERED_PARTS: Record<string, string> = {
  HomePage: 'src/features/home/home-page.tsx',
  LiveCarousel: 'src/features/home/components/live-carousel.tsx',
  SportsScreen: 'src/app/screens/sports-screen.tsx',
  LiveScreen: 'src/app/screens/live-screen.tsx',
  TimePeriodPage: 'src/features/sports/time-period-page.tsx',
  EventPage: 'src/features/event/event-page.tsx',
  CasinoPage: 'src/features/casino/casino-page.tsx',
  BetslipPage: 'src/features/betslip/betslip-page.tsx',
};

/** Every screen the server renders (a page that drew a part missing above gets all their sheets). */
export const SERVER_RENDERED_MODULES = [
  ...Object.values(SERVER_RENDERED_PARTS),
  'src/features/casino/popular-games-strip.tsx',
];

export type RenderRequest = ServerRenderRequest<typeof fetch>;

export interface RenderResult {
  /** The app's markup for inside `<div id="root">`. */
  html: Readable;
  /** The query cache's data, for the server to write into a `<script type="application/json">` (its scriptJson). */
  state: ServerState;
  /** Whole renders of the tree it took (the page's queries known from its last render: usually one). */
  passes: number;
  /** The ids of the lazy parts the page drew (`SERVER_RENDERED_PARTS` names their sources). */
  parts: string[];
}

/** Render passes to discover the queries a page makes (a query's data may reveal the next, e.g. main markets). */
const MAX_DATA_PASSES = 4;

/** A memory Storage: the server has no device storage (no token, an empty slip): a visitor's first view. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/**
 * The few browser globals the app reads while rendering (the location, the runtime config, device storage),
 * installed for one render. Renders are serialised (`exclusive`), so one visitor's location never leaks into
 * another's page.
 */
function installBrowserGlobals(request: RenderRequest): () => void {
  const url = new URL(request.url, request.origin);
  const g = globalThis as Record<string, unknown>;
  const saved = { window: g.window, localStorage: g.localStorage, sessionStorage: g.sessionStorage };
  const noop = () => {};
  g.window = {
    location: {
      hostname: request.hostname,
      origin: request.origin,
      pathname: url.pathname,
      search: url.search,
      hash: '',
      href: url.href,
    },
    history: { state: null, length: 1 },
    __SB_CONFIG__: request.runtimeConfig,
    __SB_BOOT__: request.boot,
    addEventListener: noop,
    removeEventListener: noop,
  };
  g.localStorage = memoryStorage();
  g.sessionStorage = memoryStorage();
  return () => Object.assign(g, saved);
}

let queue: Promise<unknown> = Promise.resolve();
/** Runs renders one at a time (the browser globals above are process-wide). */
function exclusive<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/** A query's options as its observer built it (with `enabled`, which the query itself does not keep). */
type BuiltOptions = FetchQueryOptions & { enabled?: unknown };

/** Whether a query's observer would fetch it (`enabled` may be a function of the query). */
function isEnabled(options: BuiltOptions, query: Query): boolean {
  const { enabled } = options;
  return typeof enabled === 'function'
    ? Boolean((enabled as (q: Query) => unknown)(query))
    : enabled !== false;
}

function app(client: QueryClient, url: string) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <Bootstrap router={(routes) => <StaticRouter location={url}>{routes}</StaticRouter>} />
      </QueryClientProvider>
    </StrictMode>
  );
}

/** The queries a page fetched when it was last rendered, by host and URL (bounded: oldest forgotten first). */
const knownQueries = new Map<string, BuiltOptions[]>();
const KNOWN_PAGES_MAX = 500;

function rememberQueries(key: string, options: BuiltOptions[]): void {
  knownQueries.delete(key);
  knownQueries.set(key, options);
  if (knownQueries.size > KNOWN_PAGES_MAX) knownQueries.delete(knownQueries.keys().next().value!);
}

/**
 * The app's markup, lazy parts loaded as they are reached (`react` is Preact's compatibility layer in the builds,
 * vite.config.ts), and the ids of the lazy parts it drew.
 */
async function renderApp(element: ReactElement): Promise<{ markup: string; parts: string[] }> {
  takeDrawnParts();
  const markup = await renderToStringAsync(element as unknown as VNode);
  return { markup, parts: takeDrawnParts() };
}

/**
 * A query cache that notes the options each query was last built with (its observer's: `enabled` lives there,
 * not on the query), and the queries the tree itself asked for while rendering (not those fetched ahead for it).
 */
function recordingCache() {
  const built = new Map<string, BuiltOptions>();
  const used = new Set<string>();
  const recording = { rendering: false };
  const cache = new QueryCache();
  const build = cache.build.bind(cache);
  cache.build = ((client, options, state) => {
    const query = build(client, options, state);
    built.set(query.queryHash, options as BuiltOptions);
    if (recording.rendering) used.add(query.queryHash);
    return query;
  }) as typeof cache.build;
  return { cache, built, used, recording };
}

/** Fetches queries ahead of a pass: `tried` holds every query asked for, `fetched` the options of those that came. */
function prefetcher(client: QueryClient, cache: QueryCache) {
  const tried = new Set<string>();
  const fetched: BuiltOptions[] = [];
  const prefetch = async (options: BuiltOptions[]) => {
    await Promise.all(options.map((o) => client.prefetchQuery(o)));
    for (const o of options) {
      const query = cache.find({ queryKey: o.queryKey, exact: true });
      if (!query) continue;
      tried.add(query.queryHash);
      if (query.state.status === 'success') fetched.push(o);
    }
  };
  return { prefetch, tried, fetched };
}

/**
 * Renders the tree, fetching the new queries each pass asks for, until a pass asks for none (that pass is the
 * page) or `MAX_DATA_PASSES` ran out (no page).
 */
async function renderUntilSettled(
  client: QueryClient,
  recorder: ReturnType<typeof recordingCache>,
  fetcher: ReturnType<typeof prefetcher>,
  url: string,
): Promise<{ page: { markup: string; parts: string[] } | null; passes: number }> {
  const { cache, built, recording } = recorder;
  let passes = 0;
  for (let pass = 0; pass < MAX_DATA_PASSES; pass += 1) {
    passes += 1;
    recording.rendering = true;
    const rendered = await renderApp(app(client, url)).finally(() => {
      recording.rendering = false;
    });
    const wanted = cache
      .getAll()
      .filter((q) => q.state.data === undefined && !fetcher.tried.has(q.queryHash))
      .filter((q) => built.has(q.queryHash) && isEnabled(built.get(q.queryHash)!, q));
    if (wanted.length === 0) return { page: rendered, passes };
    await fetcher.prefetch(wanted.map((q) => built.get(q.queryHash)!));
  }
  return { page: null, passes };
}

/**
 * Renders a page: passes over the tree (lazy screens loaded, queries it asks for fetched) until it asks for no
 * new data; the pass that asked for nothing is the page. The queries the page fetched last time are fetched
 * before the first pass, so a page seen before usually renders once (each pass is a whole render: home took
 * three and a fourth to stream). Queries that failed are dropped, so the page shows them loading, as the
 * client's first render does before it fetches them itself (then the page is rendered again without them).
 */
export function renderPage(request: RenderRequest): Promise<RenderResult> {
  return exclusive(async () => {
    const restore = installBrowserGlobals(request);
    // The visitor's zone if the platform knows it (it came from a cookie), else UTC.
    const timeZone = canonicalTimeZone(request.timeZone) ?? 'UTC';
    setServerTimeZone(timeZone);
    try {
      const recorder = recordingCache();
      const { cache, used } = recorder;
      const client = new QueryClient({
        queryCache: cache,
        defaultOptions: { queries: { ...QUERY_DEFAULTS, retry: false } },
      });
      setApiTransport(request.fetch);
      const location = {
        hostname: request.hostname,
        pathname: new URL(request.url, request.origin).pathname,
      };
      if (!seedStartupData(client, request.boot, location))
        throw new Error('start-up data does not fit the page');
      // The page's locale and brand before anything is fetched for it (Bootstrap sets the same when it renders):
      // the queries fetched ahead of the first pass went out with the previous page's, so a Turkish Kartal page
      // after an English one got English market names and the other brand's answers in its first view.
      configureApiClient({ locale: request.boot.locale, appId: request.boot.app.id });
      const seeded = new Set(cache.getAll().map((q) => q.queryHash));
      const fetcher = prefetcher(client, cache);
      const pageKey = `${request.hostname} ${request.url}`;
      await fetcher.prefetch(knownQueries.get(pageKey) ?? []);

      const settled = await renderUntilSettled(client, recorder, fetcher, request.url);
      const { page } = settled;
      let { passes } = settled;
      rememberQueries(pageKey, fetcher.fetched);
      const failed = cache.getAll().filter((q) => q.state.status === 'error');
      failed.forEach((q) => cache.remove(q));

      // The last pass is the page, unless a query failed (its part must show loading) or the passes ran out.
      const reused = page !== null && failed.length === 0;
      if (!reused) passes += 1;
      const final = page && reused ? page : await renderApp(app(client, request.url));
      const state: ServerState = {
        timeZone,
        queries: cache
          .getAll()
          .filter((q) => q.state.status === 'success' && !seeded.has(q.queryHash) && used.has(q.queryHash))
          .map((q) => [q.queryKey, q.state.data, q.state.dataUpdatedAt]),
        parts: final.parts,
      };
      const html = Readable.from([final.markup]);
      return { html, state, passes, parts: final.parts };
    } finally {
      setApiTransport(null);
      restore();
    }
  });
}
