import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { AppReminder } from '@/features/app-reminder/app-reminder';
import { BottomNav } from '@/features/bottom-nav/bottom-nav';
import { CashbackPopup } from '@/features/cashback/cashback-popup';
import { Header } from '@/features/header/header';
import { LanguageSelector, ShellLayout } from '@/features/shell';
import { useLocalePath } from '@/lib/app-context';
import { useIsLoggedIn, useSessionGuard, useSessionUser } from '@/lib/session';

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
  return (
    <ShellLayout
      header={<Header languageSelector={<LanguageSelector compact />} />}
      bottomNav={
        <>
          {loggedIn && <BottomNav />}
          <CashbackPopup currency={user?.currency ?? null} />
          <AppReminder />
        </>
      }
    />
  );
}
