import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { ControlledObserver } from '@/test/observers';
import { jsonResponse, renderScreen } from '@/test/render';
import { installFakeCasinoApi } from './testing/fake-casino-api';
import { PopularGamesStrip } from './popular-games-strip';

let api: ReturnType<typeof installFakeCasinoApi>;
beforeEach(() => {
  api = installFakeCasinoApi();
  ControlledObserver.made.length = 0;
  vi.stubGlobal('IntersectionObserver', ControlledObserver);
});
/** The strip's room scrolls near the viewport (it mounts only then). */
const scrolledNear = () => act(() => ControlledObserver.seen());
afterEach(() => vi.unstubAllGlobals());

describe('PopularGamesStrip (home)', () => {
  it('loads its code once scrolled near and shows up to 14 popular games with a link to the casino', async () => {
    await renderScreen(<PopularGamesStrip />, { path: '/en/' });
    expect(screen.queryByTestId('popular-strip')).toBeNull();
    expect(api.calls('/api/v1/casino/games')).toHaveLength(0);
    scrolledNear();
    const strip = await screen.findByTestId('popular-strip');
    await waitFor(() => expect(within(strip).getAllByTestId('game-tile').length).toBeGreaterThan(0));
    expect(within(strip).getAllByTestId('game-tile').length).toBeLessThanOrEqual(14);
    expect(
      within(strip)
        .getAllByTestId('game-tile')
        .every((t) => t.classList.contains('game-tile--popular')),
    ).toBe(true);
    expect(within(strip).getByRole('link', { name: 'lobby.to_casino' })).toHaveAttribute(
      'href',
      '/en/casino',
    );
    const [query] = api.calls('/api/v1/casino/games');
    expect([query!.get('isPopular'), query!.get('per_page')]).toEqual(['1', '14']);
  });

  it('is left out, not shown as an error, when the games cannot be loaded', async () => {
    api.fetchMock.mockImplementation(async () => jsonResponse(500, { error: 'internal', message: 'down' }));
    const { container } = await renderScreen(<PopularGamesStrip />, { path: '/en/' });
    scrolledNear();
    await waitFor(() => expect(api.calls('/api/v1/casino/games')).toHaveLength(1));
    await waitFor(() => expect(container.querySelector('[aria-busy]')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('popular-strip')).toBeNull();
  });
});
