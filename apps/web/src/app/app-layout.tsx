import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { BottomNav } from '@/features/bottom-nav/bottom-nav';
import { Header } from '@/features/header/header';
import { LanguageSelector, ShellLayout } from '@/features/shell';
import { useAppContext, useLocalePath } from '@/lib/app-context';
import { useServerMarkup } from '@/lib/server-markup';
import { useIsLoggedIn, useSessionGuard, useSessionUser } from '@/lib/session';
import { SLIP_CLEARED_EVENT } from '@/lib/slip-count';

// Popups that never draw the first screen: their code loads after it (spec: cashback is fetched 0.5 s after
// load anyway; the Android overlay shows only on Android browsers, of a brand with an APK: its code loads only there).
const CashbackPopup = lazy(async () => ({
  default: (await import('@/features/cashback/cashback-popup')).CashbackPopup,
}));
// Said only after a 26th pick cleared the slip: its code loads then.
const SlipClearedNotice = lazy(async () => ({
  default: (await import('@/components/ui/slip-cleared-notice')).SlipClearedNotice,
}));
const AppReminder = lazy(async () => ({
  default: (await import('@/features/app-reminder/app-reminder')).AppReminder,
}));

/**
 * The page frame with the features that surround every screen: header (slim when logged out, full when
 * logged in), bottom nav and cashback popup for logged-in users, the Android app overlay, and the
 * session rules (10 s poll, 401 → logout and reload, non-client → logout).
 */
export function AppLayout() {
  const navigate = useNavigate();
  const to = useLocalePath();
  const home = to('/');
  const goHome = useCallback(() => navigate(home), [navigate, home]);
  useSessionGuard(goHome);
  const loggedIn = useIsLoggedIn();
  const user = useSessionUser();
  const { app } = useAppContext();
  // Not in the server's markup (it knows no device): decided once the shell has hydrated.
  const mayRemind = !useServerMarkup() && !!app.androidApkUrl && /Android/i.test(navigator.userAgent);
  // Not the slip store itself (zustand stays out of the first load): its event says the slip was cleared.
  const [slipCleared, setSlipCleared] = useState(false);
  useEffect(() => {
    const cleared = () => setSlipCleared(true);
    window.addEventListener(SLIP_CLEARED_EVENT, cleared);
    return () => window.removeEventListener(SLIP_CLEARED_EVENT, cleared);
  }, []);
  return (
    <ShellLayout
      header={<Header languageSelector={<LanguageSelector compact />} />}
      bottomNav={
        <>
          {loggedIn && <BottomNav />}
          <Suspense fallback={null}>
            {slipCleared && <SlipClearedNotice />}
            {loggedIn && <CashbackPopup currency={user?.currency ?? null} />}
            {mayRemind && <AppReminder />}
          </Suspense>
        </>
      }
    />
  );
}
