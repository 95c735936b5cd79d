import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Every navigation scrolls to the top (spec §2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
