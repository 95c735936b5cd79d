import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useAppContext } from '@/lib/app-context';
import { isLocale, replaceLocale } from '@/lib/locale-path';

/**
 * The first path segment is the locale. A path without one lands on the default locale;
 * moving to another locale reloads, because translations are loaded once per locale at start.
 */
export function LocaleGate() {
  const { locale: param } = useParams();
  const { pathname, search, hash } = useLocation();
  const { locale, app } = useAppContext();
  const other = isLocale(param) && param !== locale;

  useEffect(() => {
    if (other) window.location.assign(pathname + search + hash);
  }, [other, pathname, search, hash]);

  if (!isLocale(param))
    return <Navigate replace to={replaceLocale(pathname, app.defaultLocale) + search + hash} />;
  if (other) return null;
  return <Outlet />;
}
