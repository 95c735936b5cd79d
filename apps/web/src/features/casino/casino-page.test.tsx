import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '@/test/render';
import { GAMES, installFakeCasinoApi, loggedInClient } from './testing/fake-casino-api';
import { CasinoPage } from './casino-page';

let api: ReturnType<typeof installFakeCasinoApi>;
beforeEach(() => {
  api = installFakeCasinoApi();
});
afterEach(() => vi.unstubAllGlobals());

const gameCalls = () => api.calls('/api/v1/casino/games');

describe('CasinoPage', () => {
  it('shows the slots banner, the three filter links, popular games and a strip of 7 per provider', async () => {
    await renderScreen(<CasinoPage />, { path: '/en/casino' });
    expect(screen.getByTestId('slots-banner')).toHaveAttribute('href', '/en/slot');
    expect(screen.getByRole('link', { name: 'lobby.slots' })).toHaveAttribute('href', '/en/slot');
    expect(screen.getByRole('link', { name: 'lobby.live_casino' })).toHaveAttribute(
      'href',
      '/en/live-casino',
    );
    expect(screen.getByRole('link', { name: 'lobby.favorites' })).toHaveAttribute(
      'href',
      '/en/casino?favorites=1',
    );
    expect(screen.getByRole('searchbox')).toBeInTheDocument();
    expect(screen.getByTestId('provider-filter-button')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('provider-strip')).toHaveLength(4));
    const popular = gameCalls().find((q) => q.get('isPopular') === '1')!;
    expect([popular.get('per_page'), popular.get('page'), popular.get('device')]).toEqual([
      '14',
      '1',
      'mobile',
    ]);
    await waitFor(() =>
      expect(within(screen.getByTestId('popular-strip')).getAllByTestId('game-tile').length).toBeGreaterThan(
        0,
      ),
    );
    const strip = screen.getByRole('region', { name: 'Aurora Reels' });
    await waitFor(() => expect(within(strip).getAllByTestId('game-tile')).toHaveLength(7));
    // The casino page mixes live and non-live providers: no isLive on its strips.
    expect(
      gameCalls()
        .filter((q) => q.has('provider[]'))
        .every((q) => !q.has('isLive')),
    ).toBe(true);
    // Visitors have no recently played strip and no recent call.
    expect(api.requests('/api/v1/casino/recent')).toHaveLength(0);
  });

  it("a provider's All link shows its full paged list", async () => {
    const { router } = await renderScreen(<CasinoPage />, { path: '/en/casino' });
    const strip = await screen.findByRole('region', { name: 'Aurora Reels' });
    fireEvent.click(await within(strip).findByRole('link', { name: 'lobby.show_all' }));
    expect(router.state.location.search).toBe('?provider=3');
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(60));
    expect(screen.getByRole('region', { name: 'Aurora Reels' })).toBeInTheDocument();
    expect(screen.queryByTestId('provider-strip')).toBeNull();
  });

  it('favourites: a visitor is asked to log in', async () => {
    await renderScreen(<CasinoPage />, { path: '/en/casino?favorites=1' });
    const section = screen.getByTestId('favorite-games');
    expect(within(section).getByText('lobby.favorites_login')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'nav.login' })).toHaveAttribute('href', '/en/login');
    expect(api.requests('/api/v1/casino/favorites')).toHaveLength(0);
  });

  it('favourites and recently played of a logged-in client', async () => {
    const queryClient = loggedInClient();
    const { favorites, recent } = api;
    favorites.push(GAMES[3]!.id, GAMES[90]!.id);
    recent.push(GAMES[7]!.id);
    const { router } = await renderScreen(<CasinoPage />, { path: '/en/casino', queryClient });
    const recentStrip = await screen.findByTestId('recent-strip');
    await waitFor(() => expect(within(recentStrip).getAllByTestId('game-tile')).toHaveLength(1));
    fireEvent.click(screen.getByRole('link', { name: 'lobby.favorites' }));
    expect(router.state.location.search).toBe('?favorites=1');
    const section = await screen.findByTestId('favorite-games');
    await waitFor(() => expect(within(section).getAllByTestId('game-tile')).toHaveLength(2));
    expect(within(section).getAllByRole('button', { name: 'lobby.favorite_remove' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'lobby.favorites' })).toHaveAttribute('aria-current', 'page');
  });
});
