import { useEffect, useRef } from 'react';

/**
 * Remembers how far each list (by its path) was scrolled while shown, and scrolls back there when the same
 * list is shown again (spec §2 Live page: closing an event restores the scroll position). The shell scrolls
 * to the top on every navigation; this effect runs after it (it sits later in the tree), so the restore wins.
 */
export function useScrollMemory(listPath: string | null): void {
  const saved = useRef(new Map<string, number>());
  useEffect(() => {
    if (listPath === null) return;
    const y = saved.current.get(listPath) ?? 0;
    let frame = 0;
    if (y > 0) {
      window.scrollTo(0, y);
      // Once more after layout, should late content have changed the page height.
      frame = requestAnimationFrame(() => window.scrollTo(0, y));
    }
    const record = () => void saved.current.set(listPath, window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', record);
    };
  }, [listPath]);
}
