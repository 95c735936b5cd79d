import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { useLocalePath } from '@/lib/app-context';
import { loginWithPassword } from '@/lib/auth-token';
import { authStorage } from '@/lib/auth-storage';
import { logout, USER_QUERY_KEY } from '@/lib/session';

/** The alert's translation key for a failed token request (spec §8: the login error; 429 says to wait). */
export function loginErrorKey(error: unknown): string {
  return error instanceof ApiError && error.status === 429 ? 'auth.too_many_attempts' : 'auth.login_error';
}

/**
 * Logging in: with the typed credentials, or at once with a `?u=…&s=…` link's (`link`, empty when none), then
 * home. `errorKey` is the failure's alert.
 */
export function useLogin(link: { user: string; secret: string }) {
  const navigate = useNavigate();
  const to = useLocalePath();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const autoStarted = useRef(false);
  const fromLink = link.user !== '' && link.secret !== '';

  async function login(user: string, secret: string) {
    setBusy(true);
    setErrorKey(null);
    try {
      // A u/s link may arrive while someone else is logged in here: end that session first.
      if (authStorage.get()) await logout(queryClient, { revoke: true });
      await loginWithPassword(user, secret);
      await queryClient.resetQueries({ queryKey: [USER_QUERY_KEY] });
      navigate(to('/'), { replace: true });
    } catch (error) {
      setErrorKey(loginErrorKey(error));
      setBusy(false);
    }
  }

  useEffect(() => {
    if (!fromLink || autoStarted.current) return;
    autoStarted.current = true;
    // The credentials leave the address bar (and the history) once read: no later request or shared URL carries
    // them (the server also sends Referrer-Policy: no-referrer).
    window.history.replaceState(window.history.state, '', window.location.pathname);
    void login(link.user, link.secret);
    // Once per page load: the link's credentials are read at mount.
  }, []);

  return { busy, errorKey, login, fromLink };
}
