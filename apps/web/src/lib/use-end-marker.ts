import { useEffect, useRef } from 'react';

/**
 * Infinite lists (spec §4 paging): calls `onVisible` whenever the returned marker element scrolls into view
 * (with a 200 px head start), while `active`. The callback is read at call time, so it may change every render.
 */
export function useEndMarker<T extends HTMLElement = HTMLDivElement>(onVisible: () => void, active: boolean) {
  const ref = useRef<T>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const node = ref.current;
    if (!node || !active) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && callback.current(),
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [active]);
  return ref;
}

/** What `useNextPageMarker` needs of an infinite query (TanStack's `useInfiniteQuery` result). */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The end-of-list marker of an infinite query: loads the next page when it shows, once at a time, until the last. */
export function useNextPageMarker<T extends HTMLElement = HTMLDivElement>(query: PagedQuery) {
  return useEndMarker<T>(() => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  }, query.hasNextPage);
}
