import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CasinoGame, CasinoProvider, OpsBrandCasinoGame } from '@sb/contract';
import { describeEachBackend } from './support/databases';
import { SHARED_BACKENDS_AVAILABLE, startInstances, type Instance } from './support/instances';
import { createTestServer, type TestServer } from './support/server';
import { operatorSessions, opsRequest, type OpsMethod } from './support/ops';
import { fundedClient } from './support/casino';

type Server = Pick<TestServer, 'app' | 'modules'>;

const lobby = async (server: Server, host: string, query = 'per_page=100') =>
  (await server.app.inject({ method: 'GET', url: `/api/v1/casino/games?${query}`, headers: { host } })).json()
    .result as CasinoGame[];

/** Operators of the plan, each with a session: every brand's content and trader, Kartal's content. */
const operators = (server: Server, kartal: number) =>
  operatorSessions(server, [
    ['c-content', 'content', null],
    ['c-trader', 'trader', null],
    ['kc-content', 'content', kartal],
  ]);

/** Issue 35 §1: a brand's casino catalogue from the desk, and the player's lobby of that brand only. */
describeEachBackend('casino catalogue per brand', (backend) => {
  let server: TestServer;
  let demo = 0;
  let kartal = 0;
  let tokens: Record<string, string> = {};
  const ops = (method: OpsMethod, url: string, who: string, payload?: object) =>
    opsRequest(server)(method, url, tokens[who], payload);

  beforeAll(async () => {
    server = await createTestServer(backend, { config: { CATALOGUE_SCALE: 0.1 } });
    demo = (await server.modules.tenancy.service.findByHost('localhost'))!.id;
    kartal = (await server.modules.tenancy.service.findByHost('kartal.localhost'))!.id;
    tokens = await operators(server, kartal);
  }, 120_000);
  afterAll(async () => server?.close());

  it('a game switched off for one brand leaves its lobby, search and launch, not the other brand’s', async () => {
    const [game] = await lobby(server, 'localhost');
    const off = await ops('PATCH', `/ops/v1/brands/${demo}/casino/games/${game!.id}`, 'c-content', {
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().result).toMatchObject({ id: game!.id, enabled: false, gameEnabled: false });
    expect((await lobby(server, 'localhost')).map((g) => g.id)).not.toContain(game!.id);
    expect((await lobby(server, 'kartal.localhost')).map((g) => g.id)).toContain(game!.id);
    const search = await server.app.inject({
      method: 'GET',
      url: `/api/v1/search/casino/${encodeURIComponent(game!.name)}`,
      headers: { host: 'localhost' },
    });
    expect(search.json().result.map((g: CasinoGame) => g.id)).not.toContain(game!.id);

    const { token } = await fundedClient(server, 'brandcasino1', 0);
    const launch = await server.app.inject({
      method: 'GET',
      url: `/api/v1/casino/playnow?gameId=${game!.extended_id}&access_token=${token}`,
      headers: { host: 'localhost' },
    });
    expect(launch.statusCode).toBe(403);
    expect(launch.json()).toMatchObject({ error: 'game_disabled' });
    const demoPlay = await server.app.inject({
      method: 'GET',
      url: `/api/v1/casino/playnow?gameId=${game!.extended_id}&demo=1`,
      headers: { host: 'kartal.localhost' },
    });
    expect(demoPlay.statusCode).toBe(302);

    const audit = await server.database.db.execute<{ action: string; actor: string }>(
      sql`select action, actor from ops_audit_log where action = 'casino.game.update' and brand_id = ${demo}`,
    );
    expect((audit as unknown as { rows: unknown[] }).rows).toEqual([
      { action: 'casino.game.update', actor: 'c-content' },
    ]);
    await ops('PATCH', `/ops/v1/brands/${demo}/casino/games/${game!.id}`, 'c-content', { enabled: true });
    expect((await lobby(server, 'localhost')).map((g) => g.id)).toContain(game!.id);
  });

  it('a provider switched off hides its games and itself on that brand only', async () => {
    const providers = (
      await server.app.inject({
        method: 'GET',
        url: '/api/v1/casino/providers',
        headers: { host: 'localhost' },
      })
    ).json().result as CasinoProvider[];
    const provider = providers[0]!;
    const res = await ops('PATCH', `/ops/v1/brands/${demo}/casino/providers/${provider.id}`, 'c-content', {
      enabled: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await lobby(server, 'localhost')).some((g) => g.vendor.id === provider.id)).toBe(false);
    expect((await lobby(server, 'kartal.localhost')).some((g) => g.vendor.id === provider.id)).toBe(true);
    const after = (
      await server.app.inject({
        method: 'GET',
        url: '/api/v1/casino/providers',
        headers: { host: 'localhost' },
      })
    ).json().result as CasinoProvider[];
    expect(after.map((p) => p.id)).not.toContain(provider.id);
    const desk = (await ops('GET', `/ops/v1/brands/${demo}/casino`, 'c-content')).json().result;
    expect(desk.providers.find((p: { id: number }) => p.id === provider.id).enabled).toBe(false);
    expect(
      desk.games
        .filter((g: OpsBrandCasinoGame) => g.provider.id === provider.id)
        .every((g: OpsBrandCasinoGame) => !g.enabled && g.gameEnabled),
    ).toBe(true);
    await ops('PATCH', `/ops/v1/brands/${demo}/casino/providers/${provider.id}`, 'c-content', {
      enabled: true,
    });
  });

  it('orders the brand’s lobby and marks its popular games and categories', async () => {
    const before = await lobby(server, 'localhost');
    const last = before[before.length - 1]!;
    const third = before[2]!;
    const moved = await ops('PATCH', `/ops/v1/brands/${demo}/casino/games/${last.id}`, 'c-content', {
      position: 2,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().result.place).toBe(2);
    const up = await ops('PATCH', `/ops/v1/brands/${demo}/casino/games/${third.id}`, 'c-content', {
      position: 1,
    });
    expect(up.json().result.place).toBe(1);
    const ids = (await lobby(server, 'localhost')).map((g) => g.id);
    expect(ids.slice(0, 4)).toEqual([third.id, before[0]!.id, last.id, before[1]!.id]);
    expect(ids).toHaveLength(before.length);
    expect((await lobby(server, 'kartal.localhost')).map((g) => g.id)).toEqual(before.map((g) => g.id));

    const plain = before.find((g) => !g.is_popular)!;
    const marked = await ops('PATCH', `/ops/v1/brands/${demo}/casino/games/${plain.id}`, 'c-content', {
      popular: true,
      popularCategories: [80, 75],
    });
    expect(marked.json().result).toMatchObject({ popular: true, popularCategories: [75, 80] });
    const popular = await lobby(server, 'localhost', 'isPopular=1&per_page=100');
    expect(popular.find((g) => g.id === plain.id)?.categories).toEqual(expect.arrayContaining([75, 80]));
    expect((await lobby(server, 'localhost', 'category=80&per_page=100')).map((g) => g.id)).toContain(
      plain.id,
    );
    expect(
      (await lobby(server, 'kartal.localhost', 'isPopular=1&per_page=100')).map((g) => g.id),
    ).not.toContain(plain.id);
  });

  it('refuses another brand’s operator, a role without brands, and names the bad field', async () => {
    const [game] = await lobby(server, 'localhost');
    const url = `/ops/v1/brands/${demo}/casino/games/${game!.id}`;
    // A brand's operator does not reach another brand (404, as every brand-scoped route), nor changes it.
    const other = await ops('PATCH', url, 'kc-content', { enabled: false });
    expect(other.statusCode).toBe(404);
    expect((await ops('GET', `/ops/v1/brands/${demo}/casino`, 'kc-content')).statusCode).toBe(404);
    expect((await ops('GET', `/ops/v1/brands/${kartal}/casino`, 'kc-content')).statusCode).toBe(200);
    expect((await ops('PATCH', url, 'c-trader', { enabled: false })).statusCode).toBe(403);
    expect((await lobby(server, 'localhost')).map((g) => g.id)).toContain(game!.id);

    const cases: [object, string][] = [
      [{ enabled: 'no' }, 'enabled'],
      [{ position: 0 }, 'position'],
      [{ position: 1.5 }, 'position'],
      [{ popularCategories: [70] }, 'popularCategories.0'],
      [{ popular: null }, 'popular'],
    ];
    for (const [body, field] of cases) {
      const res = await ops('PATCH', url, 'c-content', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
    expect((await ops('PATCH', url, 'c-content', {})).statusCode).toBe(400);
    const provider = await ops('PATCH', `/ops/v1/brands/${demo}/casino/providers/1`, 'c-content', {});
    expect(provider.statusCode).toBe(400);
    expect(provider.json().field).toBe('enabled');
    expect(
      (await ops('PATCH', `/ops/v1/brands/${demo}/casino/games/abc`, 'c-content', { enabled: true }))
        .statusCode,
    ).toBe(400);
    expect(
      (await ops('PATCH', `/ops/v1/brands/${demo}/casino/games/999999`, 'c-content', { enabled: true }))
        .statusCode,
    ).toBe(404);
    expect((await ops('GET', '/ops/v1/brands/999999/casino', 'c-content')).statusCode).toBe(404);
  });
});

/** The change made on one instance is answered by the other at once (the lobby reads the overlay every time). */
(SHARED_BACKENDS_AVAILABLE ? describe : describe.skip)('casino catalogue per brand on two instances', () => {
  let shared: Awaited<ReturnType<typeof startInstances>>;
  let a: Instance;
  let b: Instance;
  let tokens: Record<string, string> = {};

  beforeAll(async () => {
    shared = await startInstances(2, { CATALOGUE_SCALE: 0.1 });
    [a, b] = shared.instances as [Instance, Instance];
    const kartal = (await a.modules.tenancy.service.findByHost('kartal.localhost'))!.id;
    tokens = await operators(a, kartal);
  }, 240_000);
  afterAll(async () => shared?.close());

  it('a game disabled on instance A is gone from the brand’s lobby on instance B, not from the other brand’s', async () => {
    const demo = (await a.modules.tenancy.service.findByHost('localhost'))!.id;
    const [game] = await lobby(b, 'localhost');
    expect((await lobby(b, 'localhost')).map((g) => g.id)).toContain(game!.id);
    const off = await opsRequest(a)(
      'PATCH',
      `/ops/v1/brands/${demo}/casino/games/${game!.id}`,
      tokens['c-content'],
      {
        enabled: false,
      },
    );
    expect(off.statusCode, off.body).toBe(200);
    expect((await lobby(b, 'localhost')).map((g) => g.id)).not.toContain(game!.id);
    expect((await lobby(b, 'kartal.localhost')).map((g) => g.id)).toContain(game!.id);
  });
});
