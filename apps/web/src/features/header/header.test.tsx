import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SessionUser } from '@sb/contract';
import { authStorage } from '@/lib/auth-storage';
import { USER_QUERY_KEY } from '@/lib/session';
import { newQueryClient, renderScreen, TEST_USER } from '@/test/render';
import { backTarget } from './back-target';
import { Header } from './header';

function loggedIn(user: SessionUser = TEST_USER) {
  authStorage.set({ accessToken: 'a', refreshToken: 'r' });
  const queryClient = newQueryClient();
  queryClient.setQueryData([USER_QUERY_KEY, 'session'], { user, app: { meta: { title: 't' } } });
  queryClient.setQueryDefaults([USER_QUERY_KEY, 'session'], { staleTime: Infinity });
  return queryClient;
}

beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 500 })),
  ),
);
afterEach(() => vi.unstubAllGlobals());

describe('Header', () => {
  it('logged out: logo, language and a login button, no balance', async () => {
    await renderScreen(<Header languageSelector={<span>LANG</span>} />, { path: '/en/' });
    expect(screen.getByRole('link', { name: 'nav.login' })).toHaveAttribute('href', '/en/login');
    expect(screen.getByText('LANG')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'header.logo' })).toBeInTheDocument();
    expect(screen.queryByTestId('header-balance')).toBeNull();
    expect(screen.queryByRole('link', { name: 'header.support_chat' })).toBeNull();
  });

  it('logged in: balance linking to the account, support chat, no login button', async () => {
    await renderScreen(<Header languageSelector={null} />, { path: '/en/', queryClient: loggedIn() });
    const balance = await screen.findByTestId('header-balance');
    expect(balance).toHaveTextContent('₺123,456.78');
    expect(balance).toHaveAttribute('href', '/en/account');
    expect(screen.getByRole('link', { name: 'header.support_chat' })).toHaveAttribute(
      'href',
      'https://chat.example',
    );
    expect(screen.queryByRole('link', { name: 'nav.login' })).toBeNull();
  });

  it('the hide toggle swaps the balance for the word Account and remembers it', async () => {
    await renderScreen(<Header languageSelector={null} />, { path: '/en/', queryClient: loggedIn() });
    fireEvent.click(await screen.findByRole('button', { name: 'header.hide_balance' }));
    expect(screen.getByTestId('header-balance')).toHaveTextContent('nav.account');
    expect(localStorage.getItem('sb.hideBalance')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'header.show_balance' }));
    expect(screen.getByTestId('header-balance')).toHaveTextContent('₺123,456.78');
  });

  it("starts hidden when the user's saved preference says so", async () => {
    const user = { ...TEST_USER, preferences: { ...TEST_USER.preferences, hideBalance: true } };
    await renderScreen(<Header languageSelector={null} />, { path: '/en/', queryClient: loggedIn(user) });
    expect(await screen.findByTestId('header-balance')).toHaveTextContent('nav.account');
  });

  it('the account dropdown has name, balance rows with 0.00 lira wagering, and the menu', async () => {
    await renderScreen(<Header languageSelector={null} />, { path: '/en/', queryClient: loggedIn() });
    fireEvent.click(await screen.findByRole('button', { name: 'header.account_menu' }));
    // The dropdown's code loads on the first tap.
    const menu = await screen.findByTestId('account-dropdown');
    expect(menu).toHaveTextContent('Deniz Demir');
    expect(menu).toHaveTextContent('₺5.00');
    expect(menu).toHaveTextContent('account.deposit_wagering₺0.00');
    expect(screen.getByRole('menuitem', { name: 'account.deposit_now' })).toHaveAttribute(
      'href',
      '/en/deposit',
    );
    expect(screen.getByRole('menuitem', { name: 'account.my_account' })).toHaveAttribute(
      'href',
      '/en/account',
    );
    expect(screen.getByRole('menuitem', { name: 'account.preferences' })).toHaveAttribute(
      'href',
      '/en/account/settings',
    );
    fireEvent.click(screen.getByRole('button', { name: 'account.balance_details' }));
    expect(menu).not.toHaveTextContent('account.withdrawable');
    fireEvent.click(screen.getByRole('menuitem', { name: 'account.logout' }));
    await waitFor(() => expect(authStorage.get()).toBeNull());
  });

  it("a screen with back enabled shows it without history, leading to the route's back path", async () => {
    const header = <Header languageSelector={null} />;
    const { router } = await renderScreen(<p>OTHER</p>, {
      path: '/en/slot',
      routes: [{ path: '/en/slot', element: header, handle: { title: 'route.slot', back: '/casino' } }],
    });
    expect(screen.getByText('route.slot')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'header.logo' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'nav.back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/casino'));
  });
});

describe('back arrow target', () => {
  it('clears the eventId on live, goes back in history when there is one, else shows the logo', () => {
    expect(backTarget('/en/live/1/123', 3)).toEqual({ path: '/en/live/1' });
    expect(backTarget('/en/account/transactions', 2)).toBe('history');
    expect(backTarget('/en/account/transactions', 0)).toBeNull();
  });
});
