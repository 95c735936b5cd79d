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

/**
 * What the server hands over: the time zone it rendered dates in, the queries it rendered with and the lazy parts
 * it drew (ids of lib/lazy-part.ts, loaded before hydrating).
 */
export interface ServerState {
  timeZone: string;
  queries: ServerQuery[];
  parts: string[];
}

/**
 * Puts the data the server rendered the page with into the query cache, so hydration renders exactly what the
 * server did. Answers the lazy parts the server drew if the page was server-rendered, else null (the root holds
 * only the brand bar).
 */
export function adoptServerState(client: QueryClient, doc: Document = document): string[] | null {
  const element = doc.getElementById(SSR_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const { timeZone, queries, parts } = JSON.parse(element.textContent) as ServerState;
    setServerTimeZone(timeZone);
    for (const [key, data, updatedAt] of queries) client.setQueryData(key, data, { updatedAt });
    return parts ?? [];
  } catch {
    return null;
  }
}
