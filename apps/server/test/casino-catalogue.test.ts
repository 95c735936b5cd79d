import { afterAll, beforeAll, expect, it } from 'vitest';
import { CASINO_DISABLED_VENDOR_IDS, CASINO_POPULAR_CATEGORIES } from '@sb/contract/constants';
import type { CasinoGame, CasinoProvider } from '@sb/contract';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { bearer, createClient, login } from './support/accounts';

/** The casino catalogue calls of spec §7, favourites, recently played and thumbnails. */
describeEachBackend('casino catalogue', (backend) => {
  let server: TestServer;
  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });

  beforeAll(async () => {
    server = await createTestServer(backend);
  });
  afterAll(async () => server?.close());

  it('lists at least 12 providers, some live, never a declared disabled vendor', async () => {
    const res = await get('/api/v1/casino/providers?access_token=whatever');
    expect(res.statusCode).toBe(200);
    const providers = res.json().result as CasinoProvider[];
    expect(providers.length).toBeGreaterThanOrEqual(12);
    expect(providers.some((p) => p.is_live)).toBe(true);
    expect(providers.some((p) => !p.is_live)).toBe(true);
    for (const p of providers) expect(CASINO_DISABLED_VENDOR_IDS).not.toContain(p.id);
  });

  it('pages at least 300 games, 14 by default, with every field', async () => {
    const first = (await get('/api/v1/casino/games?device=mobile')).json();
    expect(first.result).toHaveLength(14);
    expect(first.pagination.totalCount).toBeGreaterThanOrEqual(300);
    const all: CasinoGame[] = [];
    for (let page = 1; all.length < first.pagination.totalCount; page++)
      all.push(...(await get(`/api/v1/casino/games?page=${page}&per_page=100`)).json().result);
    expect(new Set(all.map((g) => g.id)).size).toBe(first.pagination.totalCount);
    expect(new Set(all.map((g) => g.extended_id)).size).toBe(all.length);
    for (const g of all) {
      expect(CASINO_DISABLED_VENDOR_IDS).not.toContain(g.vendor.id);
      expect(g.thumbnail).toMatch(/^\/api\/v1\/casino\/thumbnails\/\d+-[0-9a-f]{10}\.gif$/);
      expect(g.rtp).toBeGreaterThanOrEqual(94);
      // The crash game returns 99 % by its formula; slots and tables stay at or below 97.3 %.
      expect(g.rtp).toBeLessThanOrEqual(g.extended_id === 'aviator' ? 99 : 97.3);
    }
    expect(all.some((g) => g.is_new)).toBe(true);
    expect(all.some((g) => !g.is_new)).toBe(true);
    expect(all.some((g) => g.is_popular)).toBe(true);
    expect(new Set(all.map((g) => g.volatility))).toEqual(new Set(['low', 'medium', 'high']));
  });

  it('fills every popular category and filters by category, popularity, providers and live', async () => {
    for (const category of CASINO_POPULAR_CATEGORIES) {
      const res = (await get(`/api/v1/casino/games?category=${category}&per_page=14`)).json();
      expect(res.pagination.totalCount).toBeGreaterThanOrEqual(7);
      for (const g of res.result as CasinoGame[]) expect(g.categories).toContain(category);
    }
    const popular = (await get('/api/v1/casino/games?isPopular=1&per_page=100')).json()
      .result as CasinoGame[];
    expect(popular.length).toBeGreaterThan(0);
    expect(popular.every((g) => g.is_popular)).toBe(true);
    const two = (await get('/api/v1/casino/games?provider[]=101&provider[]=103&per_page=100')).json();
    expect(new Set((two.result as CasinoGame[]).map((g) => g.vendor.id))).toEqual(new Set([101, 103]));
    const comma = (await get('/api/v1/casino/games?provider=101,103&per_page=7')).json();
    expect(comma.pagination.totalCount).toBe(two.pagination.totalCount);
    expect(comma.result).toHaveLength(7);
    const live = (await get('/api/v1/casino/games?isLive=1&per_page=100')).json().result as CasinoGame[];
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((g) => g.is_live)).toBe(true);
    const slots = (await get('/api/v1/casino/games?isLive=0&per_page=60')).json();
    expect(slots.result).toHaveLength(60);
    expect((slots.result as CasinoGame[]).every((g) => !g.is_live)).toBe(true);
  });

  it('answers 400 naming the field for bad parameters', async () => {
    for (const [url, field] of [
      ['/api/v1/casino/games?page=0', 'page'],
      ['/api/v1/casino/games?per_page=500', 'per_page'],
      ['/api/v1/casino/games?isPopular=maybe', 'isPopular'],
      ['/api/v1/casino/games?category=abc', 'category'],
      ['/api/v1/casino/games?provider=1,x', 'provider'],
      ['/api/v1/casino/games?device=tv', 'device'],
      ['/api/v1/search/casino/fruit?live=2', 'live'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().field, url).toContain(field);
    }
  });

  it('searches names and studios, limited by live and provider', async () => {
    const all = (await get('/api/v1/casino/games?per_page=100')).json().result as CasinoGame[];
    const word = all[0]!.name.split(' ')[0]!;
    const found = (
      await get(`/api/v1/search/casino/${encodeURIComponent(word)}?q=${word}&device=mobile&raw=true`)
    ).json().result as CasinoGame[];
    expect(found.length).toBeGreaterThan(0);
    for (const g of found) expect(`${g.name} ${g.vendor.name}`.toLowerCase()).toContain(word.toLowerCase());
    const liveOnly = (await get('/api/v1/search/casino/roulette?live=1')).json().result as CasinoGame[];
    expect(liveOnly.length).toBeGreaterThan(0);
    expect(liveOnly.every((g) => g.is_live)).toBe(true);
    expect((await get('/api/v1/search/casino/roulette?live=0')).json().result).toEqual([]);
    // LIKE wildcards are plain characters.
    expect((await get('/api/v1/search/casino/%25%25')).json().result).toEqual([]);
  });

  it('draws a distinct thumbnail per game, as gif and as jpg, cached for long', async () => {
    const games = (await get('/api/v1/casino/games?per_page=3')).json().result as CasinoGame[];
    const bodies = new Set<string>();
    for (const g of games) {
      const gif = await get(g.thumbnail);
      expect(gif.statusCode).toBe(200);
      expect(gif.headers['content-type']).toBe('image/gif');
      expect(gif.headers['cache-control']).toContain('immutable');
      expect(gif.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
      bodies.add(gif.rawPayload.toString('base64'));
      const jpg = await get(g.thumbnail.replace(/\.gif$/, '.jpg'));
      expect(jpg.statusCode).toBe(200);
      expect(jpg.headers['content-type']).toBe('image/jpeg');
      expect([...jpg.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    }
    expect(bodies.size).toBe(games.length);
    expect((await get('/api/v1/casino/thumbnails/999999-0123456789.gif')).statusCode).toBe(404);
    expect((await get('/api/v1/casino/thumbnails/1-xyz.png')).statusCode).toBe(400);
  });

  it('keeps favourites and recently played per client', async () => {
    await createClient(server, 'favourer', 'favourer-secret-2026');
    await createClient(server, 'other', 'other-secret-2026');
    const a = (await login(server, 'favourer', 'favourer-secret-2026')).access_token;
    const b = (await login(server, 'other', 'other-secret-2026')).access_token;
    const games = (await get('/api/v1/casino/games?per_page=3')).json().result as CasinoGame[];
    const post = (token: string, gameId: number) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/casino/favorites',
        headers: bearer(token),
        payload: { gameId },
      });
    expect((await post(a, games[0]!.id)).json().result.map((g: CasinoGame) => g.id)).toEqual([games[0]!.id]);
    await post(a, games[1]!.id);
    await post(a, games[1]!.id);
    expect((await get('/api/v1/casino/favorites', bearer(a))).json().result).toHaveLength(2);
    expect((await get('/api/v1/casino/favorites', bearer(b))).json().result).toEqual([]);
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/casino/favorites/${games[0]!.id}`,
      headers: bearer(a),
    });
    expect(removed.json().result.map((g: CasinoGame) => g.id)).toEqual([games[1]!.id]);
    expect((await post(a, 99_999)).statusCode).toBe(404);
    expect((await post(a, 0)).json().field).toBe('gameId');
    expect((await get('/api/v1/casino/favorites')).statusCode).toBe(401);

    for (const g of [games[2]!, games[0]!]) {
      const res = await get(`/api/v1/casino/playnow?mobile=1&gameId=${g.extended_id}&access_token=${a}`);
      expect(res.statusCode).toBe(302);
    }
    expect(
      (await get('/api/v1/casino/recent', bearer(a))).json().result.map((g: CasinoGame) => g.id),
    ).toEqual([games[0]!.id, games[2]!.id]);
    expect((await get('/api/v1/casino/recent', bearer(b))).json().result).toEqual([]);
  });

  it('lets the operator hide and edit games: a disabled game is not listed nor playable', async () => {
    const game = ((await get('/api/v1/casino/games?per_page=1')).json().result as CasinoGame[])[0]!;
    await server.modules.casino.catalogueRepository.updateGame(game.id, { enabled: false });
    const ids = (
      (await get('/api/v1/casino/games?per_page=100&provider=' + game.vendor.id)).json()
        .result as CasinoGame[]
    ).map((g) => g.id);
    expect(ids).not.toContain(game.id);
    expect((await get(`/api/v1/casino/playnow?gameId=${game.extended_id}&demo=1`)).statusCode).toBe(404);
    await server.modules.casino.catalogueRepository.updateGame(game.id, {
      enabled: true,
      name: 'Renamed Game',
    });
    const renamed = ((await get('/api/v1/casino/games?per_page=1')).json().result as CasinoGame[])[0]!;
    expect(renamed.name).toBe('Renamed Game');
    expect(renamed.thumbnail).not.toBe(game.thumbnail);
  });
});
