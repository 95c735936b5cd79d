import { useEffect, useRef } from 'react';

/**
 * Remembers how far the list was scrolled while it is shown, and scrolls back there when it is shown again
 * (spec §2 Live page: closing an event restores the scroll position). The shell scrolls to the top on every
 * navigation; this effect runs after it (it sits later in the tree), so the restore wins.
 */
export function useScrollMemory(listShown: boolean): void {
  const saved = useRef(0);
  useEffect(() => {
    if (!listShown) return;
    if (saved.current > 0) {
      const y = saved.current;
      window.scrollTo(0, y);
      // Once more after layout, should late content have changed the page height.
      const frame = requestAnimationFrame(() => window.scrollTo(0, y));
      const cancel = () => cancelAnimationFrame(frame);
      const record = () => void (saved.current = window.scrollY);
      window.addEventListener('scroll', record, { passive: true });
      return () => {
        cancel();
        window.removeEventListener('scroll', record);
      };
    }
    const record = () => void (saved.current = window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [listShown]);
}
