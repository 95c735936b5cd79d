import { matchRoutes, type RouteObject } from 'react-router';

/** The first segment of a route's own path ('' for index and layout routes). */
const firstSegment = (route: RouteObject) => (route.path ?? '').split('/')[0] ?? '';

/** Whether a route (or one below it) can match a path whose first segment under the locale is `segment`. */
function reaches(route: RouteObject, segment: string): boolean {
  const first = firstSegment(route);
  return first === '' || first === '*' || first.startsWith(':') || first.toLowerCase() === segment;
}

/** A layout route (never an index route) with other children. */
const withChildren = (route: RouteObject, children: RouteObject[]): RouteObject =>
  ({ ...route, children }) as RouteObject;

/** The children of the locale route that a path with this first segment can reach, layouts kept. */
function pruned(routes: RouteObject[], segment: string): RouteObject[] {
  return routes
    .filter((route) => reaches(route, segment))
    .map((route) =>
      route.children && firstSegment(route) === '' && !route.index
        ? withChildren(route, pruned(route.children, segment))
        : route,
    );
}

/**
 * react-router's `matchRoutes` over the part of the table a path can reach. Each match flattens and ranks the
 * whole table and compiles a pattern per branch tried (the optional segments make ~55 branches): the largest
 * piece of hydration's first task on a phone-class CPU (~60 ms). Under the locale every route but the catch-all
 * starts with a fixed segment, so the routes of other first segments can never match; the table cut to the
 * path's first segment (kept per segment) gives the same matches for a fraction of the work. A segment with an
 * escape (`%`), or one the table does not know, is matched against the whole table.
 */
export function createRouteMatcher(appRoutes: RouteObject[], localeRoute: RouteObject) {
  const known = new Set(
    (localeRoute.children ?? []).flatMap(function firsts(route): string[] {
      const first = firstSegment(route);
      if (first === '' && route.children) return route.children.flatMap(firsts);
      return first && first !== '*' && !first.startsWith(':') ? [first.toLowerCase()] : [];
    }),
  );
  const tables = new Map<string, RouteObject[]>();
  function tableFor(pathname: string): RouteObject[] {
    const segment = (pathname.split('/')[2] ?? '').toLowerCase();
    if (!known.has(segment) && segment !== '') return appRoutes;
    let table: RouteObject[] | undefined = tables.get(segment);
    if (!table) {
      table = appRoutes.map((route) =>
        route === localeRoute ? withChildren(route, pruned(route.children ?? [], segment)) : route,
      );
      tables.set(segment, table);
    }
    return table;
  }
  return (location: { pathname: string }) =>
    matchRoutes(location.pathname.includes('%') ? appRoutes : tableFor(location.pathname), location);
}
