import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Every navigation scrolls to the top (spec §2). Not the first render: a new page starts at the top anyway, and
 * a server-rendered one may have been scrolled before it hydrated (snapping it back would lose the player's place).
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
