import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { authStorage } from '@/lib/auth-storage';
import { setClientCredential } from '@/lib/auth-token';
import { jsonResponse, renderScreen } from '@/test/render';
import { SetPasswordPage } from './set-password-page';

const fetchMock = vi.fn();
const home = { path: '/en/', element: <p>home page</p> };
const TOKEN = 'A'.repeat(43);
/** The server's answers by path: the link's check, the setup, the token grant. */
function server(answers: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (url: string) => {
    const path = new URL(url).pathname;
    const answer = answers[path];
    if (!answer) throw new Error(`unexpected ${path}`);
    return answer();
  });
}
const bodyOf = (path: string) => {
  const call = fetchMock.mock.calls.find(([url]) => new URL(url as string).pathname === path) as [
    string,
    RequestInit,
  ];
  return JSON.parse(call[1].body as string) as Record<string, string>;
};
const fill = (container: HTMLElement, password: string, repeat = password) => {
  fireEvent.input(container.querySelector('[name=new-password]')!, { target: { value: password } });
  fireEvent.input(container.querySelector('[name=repeat-password]')!, { target: { value: repeat } });
  fireEvent.click(screen.getByRole('button', { name: 'set_password.submit' }));
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  setClientCredential({ client_id: 'cid', client_secret: 'csecret' });
});
afterEach(() => vi.unstubAllGlobals());

describe('SetPasswordPage', () => {
  it('names the account, sets the password, logs in with it and goes home', async () => {
    server({
      '/api/v1/password-setup/check': () =>
        jsonResponse(200, {
          result: { username: 'elif', purpose: 'new', expiresAt: '2026-12-01T00:00:00Z' },
        }),
      '/api/v1/password-setup': () => jsonResponse(200, { result: { username: 'elif' } }),
      '/oauth/v2/token': () =>
        jsonResponse(200, { access_token: 'a', refresh_token: 'r', token_type: 'bearer', expires_in: 900 }),
    });
    const { container } = await renderScreen(<SetPasswordPage />, {
      path: `/en/set-password?token=${TOKEN}`,
      routes: [home],
    });
    await screen.findByText('set_password.account');
    fill(container, 'Mavi-Kapi-2041');
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(bodyOf('/api/v1/password-setup')).toEqual({ token: TOKEN, password: 'Mavi-Kapi-2041' });
    expect(authStorage.get()).toEqual({ accessToken: 'a', refreshToken: 'r' });
  });

  it('says when the two passwords differ and shows the server’s rule under the field', async () => {
    server({
      '/api/v1/password-setup/check': () =>
        jsonResponse(200, {
          result: { username: 'elif', purpose: 'new', expiresAt: '2026-12-01T00:00:00Z' },
        }),
      '/api/v1/password-setup': () =>
        jsonResponse(400, { error: 'validation', field: 'password', message: 'At least 8 characters.' }),
    });
    const { container } = await renderScreen(<SetPasswordPage />, {
      path: `/en/set-password?token=${TOKEN}`,
    });
    await screen.findByText('set_password.account');
    fill(container, 'one-password', 'another-one');
    expect(await screen.findByText('set_password.mismatch')).toBeInTheDocument();
    fill(container, 'short');
    expect(await screen.findByText('At least 8 characters.')).toBeInTheDocument();
  });

  it('says a dead or missing link is no longer valid, with the way to the login', async () => {
    server({
      '/api/v1/password-setup/check': () =>
        jsonResponse(400, { error: 'invalid_token', message: 'x', field: 'token' }),
    });
    await renderScreen(<SetPasswordPage />, { path: `/en/set-password?token=${TOKEN}` });
    expect(await screen.findByText('set_password.invalid')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'set_password.to_login' })).toBeInTheDocument();
  });

  it('without a token asks nothing and says the link is not valid', async () => {
    await renderScreen(<SetPasswordPage />, { path: '/en/set-password' });
    expect(await screen.findByText('set_password.invalid')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
