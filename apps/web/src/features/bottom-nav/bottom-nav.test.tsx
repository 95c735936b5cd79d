import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { authStorage } from '@/lib/auth-storage';
import { USER_QUERY_KEY } from '@/lib/session';
import { ADD_BET_EVENT, SLIP_STORAGE_KEY } from '@/lib/slip-count';
import { newQueryClient, renderScreen, TEST_USER } from '@/test/render';
import { BottomNav, badgeText } from './bottom-nav';

function session(waiting: number) {
  authStorage.set({ accessToken: 'a', refreshToken: 'r' });
  const queryClient = newQueryClient();
  queryClient.setQueryDefaults([USER_QUERY_KEY, 'session'], { staleTime: Infinity });
  queryClient.setQueryData([USER_QUERY_KEY, 'session'], {
    user: { ...TEST_USER, waiting_bets: waiting },
    app: { meta: { title: 't' } },
  });
  return queryClient;
}

describe('BottomNav', () => {
  it('badge text only above 0, capped at 99+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(undefined)).toBeNull();
    expect(badgeText(3)).toBe('3');
    expect(badgeText(120)).toBe('99+');
  });

  it('links the six destinations and shows the waiting-bets badge', async () => {
    await renderScreen(<BottomNav />, { path: '/en/', queryClient: session(4) });
    for (const [name, href] of [
      ['nav.home', '/en/'],
      ['nav.live', '/en/live'],
      ['nav.bets', '/en/sports'],
      ['nav.casino', '/en/casino'],
      ['nav.my_bets', '/en/account/my-bets'],
      ['nav.betslip', '/en/betslip'],
    ]) {
      expect(
        screen.getByRole('link', { name: new RegExp(`^\\d*${name!.replace('.', '\\.')}$`) }),
      ).toHaveAttribute('href', href);
    }
    expect(screen.getByTestId('badge-ticket')).toHaveTextContent('4');
    expect(screen.queryByTestId('badge-slip')).toBeNull();
  });

  it('hides the waiting badge at 0 and counts slip selections on add-bet', async () => {
    await renderScreen(<BottomNav />, { path: '/en/', queryClient: session(0) });
    expect(screen.queryByTestId('badge-ticket')).toBeNull();
    act(() => {
      localStorage.setItem(SLIP_STORAGE_KEY, JSON.stringify([{ oddId: 1 }, { oddId: 2 }, { oddId: 3 }]));
      window.dispatchEvent(new Event(ADD_BET_EVENT));
    });
    expect(screen.getByTestId('badge-slip')).toHaveTextContent('3');
  });
});
