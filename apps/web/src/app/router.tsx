import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { useAppContext } from '@/lib/app-context';
import { replaceLocale } from '@/lib/locale-path';
import { LocaleGate } from './locale-gate';
import { localizedRoutes } from './routes';

function DefaultLocaleRedirect() {
  const { pathname, search, hash } = useLocation();
  const { app } = useAppContext();
  return <Navigate replace to={replaceLocale(pathname, app.defaultLocale) + search + hash} />;
}

export function createAppRouter() {
  return createBrowserRouter([
    { path: '/:locale', element: <LocaleGate />, children: localizedRoutes },
    { path: '*', element: <DefaultLocaleRedirect /> },
  ]);
}
