import { useEffect, useRef } from 'react';

/**
 * Infinite lists (spec §4 paging): calls `onVisible` when the end-of-list marker this returns a ref for
 * scrolls into view (200 px early). Inactive, it observes nothing.
 */
export function useEndMarker<T extends Element = HTMLDivElement>(onVisible: () => void, active: boolean) {
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
