// Test support: an in-memory casino catalogue behind a fetch mock, answering the contract's calls
// (games, search, providers, favourites, recent) so screens can be tested against what they ask for.
import { vi } from 'vitest';
import { configure } from '@testing-library/react';
import type { CasinoGame, CasinoProvider } from '@sb/contract';
import { authStorage } from '@/lib/auth-storage';
import { USER_QUERY_KEY } from '@/lib/session';
import { NoopObserver } from '@/test/observers';
import { jsonResponse, newQueryClient, TEST_USER } from '@/test/render';

// A screen here chains requests (providers, then a strip per provider): on a busy machine that can take longer
// than Testing Library's default 1 s wait, which made the tests flaky; they wait up to 5 s for what must appear.
configure({ asyncUtilTimeout: 5_000 });

export const PROVIDERS: CasinoProvider[] = [
  { id: 3, name: 'Aurora Reels', is_live: false },
  { id: 5, name: 'Bosporus Games', is_live: false },
  { id: 8, name: 'Cobalt Spin', is_live: false },
  { id: 11, name: 'Live Tables', is_live: true },
];

/** Game `id` of provider `vendor`; every 9th is popular, every 5th new, categories by id. */
export function fakeGame(id: number, vendor: CasinoProvider): CasinoGame {
  return {
    id,
    extended_id: `g-${id}`,
    name: `${vendor.is_live ? 'Roulette' : 'Slot'} ${id}`,
    thumbnail: `/casino/thumbs/${id}.gif`,
    is_popular: id % 9 === 0,
    is_new: id % 5 === 0,
    is_live: vendor.is_live,
    vendor: { id: vendor.id, name: vendor.name },
    categories: [75 + (id % 6)],
    rtp: 96,
    volatility: 'medium',
    demo: id % 2 === 0,
  };
}

/** 80 games for provider 3, 10 for 5, 5 for 8, 6 live ones for 11 (ids are unique across providers). */
export const GAMES: CasinoGame[] = [
  ...Array.from({ length: 80 }, (_, i) => fakeGame(100 + i, PROVIDERS[0]!)),
  ...Array.from({ length: 10 }, (_, i) => fakeGame(300 + i, PROVIDERS[1]!)),
  ...Array.from({ length: 5 }, (_, i) => fakeGame(500 + i, PROVIDERS[2]!)),
  ...Array.from({ length: 6 }, (_, i) => fakeGame(1100 + i, PROVIDERS[3]!)),
];

const flag = (value: string | null) => (value === null ? undefined : value === '1' || value === 'true');

function listGames(params: URLSearchParams) {
  const providers = params.getAll('provider[]').map(Number);
  const live = flag(params.get('isLive'));
  const category = params.get('category');
  const page = Number(params.get('page') ?? 1);
  const perPage = Number(params.get('per_page') ?? 14);
  const matching = GAMES.filter(
    (g) =>
      (!providers.length || providers.includes(g.vendor.id)) &&
      (live === undefined || g.is_live === live) &&
      (!flag(params.get('isPopular')) || g.is_popular) &&
      (category === null || g.categories.includes(Number(category))),
  );
  return {
    result: matching.slice((page - 1) * perPage, page * perPage),
    pagination: { page, per_page: perPage, totalCount: matching.length },
  };
}

function searchGames(text: string, params: URLSearchParams) {
  const live = flag(params.get('live'));
  const providers = params.getAll('provider[]').map(Number);
  return {
    result: GAMES.filter(
      (g) =>
        g.name.toLowerCase().includes(text.toLowerCase()) &&
        (live === undefined || g.is_live === live) &&
        (!providers.length || providers.includes(g.vendor.id)),
    ).slice(0, 20),
  };
}

/** Installs the fake as `fetch`; `calls(path)` lists the query of every request to a path (prefix). */
export function installFakeCasinoApi() {
  const favorites: number[] = [];
  const recent: number[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input);
    const path = decodeURIComponent(url.pathname);
    const method = init?.method ?? 'GET';
    const byId = (ids: number[]) => ({ result: ids.map((id) => GAMES.find((g) => g.id === id)!) });
    if (path === '/api/get/session')
      return jsonResponse(200, { result: { user: TEST_USER, app: { meta: { title: 't' } } } });
    if (path === '/api/v1/casino/providers') return jsonResponse(200, { result: PROVIDERS });
    if (path === '/api/v1/casino/games') return jsonResponse(200, listGames(url.searchParams));
    if (path.startsWith('/api/v1/search/casino/'))
      return jsonResponse(200, searchGames(path.slice('/api/v1/search/casino/'.length), url.searchParams));
    if (path === '/api/v1/casino/recent') return jsonResponse(200, byId(recent));
    if (path === '/api/v1/casino/favorites' && method === 'POST') {
      favorites.push((JSON.parse(String(init?.body)) as { gameId: number }).gameId);
      return jsonResponse(200, byId(favorites));
    }
    if (path.startsWith('/api/v1/casino/favorites/') && method === 'DELETE') {
      favorites.splice(favorites.indexOf(Number(path.split('/').pop())), 1);
      return jsonResponse(200, byId(favorites));
    }
    if (path === '/api/v1/casino/favorites') return jsonResponse(200, byId(favorites));
    return jsonResponse(404, { error: 'not_found', message: path });
  });
  vi.stubGlobal('fetch', fetchMock);
  // Tests end with vi.unstubAllGlobals(), which also drops the setup file's observer stub: put one back.
  vi.stubGlobal('IntersectionObserver', NoopObserver);
  const requests = (prefix: string, method = 'GET') =>
    fetchMock.mock.calls
      .filter(
        ([input, init]) => new URL(input).pathname.startsWith(prefix) && (init?.method ?? 'GET') === method,
      )
      .map(([input]) => new URL(input));
  return {
    fetchMock,
    favorites,
    recent,
    requests,
    calls: (prefix: string) => requests(prefix).map((u) => u.searchParams),
  };
}

/** A query client with a logged-in session (tokens stored, the session answered from the cache). */
export function loggedInClient() {
  authStorage.set({ accessToken: 'tok-1', refreshToken: 'r' });
  const queryClient = newQueryClient();
  queryClient.setQueryDefaults([USER_QUERY_KEY, 'session'], { staleTime: Infinity });
  queryClient.setQueryData([USER_QUERY_KEY, 'session'], { user: TEST_USER, app: { meta: { title: 't' } } });
  return queryClient;
}
