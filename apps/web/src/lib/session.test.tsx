import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { SessionUser } from '@sb/contract';
import { TEST_USER, jsonResponse } from '@/test/render';
import { ApiError } from './api-client';
import { authStorage } from './auth-storage';
import {
  logout,
  SESSION_POLL_MS,
  sessionVerdict,
  USER_QUERY_KEY,
  useSession,
  useSessionGuard,
} from './session';

const fetchMock = vi.fn();
const reseller: SessionUser = { ...TEST_USER, group: { key: 'ROLE_RESELLER' } };

function wrapper(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const sessionBody = (user: SessionUser) => ({ result: { user, app: { meta: { title: 'Demo' } } } });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('session rules', () => {
  it('a 401 ends the session; a non-client is logged out; anything else is fine', () => {
    expect(sessionVerdict(undefined, new ApiError(401, {}))).toBe('expired');
    expect(sessionVerdict(reseller, null)).toBe('not-client');
    expect(sessionVerdict(TEST_USER, null)).toBe('ok');
    expect(sessionVerdict(TEST_USER, new ApiError(500, {}))).toBe('ok');
    expect(sessionVerdict(undefined, null)).toBe('ok');
  });

  it('polls every 10 s while logged in and never while logged out', async () => {
    expect(SESSION_POLL_MS).toBe(10_000);
    fetchMock.mockImplementation(async () => jsonResponse(200, sessionBody(TEST_USER)));
    const client = newClient();
    const { result } = renderHook(() => useSession(), { wrapper: wrapper(client) });
    expect(result.current.fetchStatus).toBe('idle');
    expect(fetchMock).not.toHaveBeenCalled();
    act(() => authStorage.set({ accessToken: 'a', refreshToken: 'r' }));
    await waitFor(() => expect(result.current.data?.user.uid).toBe(7));
    expect(client.getQueryCache().find({ queryKey: [USER_QUERY_KEY, 'session'] })?.options).toMatchObject({
      refetchInterval: 10_000,
    });
  });
});

describe('logout', () => {
  it("clears the tokens and the user's cached data, then revokes the session with the old token", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { result: { revoked: true } }));
    authStorage.set({ accessToken: 'acc', refreshToken: 'ref' });
    const client = newClient();
    client.setQueryData([USER_QUERY_KEY, 'session'], sessionBody(TEST_USER).result);
    client.setQueryData(['translations', 'en'], { a: 'b' });
    await logout(client, { revoke: true });
    expect(authStorage.get()).toBeNull();
    expect(client.getQueryData([USER_QUERY_KEY, 'session'])).toBeUndefined();
    expect(client.getQueryData(['translations', 'en'])).toEqual({ a: 'b' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(new URL(url).pathname).toBe('/api/logout');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer acc');
  });

  it('still logs out locally when the revoke call fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    authStorage.set({ accessToken: 'acc', refreshToken: 'ref' });
    await expect(logout(newClient(), { revoke: true })).resolves.toBeUndefined();
    expect(authStorage.get()).toBeNull();
  });
});

describe('session guard', () => {
  it('on a 401 logs out and reloads', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    fetchMock.mockImplementation(async () => jsonResponse(401, { error: 'unauthorized' }));
    authStorage.set({ accessToken: 'a', refreshToken: 'r' });
    const goHome = vi.fn();
    renderHook(() => useSessionGuard(goHome), { wrapper: wrapper(newClient()) });
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(authStorage.get()).toBeNull();
    expect(goHome).not.toHaveBeenCalled();
  });

  it('logs a non-client out at once and goes home', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      new URL(url).pathname === '/api/get/session'
        ? jsonResponse(200, sessionBody(reseller))
        : jsonResponse(200, { result: { revoked: true } }),
    );
    authStorage.set({ accessToken: 'a', refreshToken: 'r' });
    const goHome = vi.fn();
    renderHook(() => useSessionGuard(goHome), { wrapper: wrapper(newClient()) });
    await waitFor(() => expect(goHome).toHaveBeenCalled());
    expect(authStorage.get()).toBeNull();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => new URL(u as string).pathname === '/api/logout')).toBe(true),
    );
  });
});
