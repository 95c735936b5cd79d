import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, buildUrl, configureApiClient, setUnauthorizedHandler } from './api-client';
import { authStorage } from './auth-storage';

const fetchMock = vi.fn();
const lastRequest = () => {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url: new URL(url), headers: new Headers(init.headers), init };
};
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  configureApiClient({ locale: 'tr', appId: 7 });
  window.__SB_CONFIG__ = {};
});
afterEach(() => {
  setUnauthorizedHandler(null);
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('adds the locale and app id to every call', async () => {
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await apiRequest('core', '/api/v1/locales');
    const { url, headers } = lastRequest();
    expect(url.searchParams.get('locale')).toBe('tr');
    expect(headers.get('x-app')).toBe('7');
  });

  it('sends X-App-Session on the own host and Authorization on API calls, none when auth is off', async () => {
    authStorage.set({ accessToken: 'acc', refreshToken: 'ref' });
    fetchMock.mockImplementation(async () => json(200, {}));
    await apiRequest('api', '/api/get/session');
    expect(lastRequest().headers.get('x-app-session')).toBe('Bearer acc');
    expect(lastRequest().headers.get('authorization')).toBe('Bearer acc');

    window.__SB_CONFIG__ = { api: 'https://api.example.com' };
    await apiRequest('api', '/api/get/session');
    expect(lastRequest().url.origin).toBe('https://api.example.com');
    expect(lastRequest().headers.get('x-app-session')).toBeNull();
    expect(lastRequest().headers.get('authorization')).toBe('Bearer acc');

    await apiRequest('api', '/api/v1/get/client', { auth: false });
    expect(lastRequest().headers.get('authorization')).toBeNull();
  });

  it('throws ApiError with the server body on non-2xx', async () => {
    fetchMock.mockResolvedValue(json(400, { error: 'validation', field: 'sport', message: 'bad' }));
    const error = await apiRequest('bsapi', '/api/v2/markets').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).body.field).toBe('sport');
  });

  it('retries once after the unauthorized handler refreshed the token', async () => {
    authStorage.set({ accessToken: 'old', refreshToken: 'ref' });
    setUnauthorizedHandler(async () => {
      authStorage.set({ accessToken: 'new', refreshToken: 'ref2' });
      return true;
    });
    fetchMock
      .mockResolvedValueOnce(json(401, { error: 'unauthorized' }))
      .mockResolvedValueOnce(json(200, { ok: 1 }));
    expect(await apiRequest('api', '/api/get/session')).toEqual({ ok: 1 });
    expect(lastRequest().headers.get('authorization')).toBe('Bearer new');
  });
});

describe('buildUrl', () => {
  it('encodes arrays with brackets and keeps an explicit _locale', () => {
    const url = new URL(
      buildUrl('core', '/api/v1/bets', { status: [1, 2], _locale: 'en', page: 1, skip: undefined }),
    );
    expect(url.searchParams.getAll('status[]')).toEqual(['1', '2']);
    expect(url.searchParams.get('_locale')).toBe('en');
    expect(url.searchParams.has('locale')).toBe(false);
    expect(url.searchParams.has('skip')).toBe(false);
  });
});
