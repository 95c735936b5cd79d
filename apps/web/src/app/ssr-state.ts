import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { setServerTimeZone } from '@/lib/dates';

/** The query defaults of the app, the same on the server (entry-server.tsx) and in the browser (main.tsx). */
export const QUERY_DEFAULTS = { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } as const;

/** `<script type="application/json" id=…>` holding the server's query cache (data, not a script: no CSP hash). */
export const SSR_STATE_ELEMENT_ID = 'sb-ssr-state';

/**
 * One query the server rendered with: key, data, when it was fetched (epoch ms). TanStack's own
 * dehydrate/hydrate would do the same with more fields, and ~1 KiB more on the first load.
 */
export type ServerQuery = [key: QueryKey, data: unknown, updatedAt: number];

/** What the server hands over: the time zone it rendered dates in and the queries it rendered with. */
export interface ServerState {
  timeZone: string;
  queries: ServerQuery[];
}

/**
 * Puts the data the server rendered the page with into the query cache, so hydration renders exactly what the
 * server did. Answers whether the page was server-rendered (else the root holds only the brand bar).
 */
export function adoptServerState(client: QueryClient, doc: Document = document): boolean {
  const element = doc.getElementById(SSR_STATE_ELEMENT_ID);
  if (!element?.textContent) return false;
  try {
    const { timeZone, queries } = JSON.parse(element.textContent) as ServerState;
    setServerTimeZone(timeZone);
    for (const [key, data, updatedAt] of queries) client.setQueryData(key, data, { updatedAt });
    return true;
  } catch {
    return false;
  }
}
