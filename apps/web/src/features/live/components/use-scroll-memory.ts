import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Remembers how far each list (by its path) was scrolled while shown, and scrolls back there when the same
 * list is shown again (spec §2 Live page: closing an event restores the scroll position). The shell scrolls
 * to the top on every navigation; the restore effect runs after it (it sits later in the tree), so it wins.
 */
export function useScrollMemory(listPath: string | null): void {
  const saved = useRef(new Map<string, number>());
  // Recording stops in the same commit that hides the list: hiding it shortens the page, and the browser's
  // clamped scroll position (the event page's bottom) must not overwrite the list's.
  useLayoutEffect(() => {
    if (listPath === null) return;
    const record = () => void saved.current.set(listPath, window.scrollY);
    // A server-rendered list can be scrolled before it hydrates, and no scroll event may follow: the position it
    // has when remembering starts counts too (unless the list is coming back, and that position is the event's).
    if (!saved.current.has(listPath)) record();
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [listPath]);
  useEffect(() => {
    if (listPath === null) return;
    const y = saved.current.get(listPath) ?? 0;
    if (y <= 0) return;
    window.scrollTo(0, y);
    // Once more after layout, should late content have changed the page height.
    const frame = requestAnimationFrame(() => window.scrollTo(0, y));
    return () => cancelAnimationFrame(frame);
  }, [listPath]);
}
