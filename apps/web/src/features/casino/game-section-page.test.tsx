import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ControlledObserver } from '@/test/observers';
import { renderScreen } from '@/test/render';
import { installFakeCasinoApi } from './testing/fake-casino-api';
import { LiveCasinoPage, SlotsPage } from './game-section-page';

const endMarkerSeen = async () => {
  await ControlledObserver.observing();
  act(() => ControlledObserver.seen());
};

let api: ReturnType<typeof installFakeCasinoApi>;
beforeEach(() => {
  ControlledObserver.made.length = 0;
  api = installFakeCasinoApi();
  vi.stubGlobal('IntersectionObserver', ControlledObserver);
});
afterEach(() => vi.unstubAllGlobals());

const gameCalls = () => api.calls('/api/v1/casino/games');
const strip = (name: string) => screen.getByRole('region', { name });

describe('SlotsPage', () => {
  it('without a provider query: a popular strip over the five categories, then a strip of 7 per non-live provider', async () => {
    await renderScreen(<SlotsPage />, { path: '/en/slot' });
    await waitFor(() => expect(within(strip('Aurora Reels')).getAllByTestId('game-tile')).toHaveLength(7));
    const categories = gameCalls()
      .filter((q) => q.has('category'))
      .map((q) => [q.get('category'), q.get('isLive'), q.get('per_page'), q.get('device')]);
    expect(categories).toEqual(['75', '76', '77', '78', '80'].map((c) => [c, '0', '14', 'mobile']));
    const strips = gameCalls().filter((q) => q.has('provider[]'));
    expect(strips.map((q) => [q.getAll('provider[]'), q.get('per_page'), q.get('isLive')])).toEqual([
      [['3'], '7', '0'],
      [['5'], '7', '0'],
      [['8'], '7', '0'],
    ]);
    // The live provider has no strip and no button here.
    expect(screen.queryByRole('region', { name: 'Live Tables' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Live Tables' })).toBeNull();
    const popular = within(screen.getByTestId('popular-strip')).getAllByTestId('game-tile');
    expect(popular.length).toBeGreaterThan(0);
    expect(popular.length).toBeLessThanOrEqual(14);
    // A provider with no more than its strip shows no "all" link.
    expect(within(strip('Cobalt Spin')).queryByRole('link')).toBeNull();
  });

  it('with ?provider= shows a grid of 60 per page, pages on the end marker and stops at the total', async () => {
    await renderScreen(<SlotsPage />, { path: '/en/slot?provider=3' });
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(60));
    expect(screen.queryByTestId('popular-strip')).toBeNull();
    const first = gameCalls().at(-1)!;
    expect([
      first.get('page'),
      first.get('per_page'),
      first.getAll('provider[]'),
      first.get('isLive'),
    ]).toEqual(['1', '60', ['3'], '0']);
    await endMarkerSeen();
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(80));
    expect(gameCalls().at(-1)!.get('page')).toBe('2');
    const before = gameCalls().length;
    await endMarkerSeen();
    expect(gameCalls()).toHaveLength(before);
  });

  it('a provider button replaces the query; the list starts again at page 1 with only that provider', async () => {
    const { router } = await renderScreen(<SlotsPage />, { path: '/en/slot?provider=3' });
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(60));
    fireEvent.click(screen.getByRole('button', { name: 'Bosporus Games' }));
    expect(router.state.location.search).toBe('?provider=5');
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(10));
    expect(screen.getAllByTestId('game-tile').every((t) => t.textContent?.includes('Bosporus Games'))).toBe(
      true,
    );
    expect(gameCalls().at(-1)!.get('page')).toBe('1');
    // Tapped again (or All), every provider shows again.
    fireEvent.click(screen.getByRole('button', { name: 'Bosporus Games' }));
    expect(router.state.location.search).toBe('');
    await screen.findByTestId('popular-strip');
  });

  it('the Filter popup replaces the query with the chosen providers', async () => {
    const { router } = await renderScreen(<SlotsPage />, { path: '/en/slot?provider=8' });
    fireEvent.click(await screen.findByTestId('provider-filter-button'));
    const popup = await screen.findByRole('dialog', { name: 'lobby.filter' });
    expect(within(popup).getByRole('heading', { name: 'lobby.providers' })).toBeInTheDocument();
    // Opens with the current choice; live providers are not offered on the slots page.
    expect(within(popup).getByRole('button', { name: 'Cobalt Spin' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(popup).queryByRole('button', { name: 'Live Tables' })).toBeNull();
    fireEvent.click(within(popup).getByRole('button', { name: 'Cobalt Spin' }));
    fireEvent.click(within(popup).getByRole('button', { name: 'Bosporus Games' }));
    fireEvent.click(within(popup).getByRole('button', { name: 'Aurora Reels' }));
    fireEvent.click(within(popup).getByRole('button', { name: 'lobby.show_games' }));
    expect(router.state.location.search).toBe('?provider=3&provider=5');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(60));
    expect(gameCalls().at(-1)!.getAll('provider[]')).toEqual(['3', '5']);
  });
});

describe('LiveCasinoPage', () => {
  it('lists only live providers and asks for live games', async () => {
    await renderScreen(<LiveCasinoPage />, { path: '/en/live-casino' });
    await waitFor(() => expect(within(strip('Live Tables')).getAllByTestId('game-tile')).toHaveLength(6));
    expect(screen.queryByRole('region', { name: 'Aurora Reels' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Live Tables' })).toBeInTheDocument();
    expect(gameCalls().every((q) => q.get('isLive') === '1')).toBe(true);
  });
});
