import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { GameSessionResponse, SlotRound } from '@sb/contract';
import { jsonResponse, loggedInQueryClient, renderScreen } from '@/test/render';
import { PlayPage } from './play-page';

const fetchMock = vi.fn();
const SESSION_ID = 'AbCdEfGhIjKlMnOpQrStUv';

const layout: NonNullable<GameSessionResponse['result']['slot']> = {
  reels: 5,
  rows: 3,
  lines: [[1, 1, 1, 1, 1]],
  symbols: [
    { id: 0, label: 'WILD', shape: 'hexagon', colour: '#fd4', kind: 'wild' },
    { id: 1, label: 'FREE', shape: 'star', colour: '#f7d', kind: 'scatter' },
    { id: 2, label: '7', shape: 'circle', colour: '#f33', kind: 'regular' },
    { id: 3, label: 'A', shape: 'square', colour: '#e44', kind: 'regular' },
  ],
  paytable: [{ symbol: 2, pays: [10, 20, 50] }],
  scatterPays: [1, 5, 20],
  freeSpins: { count: 6, multiplier: 1 },
  theme: { background: '#222', accent: '#fc0' },
};
const session: GameSessionResponse['result']['session'] = {
  id: SESSION_ID,
  kind: 'slot',
  demo: false,
  game: {
    id: 5,
    extended_id: 'aur-citrus-spins',
    name: 'Citrus Spins',
    thumbnail: '/t.gif',
    is_popular: false,
    is_new: false,
    is_live: false,
    vendor: { id: 101, name: 'Aurora Reels' },
    categories: [70],
    rtp: 95.54,
    volatility: 'low',
    demo: true,
  },
  currency: { symbol: '₺', position: 'before', iso_code: 'TRY' },
  balance: 10_000,
  stakes: [10, 20, 50],
  defaultStake: 20,
  startedAt: '2026-11-21T10:00:00Z',
  endedAt: null,
};
const round: SlotRound = {
  id: 'r1',
  createdAt: '2026-11-21T10:00:05Z',
  stake: 20,
  win: 100,
  balanceAfter: 10_080,
  spins: [
    {
      window: Array.from({ length: 5 }, () => [3, 2, 3]),
      lineWins: [{ line: 0, symbol: 2, count: 5, amount: 100 }],
      scatter: { count: 0, amount: 0 },
      multiplier: 1,
      win: 100,
    },
  ],
  freeSpinsAwarded: 0,
};

function answer(spinStatus = 200, rounds: SlotRound[] = []) {
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    const path = new URL(url).pathname;
    if (path.endsWith('/spin')) {
      return spinStatus === 200
        ? jsonResponse(200, { result: { round, balance: round.balanceAfter } })
        : jsonResponse(spinStatus, { error: 'insufficient_funds', message: 'too low', field: 'stake' });
    }
    if (path.endsWith('/rounds')) return jsonResponse(200, { result: { rounds } });
    if (path.endsWith(SESSION_ID) && (init?.method ?? 'GET') === 'GET')
      return jsonResponse(200, { result: { session, slot: layout, roulette: null } });
    return jsonResponse(404, { error: 'not_found', message: 'nope' });
  });
}

const open = (queryClient?: QueryClient) =>
  renderScreen(<div />, {
    path: `/en/play/${SESSION_ID}`,
    routes: [{ path: '/:locale/play/:sessionId', element: <PlayPage /> }],
    ...(queryClient ? { queryClient } : {}),
  });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('game page', () => {
  it('shows the game, its RTP and volatility, spins with the chosen stake and shows the new balance', async () => {
    answer();
    await open();
    await screen.findByText('Citrus Spins');
    expect(screen.getByTestId('game-rtp').textContent).toBe('95.54 %');
    expect(screen.getByText('casino.volatility.low')).toBeTruthy();
    expect(screen.getByTestId('game-balance').getAttribute('data-amount')).toBe('10000');
    fireEvent.click(screen.getByRole('button', { name: 'casino.slot.stake_down' }));
    fireEvent.click(screen.getByTestId('slot-spin'));
    await waitFor(() => expect(screen.getByTestId('game-balance').getAttribute('data-amount')).toBe('10080'));
    const spinCall = fetchMock.mock.calls.find(([url]) => new URL(String(url)).pathname.endsWith('/spin'))!;
    const body = JSON.parse(String((spinCall[1] as RequestInit).body)) as { stake: number; roundKey: string };
    expect(body.stake).toBe(10);
    expect(body.roundKey).toMatch(/^[0-9a-f]{32}$/);
    await screen.findByText('casino.slot.win', {}, { timeout: 3_000 });
  });

  it('shows why a spin was refused', async () => {
    answer(409);
    await open();
    fireEvent.click(await screen.findByTestId('slot-spin'));
    await screen.findByText('casino.error.insufficient_funds', {}, { timeout: 3_000 });
    expect(screen.getByTestId('game-balance').getAttribute('data-amount')).toBe('10000');
  });

  it("explains a session that is not the player's", async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { error: 'not_found', message: 'game session not found' }));
    await open();
    await screen.findByText('casino.play.not_found');
  });

  it("lists the session's rounds on the player's clock, as every time of the app", async () => {
    answer(200, [round]);
    await open(loggedInQueryClient());
    const history = await screen.findByTestId('round-history');
    // 10:00:05 UTC is 13:00 in Istanbul (the test user's time zone), whatever the device's zone.
    await waitFor(() => expect(history.querySelector('time')).toHaveTextContent('13:00'));
    expect(history.querySelector('time')).toHaveAttribute('datetime', round.createdAt);
  });
});
