import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { authStorage } from '@/lib/auth-storage';
import { setClientCredential } from '@/lib/auth-token';
import { jsonResponse, renderScreen } from '@/test/render';
import { LoginPage } from './login-page';

const fetchMock = vi.fn();
const home = { path: '/en/', element: <p>home page</p> };
const tokenBody = () =>
  new URLSearchParams((fetchMock.mock.calls[0] as [string, RequestInit])[1].body as URLSearchParams);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  setClientCredential({ client_id: 'cid', client_secret: 'csecret' });
});
afterEach(() => vi.unstubAllGlobals());

describe('LoginPage', () => {
  it('logs in with the typed credentials, stores the tokens and goes home', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { access_token: 'a', refresh_token: 'r', token_type: 'bearer', expires_in: 900 }),
    );
    const { container } = await renderScreen(<LoginPage />, { path: '/en/login', routes: [home] });
    fireEvent.input(container.querySelector('[name=username]')!, { target: { value: 'demo' } });
    fireEvent.input(container.querySelector('[name=password]')!, { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'login.submit' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(tokenBody().get('username')).toBe('demo');
    expect(authStorage.get()).toEqual({ accessToken: 'a', refreshToken: 'r' });
  });

  it('toggles the password between hidden and shown', async () => {
    const { container } = await renderScreen(<LoginPage />, { path: '/en/login' });
    const input = container.querySelector('[name=password]')!;
    expect(input).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'login.show_password' }));
    expect(input).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'login.hide_password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('shows auth.login_error in an alert when the token request fails', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { error: 'invalid_grant', message: 'no' }));
    await renderScreen(<LoginPage />, { path: '/en/login' });
    fireEvent.click(screen.getByRole('button', { name: 'login.submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('auth.login_error');
    expect(authStorage.get()).toBeNull();
  });

  it('says to wait when the server rate-limits the attempts', async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, { error: 'too_many_attempts', message: 'wait' }));
    await renderScreen(<LoginPage />, { path: '/en/login' });
    fireEvent.click(screen.getByRole('button', { name: 'login.submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('auth.too_many_attempts');
  });

  it('prefills from ?u=&s= and logs in by itself', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { access_token: 'a', refresh_token: 'r', token_type: 'bearer', expires_in: 900 }),
    );
    window.history.replaceState(null, '', '/en/login?u=link-user&s=link-secret');
    await renderScreen(<LoginPage />, { path: '/en/login?u=link-user&s=link-secret', routes: [home] });
    // The credentials are gone from the address bar at once (never in a Referer or the history).
    expect(window.location.search).toBe('');
    expect(window.location.pathname).toBe('/en/login');
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(tokenBody().get('username')).toBe('link-user');
    expect(tokenBody().get('password')).toBe('link-secret');
  });

  it('a u/s link while someone is logged in revokes that session before logging in', async () => {
    authStorage.set({ accessToken: 'previous', refreshToken: 'r0' });
    fetchMock.mockImplementation(async (url: string) =>
      new URL(url).pathname === '/api/logout'
        ? jsonResponse(200, { result: { revoked: true } })
        : jsonResponse(200, { access_token: 'a', refresh_token: 'r', token_type: 'bearer', expires_in: 900 }),
    );
    await renderScreen(<LoginPage />, { path: '/en/login?u=other&s=secret', routes: [home] });
    expect(await screen.findByText('home page')).toBeInTheDocument();
    const [revokeUrl, revokeInit] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(new URL(revokeUrl).pathname).toBe('/api/logout');
    expect(new Headers(revokeInit.headers).get('authorization')).toBe('Bearer previous');
    expect(authStorage.get()).toEqual({ accessToken: 'a', refreshToken: 'r' });
  });

  it('sends a logged-in user home', async () => {
    authStorage.set({ accessToken: 'a', refreshToken: 'r' });
    await renderScreen(<LoginPage />, { path: '/en/login', routes: [home] });
    expect(await screen.findByText('home page')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});
