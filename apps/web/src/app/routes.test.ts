import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { WEB_ROUTE_PATTERNS } from '@sb/contract/constants';
import { localizedRoutes } from './routes';

/** Every path below the locale, as react-router would match it ('' for index routes, '*' left out). */
function paths(routes: RouteObject[], prefix = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.index ? prefix : route.path ? [prefix, route.path].filter(Boolean).join('/') : prefix;
    const children = route.children ? paths(route.children, own) : [];
    const self = route.index || (route.path && route.path !== '*') ? [own] : [];
    return [...self, ...children];
  });
}

describe('route table', () => {
  // The server answers paths outside WEB_ROUTE_PATTERNS with 404: the two lists must be the same.
  it('is the list the server knows (WEB_ROUTE_PATTERNS)', () => {
    expect(paths(localizedRoutes).sort()).toEqual([...WEB_ROUTE_PATTERNS].sort());
  });
});
