import { createContext, useContext } from 'react';

/** What a route of the table says about its screen (`handle` of the route object). */
export interface RouteHandle {
  /** Translation key of the screen's title (the header shows it). */
  title?: string;
  /** Translation key of an optional second line. */
  subtitle?: string;
  /** Back is enabled on this screen: where it leads when there is no history to go back through. */
  back?: string;
}

/**
 * The handle of the deepest matched route that has a title. The app runs react-router in declarative mode
 * (BrowserRouter + useRoutes: the data router alone would cost ~18 KB gzip of first-load JavaScript), where
 * `useMatches` does not exist; the app's router provides the handle through this context instead.
 */
export const RouteHandleContext = createContext<RouteHandle>({});

export function useRouteHandle(): RouteHandle {
  return useContext(RouteHandleContext);
}

/** The handle to show among matched routes (deepest first wins), as the router's matches list them. */
export function titledHandle(matches: { route: { handle?: unknown } }[] | null): RouteHandle {
  const found = [...(matches ?? [])]
    .reverse()
    .find((m) => (m.route.handle as RouteHandle | undefined)?.title);
  return (found?.route.handle as RouteHandle | undefined) ?? {};
}
