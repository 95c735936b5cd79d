import { afterAll, beforeAll, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock';
import { THROTTLE_RULES } from '../src/modules/identity/index';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { appCredentials, bearer, createClient, login, tokenRequest } from './support/accounts';

/** Brute force is stopped without locking the owner out; two tabs stay logged in. */
describeEachBackend('login and token abuse', (backend) => {
  let server: TestServer;
  const clock = manualClock(Date.parse('2026-11-22T12:00:00Z'));
  /** The progressive delays the throttle asked for (recorded instead of waited). */
  const delays: number[] = [];
  let cred: { client_id: string; client_secret: string };

  beforeAll(async () => {
    server = await createTestServer(backend, {
      clock,
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    cred = await appCredentials(server);
  });
  afterAll(async () => server?.close());

  const attempt = (username: string, password: string, ip: string) =>
    tokenRequest(server, { grant_type: 'password', ...cred, username, password }, { ip });

  it('limits wrong current passwords on change-password like failed logins (finding 5)', async () => {
    await createClient(server, 'pwvictim', 'victim-secret-2026');
    const { access_token } = await login(server, 'pwvictim', 'victim-secret-2026');
    const change = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/change-password',
        headers: { ...bearer(access_token), 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: '203.0.113.50',
        payload: 'current_password=guess&new_password=new-secret-2026&new_password_repeat=new-secret-2026',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await change()).statusCode);
    expect(statuses.slice(0, THROTTLE_RULES.pair.capacity).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const limited = await change();
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ error: 'too_many_attempts' });
  });

  it('counts a Unicode variant of a username on the same counter as the name itself (finding 6)', async () => {
    await createClient(server, 'demi', 'demi-secret-2026');
    // The variant names the same account…
    expect((await attempt('demİ', 'demi-secret-2026', '203.0.113.60')).statusCode).toBe(200);
    expect((await attempt('ＤＥＭＩ', 'demi-secret-2026', '203.0.113.60')).statusCode).toBe(200);
    // …and shares its counter: failures as demİ and demı exhaust the pair's bucket for demi.
    for (let i = 0; i < THROTTLE_RULES.pair.capacity; i++)
      await attempt(i % 2 ? 'demİ' : 'demı', 'wrong-guess', '203.0.113.61');
    expect((await attempt('demi', 'demi-secret-2026', '203.0.113.61')).statusCode).toBe(429);
    // A new name that folds onto an existing one is refused at creation: the name is taken (409, issue 35 §2).
    await expect(createClient(server, 'DEMI', 'other-secret-2026')).rejects.toMatchObject({
      statusCode: 409,
      code: 'username_taken',
      field: 'username',
    });
  });

  it('stops an attacker address without locking the owner out, slowing it down progressively (finding 7)', async () => {
    await createClient(server, 'owner', 'owner-secret-2026');
    expect((await attempt('owner', 'owner-secret-2026', '198.51.100.7')).statusCode).toBe(200);
    delays.length = 0;
    const attacker = '203.0.113.70';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt('owner', 'wrong-guess', attacker)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    // The delay grows with each failure after the first few.
    expect(delays.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    // The owner, from its own address and from a new one, logs in at once.
    expect((await attempt('owner', 'owner-secret-2026', '198.51.100.7')).statusCode).toBe(200);
    expect((await attempt('owner', 'owner-secret-2026', '198.51.100.8')).statusCode).toBe(200);
  });

  it('has a higher per-username ceiling across addresses that never refuses an address the owner used (finding 7)', async () => {
    await createClient(server, 'popular', 'popular-secret-2026');
    expect((await attempt('popular', 'popular-secret-2026', '198.51.100.20')).statusCode).toBe(200);
    // A botnet: one guess per address, far more than the ceiling.
    let refusedAt = -1;
    for (let i = 0; i < THROTTLE_RULES.user.capacity + 5 && refusedAt < 0; i++) {
      const res = await attempt('popular', 'wrong-guess', `10.${Math.floor(i / 250)}.${i % 250}.9`);
      if (res.statusCode === 429) refusedAt = i;
    }
    expect(refusedAt).toBe(THROTTLE_RULES.user.capacity);
    // New addresses are refused, even with the right password…
    expect((await attempt('popular', 'popular-secret-2026', '10.99.0.1')).statusCode).toBe(429);
    // …but the owner's known address gets in (slowed down, not locked out).
    delays.length = 0;
    expect((await attempt('popular', 'popular-secret-2026', '198.51.100.20')).statusCode).toBe(200);
    expect(delays.at(-1)).toBeGreaterThan(0);
  });

  it('refills continuously: no burst of twice the limit across a window edge (finding 7)', async () => {
    await createClient(server, 'edge', 'edge-secret-2026');
    const ip = '203.0.113.80';
    expect((await attempt('edge', 'wrong-guess', ip)).statusCode).toBe(400);
    clock.advance(THROTTLE_RULES.pair.refillMs - 2_000);
    for (let i = 1; i < THROTTLE_RULES.pair.capacity; i++)
      expect((await attempt('edge', 'wrong-guess', ip)).statusCode).toBe(400);
    // Just past where a fixed window would have restarted: at most one more guess, not ten.
    clock.advance(3_000);
    let allowed = 0;
    while ((await attempt('edge', 'wrong-guess', ip)).statusCode === 400) allowed++;
    expect(allowed).toBeLessThanOrEqual(1);
  });

  it('ignores X-Forwarded-For unless a proxy is configured (finding 8)', async () => {
    let last = 0;
    let tries = 0;
    for (; tries < THROTTLE_RULES.address.capacity + 20 && last !== 429; tries++) {
      last = (
        await server.app.inject({
          method: 'POST',
          url: '/oauth/v2/token',
          remoteAddress: '127.0.0.1',
          headers: {
            host: 'localhost',
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': `198.18.${tries % 250}.${tries % 200}`,
          },
          payload: new URLSearchParams({
            grant_type: 'password',
            ...cred,
            username: `nobody${tries}`,
            password: 'x-wrong-x',
          }).toString(),
        })
      ).statusCode;
    }
    expect(last).toBe(429);
    expect(tries).toBe(THROTTLE_RULES.address.capacity + 1);
  });

  it('gives parallel refreshes the same pair, and refuses another app without ending the session (finding 9)', async () => {
    await createClient(server, 'twotabs', 'twotabs-secret-2026');
    const first = await login(server, 'twotabs', 'twotabs-secret-2026');
    const refresh = (token: string, host = 'localhost', credentials = cred) =>
      tokenRequest(
        server,
        { grant_type: 'refresh_token', ...credentials, refresh_token: token },
        { ip: '10.77.0.1', host },
      );
    const [a, b] = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    expect(a!.json()).toEqual(b!.json());
    const session = (token: string) =>
      server.app.inject({ method: 'GET', url: '/api/get/session', headers: bearer(token) });
    expect((await session(a!.json().access_token)).statusCode).toBe(200);

    // The new refresh token presented with Kartal Bahis's client credentials: refused, session intact.
    const kartal = await appCredentials(server, 'kartal.localhost');
    const foreign = await refresh(a!.json().refresh_token, 'kartal.localhost', kartal);
    expect(foreign.statusCode).toBe(400);
    expect((await session(a!.json().access_token)).statusCode).toBe(200);
    const next = await refresh(a!.json().refresh_token);
    expect(next.statusCode).toBe(200);

    // After the grace window, reusing a rotated token is theft: the family is revoked.
    clock.advance(31_000);
    expect((await refresh(first.refresh_token)).statusCode).toBe(400);
    expect((await session(next.json().access_token)).statusCode).toBe(401);
  });
});
