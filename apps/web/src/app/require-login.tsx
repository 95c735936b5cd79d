import { Suspense, useRef, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Navigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useLocalePath } from '@/lib/app-context';
import { HydrationGate } from '@/lib/server-markup';
import { useIsLoggedIn } from '@/lib/session';

/**
 * Account screens need a login (spec §6): a visitor is sent to the login screen. Someone who logs out
 * here is on their way home (the logout flow navigates there), so the screen just empties itself.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const to = useLocalePath();
  const loggedIn = useIsLoggedIn();
  const wasLoggedIn = useRef(loggedIn);
  if (loggedIn) wasLoggedIn.current = true;
  if (!loggedIn) return wasLoggedIn.current ? null : <Navigate replace to={to('/login')} />;
  return <>{children}</>;
}

/**
 * Route screens are lazy chunks; this is what shows while one loads. A server-rendered screen stays inert until
 * its chunk has hydrated (the gate sits inside the boundary: it hydrates with the screen, not before).
 */
export function LazyScreen({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('app.loading')} />}>
      <HydrationGate>{children}</HydrationGate>
    </Suspense>
  );
}
