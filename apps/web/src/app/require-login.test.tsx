import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { authStorage } from '@/lib/auth-storage';
import { renderScreen } from '@/test/render';
import { RequireLogin } from './require-login';

const login = { path: '/en/login', element: <p>login screen</p> };

describe('RequireLogin', () => {
  it('sends a visitor to the login screen', async () => {
    await renderScreen(<RequireLogin>secret page</RequireLogin>, { path: '/en/account', routes: [login] });
    expect(await screen.findByText('login screen')).toBeInTheDocument();
  });

  it('shows the page when logged in, and empties it (no login redirect) on logout', async () => {
    authStorage.set({ accessToken: 'a', refreshToken: 'r' });
    const { router } = await renderScreen(<RequireLogin>secret page</RequireLogin>, {
      path: '/en/account',
      routes: [login],
    });
    expect(screen.getByText('secret page')).toBeInTheDocument();
    act(() => authStorage.clear());
    expect(screen.queryByText('secret page')).toBeNull();
    expect(router.state.location.pathname).toBe('/en/account');
  });
});
