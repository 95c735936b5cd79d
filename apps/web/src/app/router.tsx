import { useMemo, type ReactNode } from 'react';
import { BrowserRouter, Navigate, renderMatches, useLocation, type RouteObject } from 'react-router';
import { useAppContext } from '@/lib/app-context';
import { replaceLocale } from '@/lib/locale-path';
import { RouteHandleContext, titledHandle } from '@/lib/route-handle';
import { LocaleGate } from './locale-gate';
import { createRouteMatcher } from './route-match';
import { localizedRoutes } from './routes';

function DefaultLocaleRedirect() {
  const { pathname, search, hash } = useLocation();
  const { app } = useAppContext();
  return <Navigate replace to={replaceLocale(pathname, app.defaultLocale) + search + hash} />;
}

const localeRoute: RouteObject = { path: '/:locale', element: <LocaleGate />, children: localizedRoutes };
export const appRoutes: RouteObject[] = [localeRoute, { path: '*', element: <DefaultLocaleRedirect /> }];
const matchAppRoutes = createRouteMatcher(appRoutes, localeRoute);

/**
 * The route table matched once per location, for both the screen and its title (`useRoutes` plus a
 * `matchRoutes` of our own matched it twice), over the part of the table the path can reach (route-match.ts).
 */
function AppRoutes() {
  const location = useLocation();
  const matches = useMemo(() => matchAppRoutes(location), [location]);
  const handle = useMemo(() => titledHandle(matches), [matches]);
  return <RouteHandleContext.Provider value={handle}>{renderMatches(matches)}</RouteHandleContext.Provider>;
}

/**
 * The route table in react-router's declarative mode: the data router (createBrowserRouter) would add ~18 KB
 * gzip to the first load, and no screen uses loaders or actions (data comes through TanStack Query).
 */
export function AppRouter({ router = browserRouter }: { router?: RouterFrame }) {
  return router(<AppRoutes />);
}

/** Puts the routes in a router: the browser's, or on the server one fixed at the requested URL (StaticRouter). */
export type RouterFrame = (routes: ReactNode) => ReactNode;
const browserRouter: RouterFrame = (routes) => <BrowserRouter>{routes}</BrowserRouter>;
