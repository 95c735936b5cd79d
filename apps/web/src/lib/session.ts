import { useEffect, useSyncExternalStore } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionResponse, SessionUser } from '@sb/contract';
import { ApiError, apiRequest } from './api-client';
import { authStorage } from './auth-storage';

/** Spec §9: the session is polled every 10 s while logged in. */
export const SESSION_POLL_MS = 10_000;

/** Every query of the logged-in user's data lives under this key, so logout drops them together. */
export const USER_QUERY_KEY = 'user';

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

export const sessionQuery = () =>
  queryOptions({
    queryKey: [USER_QUERY_KEY, 'session'],
    queryFn: async () => (await apiRequest<SessionResponse>('api', '/api/get/session')).result,
    refetchInterval: SESSION_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    // A 401 is an answer (the session ended), not a failure worth retrying.
    retry: (count, error) => !isUnauthorized(error) && count < 1,
  });

/** The stored access token (null when logged out), as React state that follows login, refresh and logout. */
export function useAccessToken(): string | null {
  // The server renders a visitor (it never sees the stored token): hydration matches that, then this re-renders.
  return useSyncExternalStore(
    authStorage.subscribe,
    () => authStorage.get()?.accessToken ?? null,
    () => null,
  );
}

export const useIsLoggedIn = (): boolean => useAccessToken() !== null;

/** The polled session; disabled (no polling) while logged out. */
export function useSession() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...sessionQuery(), enabled: loggedIn });
}

/** The session user when logged in and loaded, else null. */
export function useSessionUser(): SessionUser | null {
  const loggedIn = useIsLoggedIn();
  const { data } = useSession();
  return loggedIn ? (data?.user ?? null) : null;
}

export type SessionVerdict = 'ok' | 'expired' | 'not-client';

/** Spec §4 Session: a 401 ends the session; a user who is not ROLE_CLIENT is logged out at once. */
export function sessionVerdict(user: SessionUser | undefined, error: unknown): SessionVerdict {
  if (isUnauthorized(error)) return 'expired';
  if (user && user.group.key !== 'ROLE_CLIENT') return 'not-client';
  return 'ok';
}

/**
 * Logs out: clears the tokens (which stops polling) and the user's cached data, then asks the server to
 * revoke the session with the token it had. The revoke is best effort: the local logout never waits on it.
 */
export function logout(queryClient: QueryClient, { revoke }: { revoke: boolean }): Promise<void> {
  const tokens = authStorage.get();
  authStorage.clear();
  queryClient.removeQueries({ queryKey: [USER_QUERY_KEY] });
  if (!revoke || !tokens) return Promise.resolve();
  return apiRequest('api', '/api/logout', {
    method: 'POST',
    auth: false,
    headers: { authorization: `Bearer ${tokens.accessToken}` },
  }).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Applies the session rules while the app runs: an ended session (401) logs out and reloads;
 * a non-client is logged out and sent home (`goHome`).
 */
export function useSessionGuard(goHome: () => void): void {
  const queryClient = useQueryClient();
  const { data, error } = useSession();
  const verdict = sessionVerdict(data?.user, error);
  useEffect(() => {
    if (verdict === 'expired') {
      void logout(queryClient, { revoke: false });
      window.location.reload();
    } else if (verdict === 'not-client') {
      void logout(queryClient, { revoke: true });
      goHome();
    }
  }, [verdict, queryClient, goHome]);
}
