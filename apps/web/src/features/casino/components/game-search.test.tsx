import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '@/test/render';
import { installFakeCasinoApi } from '../testing/fake-casino-api';
import { SEARCH_DEBOUNCE_MS, useGameSearch } from './game-search';

let api: ReturnType<typeof installFakeCasinoApi>;
beforeEach(() => {
  api = installFakeCasinoApi();
});
afterEach(() => vi.unstubAllGlobals());

function Page({ live, providers }: { live?: boolean; providers?: number[] }) {
  const search = useGameSearch({ live, providers });
  return (
    <>
      {search.box}
      {search.results ?? <p>PAGE LISTS</p>}
    </>
  );
}

const searchCalls = () => api.requests('/api/v1/search/casino/');
const type = (text: string) => fireEvent.input(screen.getByRole('searchbox'), { target: { value: text } });

describe('game search', () => {
  it('does not search 3 characters or fewer (spec §5), and shows the page lists meanwhile', async () => {
    await renderScreen(<Page />, { path: '/en/casino' });
    vi.useFakeTimers();
    try {
      type('slo');
      // Well past the debounce: still nothing sent.
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 3));
    } finally {
      vi.useRealTimers();
    }
    expect(searchCalls()).toHaveLength(0);
    expect(screen.getByText('PAGE LISTS')).toBeInTheDocument();
    expect(screen.queryByTestId('search-results')).toBeNull();
  });

  it('searches longer text once typing settles, with the call parameters, under Search Results', async () => {
    await renderScreen(<Page live={false} providers={[3]} />, { path: '/en/slot' });
    type('slot');
    type('slot 10');
    const results = await screen.findByTestId('search-results');
    expect(within(results).getByRole('heading', { name: 'lobby.search_results' })).toBeInTheDocument();
    await waitFor(() => expect(within(results).getAllByTestId('game-tile').length).toBeGreaterThan(0));
    // Only the settled text was sent.
    expect(searchCalls()).toHaveLength(1);
    const url = searchCalls()[0]!;
    expect(decodeURIComponent(url.pathname)).toBe('/api/v1/search/casino/slot 10');
    expect(url.searchParams.get('q')).toBe('slot 10');
    expect(url.searchParams.get('device')).toBe('mobile');
    expect(url.searchParams.get('raw')).toBe('true');
    expect(url.searchParams.get('live')).toBe('0');
    expect(url.searchParams.getAll('provider[]')).toEqual(['3']);
    expect(
      within(results)
        .getAllByTestId('game-tile')
        .every((tile) => /Slot 10\d/.test(tile.textContent ?? '')),
    ).toBe(true);
    expect(screen.queryByText('PAGE LISTS')).toBeNull();
  });

  it('clears the results as soon as the text is 3 characters or fewer again', async () => {
    await renderScreen(<Page />, { path: '/en/casino' });
    type('roulette');
    await screen.findByTestId('search-results');
    type('rou');
    expect(screen.queryByTestId('search-results')).toBeNull();
    expect(screen.getByText('PAGE LISTS')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    await renderScreen(<Page />, { path: '/en/casino' });
    type('nothing like this');
    expect(await screen.findByText('lobby.no_results')).toBeInTheDocument();
  });
});
