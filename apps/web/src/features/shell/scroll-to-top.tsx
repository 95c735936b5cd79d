import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Every navigation scrolls to the top (spec §2). Not the first render: a new page starts at the top anyway, and
 * a server-rendered one may have been scrolled before it hydrated (snapping it back would lose the player's place).
 * A layout effect: it runs in the commit that draws the new page, before the browser paints it. A passive effect
 * runs after the paint on Preact (and on React after a transition's commit): the new page would be drawn, and
 * readable, at the old page's scroll position first.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
