import { LOCALES, WEB_ROUTE_PATTERNS } from '@sb/contract/constants';

/** A react-router pattern (`live/:sport?/:eventId?`) as a regular expression over the rest of a path. */
function compile(pattern: string): RegExp {
  const parts = pattern
    .split('/')
    .filter((s) => s !== '')
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    });
  return new RegExp(`^${parts.join('')}/?$`);
}

const ROUTES = WEB_ROUTE_PATTERNS.map(compile);

/**
 * Whether the web app has a screen at this path (no query string): `/:locale/` + one of the route table's
 * patterns. A path without a locale is the same path under the default locale (the app redirects there).
 */
export function isWebRoute(path: string): boolean {
  const first = path.split('/')[1] ?? '';
  const rest = (LOCALES as readonly string[]).includes(first) ? path.slice(first.length + 1) : path;
  return ROUTES.some((route) => route.test(rest === '' ? '/' : rest));
}
