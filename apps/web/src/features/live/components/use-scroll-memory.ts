import { useLayoutEffect, useRef } from 'react';

/**
 * Remembers how far each list (by its path) was scrolled while shown, and scrolls back there when the same
 * list is shown again (spec §2 Live page: closing an event restores the scroll position). The shell scrolls
 * to the top on every navigation (ScrollToTop, a layout effect earlier in the tree); this one runs after it, in
 * the commit that shows the list again, before the browser paints, and once more in the next frame.
 */
export function useScrollMemory(listPath: string | null): void {
  const saved = useRef(new Map<string, number>());
  // One layout effect: the position is read, restored and recorded from in the commit that shows the list, and
  // recording stops in the same commit that hides it. Hiding the list shortens the page, and the browser's clamped
  // scroll position (the event page's bottom) must not overwrite the list's; nor may the scroll event of the
  // shell's scroll to the top, which the browser dispatches after the commit (Preact runs passive effects after
  // that, so a restore there would find the saved position already overwritten with 0).
  useLayoutEffect(() => {
    if (listPath === null) return;
    const y = saved.current.get(listPath);
    const record = () => void saved.current.set(listPath, window.scrollY);
    // A server-rendered list can be scrolled before it hydrates, and no scroll event may follow: the position it
    // has when remembering starts counts too (unless the list is coming back, and that position is the event's).
    if (y === undefined) record();
    window.addEventListener('scroll', record, { passive: true });
    let frame = 0;
    if (y !== undefined && y > 0) {
      window.scrollTo(0, y);
      // Once more after layout, should late content have changed the page height (or a later commit of this
      // navigation have scrolled to the top).
      frame = requestAnimationFrame(() => window.scrollTo(0, y));
    }
    return () => {
      window.removeEventListener('scroll', record);
      cancelAnimationFrame(frame);
    };
  }, [listPath]);
}
