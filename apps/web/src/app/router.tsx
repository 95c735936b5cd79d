import { useMemo, type ReactNode } from 'react';
import {
  BrowserRouter,
  matchRoutes,
  Navigate,
  renderMatches,
  useLocation,
  type RouteObject,
} from 'react-router';
import { useAppContext } from '@/lib/app-context';
import { replaceLocale } from '@/lib/locale-path';
import { RouteHandleContext, titledHandle } from '@/lib/route-handle';
import { LocaleGate } from './locale-gate';
import { localizedRoutes } from './routes';

function DefaultLocaleRedirect() {
  const { pathname, search, hash } = useLocation();
  const { app } = useAppContext();
  return <Navigate replace to={replaceLocale(pathname, app.defaultLocale) + search + hash} />;
}

export const appRoutes: RouteObject[] = [
  { path: '/:locale', element: <LocaleGate />, children: localizedRoutes },
  { path: '*', element: <DefaultLocaleRedirect /> },
];

/**
 * The route table matched once per location, for both the screen and its title: `useRoutes` plus a
 * `matchRoutes` of our own matched it twice, and each match flattens and ranks the table and compiles a pattern
 * per route tried (the optional segments make ~50): the largest piece of the first task after hydration began.
 */
function AppRoutes() {
  const location = useLocation();
  const matches = useMemo(() => matchRoutes(appRoutes, location), [location]);
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
