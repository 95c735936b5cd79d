import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { FEED_PATH } from '@sb/contract';
import { SHARED_BACKENDS_AVAILABLE, startInstances, type Instance } from './support/instances';
import { waitFor } from './support/wait';

const LIMITS = {
  BET_PLACE_PER_MINUTE: 3,
  CHECK_BETS_PER_MINUTE: 4,
  CASHOUT_PER_MINUTE: 2,
  CASINO_PLAYS_PER_MINUTE: 3,
  FEED_MAX_CONNECTIONS_PER_ADDRESS: 2,
};

/**
 * Rate limits per client, not per token or instance. Two instances on one PostgreSQL and one
 * Redis; one client logged in twice (a token on each instance): the calls of both tokens on both instances
 * share one budget; a visitor is counted by address; another client keeps its own budget.
 */
(SHARED_BACKENDS_AVAILABLE ? describe : describe.skip)('rate limits per client across instances', () => {
  let shared: Awaited<ReturnType<typeof startInstances>>;
  let a: Instance;
  let b: Instance;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    shared = await startInstances(2, LIMITS);
    [a, b] = shared.instances as [Instance, Instance];
    for (const name of ['limited-one', 'limited-two']) {
      const app = await a.modules.tenancy.service.findByHost('localhost');
      await a.modules.identity.service.createUser({
        appId: app!.id,
        username: name,
        password: 'limited-secret-2026',
        role: 'ROLE_CLIENT',
        firstName: 'Rate',
        lastName: name,
      });
    }
  }, 120_000);
  afterAll(async () => {
    for (const s of sockets) s.terminate();
    await shared?.close();
  });

  async function login(instance: Instance, username: string): Promise<string> {
    const cred = (await (await fetch(`${instance.baseUrl}/api/v1/get/client`)).json()) as Record<
      string,
      string
    >;
    const res = await fetch(`${instance.baseUrl}/oauth/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        ...cred,
        username,
        password: 'limited-secret-2026',
      }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  const call = (instance: Instance, path: string, token: string | null, body = 'type=1') =>
    fetch(`${instance.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body,
    });

  /** Sends `count` calls alternating between (instance, token) pairs; answers the statuses in order. */
  async function statuses(path: string, pairs: [Instance, string | null][], count: number) {
    const out: number[] = [];
    for (let i = 0; i < count; i++) {
      const [instance, token] = pairs[i % pairs.length]!;
      const res = await call(instance, path, token);
      out.push(res.status);
      if (res.status === 429) {
        expect(await res.json()).toMatchObject({ error: 'rate_limited' });
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    return out;
  }

  it('betPlace, checkBets, cash-out and casino plays share one budget per client over tokens and instances', async () => {
    const onA = await login(a, 'limited-one');
    const onB = await login(b, 'limited-one');
    expect(onA).not.toBe(onB);
    const both: [Instance, string][] = [
      [a, onA],
      [b, onB],
    ];
    const refused = (list: number[]) => list.map((s) => s === 429);
    // Bodies are not valid slips: the answer is a 400 while under the limit, a 429 once over it.
    expect(refused(await statuses('/api/v1/betPlace', both, 5))).toEqual([false, false, false, true, true]);
    expect(refused(await statuses('/api/v1/checkBets', both, 6))).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
    expect(refused(await statuses('/api/v1/bet-cash-out/2000000000', both, 4))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(refused(await statuses('/api/v1/casino/sessions/AAAAAAAAAAAAAAAAAAAAAA/spin', both, 5))).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
    // Another client has a budget of its own.
    const other = await login(b, 'limited-two');
    expect(refused(await statuses('/api/v1/betPlace', [[a, other]], 1))).toEqual([false]);
  });

  it('checkBets of visitors is counted per address across instances', async () => {
    const anonymous: [Instance, null][] = [
      [a, null],
      [b, null],
    ];
    const list = await statuses('/api/v1/checkBets', anonymous, 6);
    expect(list.map((s) => s === 429)).toEqual([false, false, false, false, true, true]);
  });

  it('caps the live-feed connections one address holds open', async () => {
    const open = (instance: Instance) =>
      new Promise<{ socket: WebSocket; status: number }>((resolve, reject) => {
        const socket = new WebSocket(`${instance.baseUrl.replace(/^http/, 'ws')}${FEED_PATH}`);
        sockets.push(socket);
        socket.once('open', () => resolve({ socket, status: 101 }));
        socket.once('unexpected-response', (_request, response) =>
          resolve({ socket, status: response.statusCode ?? 0 }),
        );
        socket.once('error', reject);
      });
    expect((await open(a)).status).toBe(101);
    const second = await open(a);
    expect(second.status).toBe(101);
    expect((await open(a)).status).toBe(429);
    // Closing one frees a place, once the server has seen it close (its count drops in the same 'close' event
    // that takes the connection off the hub).
    const connections = () => a.modules.feed.hub.stats().connections;
    const held = connections();
    second.socket.close();
    await waitFor(() => connections() === held - 1, 60_000);
    expect(connections()).toBe(held - 1);
    expect((await open(a)).status).toBe(101);
  });
});
