import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, setUnauthorizedHandler } from './api-client';
import { authStorage } from './auth-storage';
import { loginWithPassword, refreshTokens, setClientCredential } from './auth-token';

const fetchMock = vi.fn();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const tokenCalls = () =>
  fetchMock.mock.calls
    .filter(([url]) => new URL(url as string).pathname === '/oauth/v2/token')
    .map(([, init]) => new URLSearchParams((init as RequestInit).body as URLSearchParams));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  setClientCredential({ client_id: 'cid', client_secret: 'csecret' });
  setUnauthorizedHandler(refreshTokens);
});
afterEach(() => {
  setUnauthorizedHandler(null);
  vi.unstubAllGlobals();
});

describe('token grants', () => {
  it('logs in with a password grant posted as a form body and stores both tokens', async () => {
    fetchMock.mockResolvedValue(
      json(200, { access_token: 'a1', refresh_token: 'r1', token_type: 'bearer', expires_in: 900 }),
    );
    await loginWithPassword('demo', 'pw');
    const [call] = fetchMock.mock.calls as [string, RequestInit][];
    expect(call?.[1].method).toBe('POST');
    expect(Object.fromEntries(tokenCalls()[0]!)).toEqual({
      grant_type: 'password',
      username: 'demo',
      password: 'pw',
      client_id: 'cid',
      client_secret: 'csecret',
    });
    expect(new Headers(call?.[1].headers).get('authorization')).toBeNull();
    expect(authStorage.get()).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
  });

  it('leaves the stored tokens alone when the password is wrong', async () => {
    fetchMock.mockResolvedValue(json(400, { error: 'invalid_grant', message: 'no' }));
    await expect(loginWithPassword('demo', 'bad')).rejects.toMatchObject({ status: 400 });
    expect(authStorage.get()).toBeNull();
  });
});

describe('silent refresh on 401', () => {
  it('refreshes with the refresh token, stores the rotated pair and retries the call', async () => {
    authStorage.set({ accessToken: 'old', refreshToken: 'r-old' });
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      const path = new URL(url).pathname;
      if (path === '/oauth/v2/token')
        return json(200, {
          access_token: 'new',
          refresh_token: 'r-new',
          token_type: 'bearer',
          expires_in: 900,
        });
      const auth = new Headers(init.headers).get('authorization');
      return auth === 'Bearer new' ? json(200, { ok: true }) : json(401, { error: 'unauthorized' });
    });
    expect(await apiRequest('api', '/api/get/session')).toEqual({ ok: true });
    expect(Object.fromEntries(tokenCalls()[0]!)).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'r-old',
      client_id: 'cid',
    });
    expect(authStorage.get()).toEqual({ accessToken: 'new', refreshToken: 'r-new' });
  });

  it('shares one refresh between concurrent 401s (a refresh token works only once)', async () => {
    authStorage.set({ accessToken: 'old', refreshToken: 'r-old' });
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (new URL(url).pathname === '/oauth/v2/token')
        return json(200, {
          access_token: 'new',
          refresh_token: 'r-new',
          token_type: 'bearer',
          expires_in: 900,
        });
      return new Headers(init.headers).get('authorization') === 'Bearer new' ? json(200, {}) : json(401, {});
    });
    await Promise.all([apiRequest('api', '/a'), apiRequest('api', '/b'), apiRequest('api', '/c')]);
    expect(tokenCalls()).toHaveLength(1);
  });

  it('answers false (the 401 stands) when the refresh token was revoked, and keeps no new tokens', async () => {
    authStorage.set({ accessToken: 'old', refreshToken: 'revoked' });
    fetchMock.mockImplementation(async (url: string) =>
      new URL(url).pathname === '/oauth/v2/token'
        ? json(400, { error: 'invalid_grant' })
        : json(401, { error: 'unauthorized' }),
    );
    await expect(apiRequest('api', '/api/get/session')).rejects.toMatchObject({ status: 401 });
    expect(await refreshTokens()).toBe(false);
    expect(authStorage.get()).toEqual({ accessToken: 'old', refreshToken: 'revoked' });
  });

  it('does nothing while logged out', async () => {
    expect(await refreshTokens()).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
