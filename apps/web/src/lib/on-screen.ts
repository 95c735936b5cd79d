import { useEffect, useState, type RefObject } from 'react';

/** How near the viewport an element counts as on screen: it is drawn up to date before it shows. */
export const ON_SCREEN_MARGIN_PX = 200;

type Listener = (onScreen: boolean) => void;
const listeners = new Map<Element, Listener>();
/** The one observer, and the constructor it came from (a test may install another). */
let shared: { of: typeof IntersectionObserver; observer: IntersectionObserver } | null = null;

/** One observer for every element watched (rows of long lists: an observer each would cost more than it saves). */
function watch(element: Element, listener: Listener): () => void {
  if (shared?.of !== IntersectionObserver) {
    const observer = new IntersectionObserver(
      (entries) => entries.forEach((e) => listeners.get(e.target)?.(e.isIntersecting)),
      { rootMargin: `${ON_SCREEN_MARGIN_PX}px` },
    );
    shared = { of: IntersectionObserver, observer };
  }
  const { observer } = shared;
  listeners.set(element, listener);
  observer.observe(element);
  return () => {
    listeners.delete(element);
    observer.unobserve(element);
  };
}

/**
 * `value` while the element is on screen (or within `ON_SCREEN_MARGIN_PX` of it); while it is off screen, the
 * value it showed last, until it comes back. Live odds patch every row of a list at each burst: a row out of view
 * renders nothing until it is scrolled to, when it catches up at once (and its odds' arrows show what moved).
 * On screen until the browser says otherwise (the first render, the server's, and without IntersectionObserver).
 */
export function useLatestOnScreen<T>(ref: RefObject<Element | null>, value: T): T {
  const [onScreen, setOnScreen] = useState(true);
  const [held, setHeld] = useState(value);
  // Kept up with while on screen (React's way of holding what an earlier render had).
  if (onScreen && held !== value) setHeld(value);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    return watch(element, setOnScreen);
  }, [ref]);
  return onScreen ? value : held;
}
