import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import { WEB_ROUTE_PATTERNS } from '@sb/contract/constants';
import { createRouteMatcher } from './route-match';
import { localizedRoutes } from './routes';

const localeRoute: RouteObject = { path: '/:locale', children: localizedRoutes };
const appRoutes: RouteObject[] = [localeRoute, { path: '*' }];
const match = createRouteMatcher(appRoutes, localeRoute);

/** What a match decides: which route at each level, with what params and paths (not the route objects' identity). */
const decided = (matches: ReturnType<typeof matchRoutes>) =>
  matches?.map((m) => ({
    params: m.params,
    pathname: m.pathname,
    pathnameBase: m.pathnameBase,
    path: m.route.path,
    index: m.route.index,
    element: m.route.element,
    handle: m.route.handle,
  }));

/** Paths for every pattern of the table: each optional segment present and left out, in two cases and both locales. */
function samplePaths(): string[] {
  const out = new Set<string>([
    '/',
    '/en',
    '/en/',
    '/tr',
    '/xx/live',
    '/en/nothing/here',
    '/en/live%2F1',
    '/en/%6Cive/1',
  ]);
  for (const pattern of WEB_ROUTE_PATTERNS) {
    const parts = pattern.split('/').filter(Boolean);
    const optional = parts.filter((p) => p.endsWith('?')).length;
    for (let mask = 0; mask < 1 << optional; mask++) {
      let k = 0;
      const path = parts
        .flatMap((p, i) => {
          if (!p.startsWith(':')) return [p];
          if (p.endsWith('?') && !(mask & (1 << k++))) return [];
          return [String(100 + i)];
        })
        .join('/');
      for (const locale of ['en', 'tr']) {
        out.add(`/${locale}/${path}`);
        out.add(`/${locale}/${path}/`);
        out.add(`/${locale.toUpperCase()}/${path.toUpperCase()}`);
        out.add(`/${locale}/${path}/extra/segments`);
      }
    }
  }
  return [...out];
}

describe('route matching over the reachable part of the table', () => {
  it('decides exactly what react-router decides over the whole table, for every pattern and then some', () => {
    const paths = samplePaths();
    expect(paths.length).toBeGreaterThan(200);
    for (const pathname of paths) {
      expect(decided(match({ pathname })), pathname).toEqual(decided(matchRoutes(appRoutes, { pathname })));
    }
  });

  it('keeps one cut table per first segment', () => {
    const a = match({ pathname: '/en/live/1/2' });
    const b = match({ pathname: '/tr/live' });
    expect(a?.[0]?.route).toBe(b?.[0]?.route);
    expect(a?.[0]?.route).not.toBe(localeRoute);
  });
});
