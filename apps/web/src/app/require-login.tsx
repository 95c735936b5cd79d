import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useLocalePath } from '@/lib/app-context';
import { useIsLoggedIn } from '@/lib/session';

/** Account screens need a login (spec §6): a visitor is sent to the login screen. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const to = useLocalePath();
  if (!useIsLoggedIn()) return <Navigate replace to={to('/login')} />;
  return <>{children}</>;
}

/** Route screens are lazy chunks; this is what shows while one loads. */
export function LazyScreen({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<Spinner label={t('app.loading')} />}>{children}</Suspense>;
}
