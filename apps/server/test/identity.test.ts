import { afterAll, beforeAll, expect, it } from 'vitest';
import { sessionResponseSchema, tokenResponseSchema } from '@sb/contract';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { appCredentials, bearer, createClient, login, tokenRequest } from './support/accounts';
import { manualClock } from '../src/lib/clock';
import { ACCESS_TOKEN_TTL_MS } from '../src/modules/identity/index';

describeEachBackend('identity: tokens and sessions', (backend) => {
  let server: TestServer;
  const clock = manualClock(Date.parse('2026-11-21T12:00:00Z'));
  beforeAll(async () => {
    server = await createTestServer(backend, { clock });
  });
  afterAll(async () => server?.close());

  const session = (token: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url: '/api/get/session', headers: { ...bearer(token), ...headers } });

  it('logs the demo client in with the password grant (GET query and POST form) and returns every session field', async () => {
    const cred = await appCredentials(server);
    const query = new URLSearchParams({
      grant_type: 'password',
      ...cred,
      username: 'demo',
      password: 'demo-pass-2026',
      t: '1',
    });
    const viaGet = await server.app.inject({
      method: 'GET',
      url: `/oauth/v2/token?${query}`,
      headers: { host: 'localhost' },
    });
    expect(viaGet.statusCode).toBe(200);
    expect(viaGet.headers['cache-control']).toBe('no-store');
    const tokens = tokenResponseSchema.parse(viaGet.json());
    expect(tokens.access_token.length).toBeGreaterThanOrEqual(43);
    expect(tokens.expires_in).toBe(900);

    const viaPost = await login(server, 'DEMO', 'demo-pass-2026');
    const res = await session(viaPost.access_token);
    expect(res.statusCode).toBe(200);
    const body = sessionResponseSchema.parse(res.json());
    expect(body.result.app.meta.title).toBe('Demo Bet — sports betting and casino');
    expect(body.result.user).toMatchObject({
      group: { key: 'ROLE_CLIENT' },
      username: 'demo',
      balance: 100_000,
      bonus: 0,
      balanceFormat: '₺1,000.00',
      currency: { symbol: '₺', position: 'before', iso_code: 'TRY' },
      full_name: 'Deniz Demir',
      date_of_birth: '1990-04-23',
      loggedIn: true,
      waiting_bets: 0,
    });
    expect(body.result.user.uid).toBeGreaterThan(0);
  });

  it('accepts the token in X-App-Session and refuses it on another app', async () => {
    const { access_token } = await login(server, 'demo', 'demo-pass-2026');
    const viaHeader = await server.app.inject({
      method: 'GET',
      url: '/api/get/session',
      headers: { host: 'localhost', 'x-app-session': `Bearer ${access_token}` },
    });
    expect(viaHeader.statusCode).toBe(200);
    expect((await session(access_token, { host: 'kartal.localhost' })).statusCode).toBe(401);
  });

  it('answers 401 for a missing, malformed, unknown or expired token', async () => {
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/get/session', headers: { host: 'localhost' } }))
        .statusCode,
    ).toBe(401);
    expect((await session('not a token!')).statusCode).toBe(401);
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: '/api/get/session',
          headers: { host: 'localhost', authorization: 'Basic abc' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await session('A'.repeat(43))).statusCode).toBe(401);
    const { access_token } = await login(server, 'demo', 'demo-pass-2026');
    clock.advance(ACCESS_TOKEN_TTL_MS + 1000);
    const expired = await session(access_token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('gives the same error for an unknown user and a wrong password', async () => {
    const cred = await appCredentials(server);
    const wrong = await tokenRequest(
      server,
      { grant_type: 'password', ...cred, username: 'demo', password: 'nope-nope-nope' },
      { ip: '10.9.0.1' },
    );
    const unknown = await tokenRequest(
      server,
      { grant_type: 'password', ...cred, username: 'ghost', password: 'nope-nope-nope' },
      { ip: '10.9.0.2' },
    );
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('rejects a wrong client secret with 401 and bad input with 400 naming the field', async () => {
    const cred = await appCredentials(server);
    const badClient = await tokenRequest(server, {
      grant_type: 'password',
      client_id: cred.client_id,
      client_secret: 'x',
      username: 'demo',
      password: 'demo-pass-2026',
    });
    expect(badClient.statusCode).toBe(401);
    expect(badClient.json()).toMatchObject({ error: 'invalid_client' });
    const otherApp = await appCredentials(server, 'kartal.localhost');
    expect(
      (
        await tokenRequest(server, {
          grant_type: 'password',
          ...otherApp,
          username: 'demo',
          password: 'demo-pass-2026',
        })
      ).statusCode,
    ).toBe(401);
    const noGrant = await tokenRequest(server, { ...cred, username: 'demo', password: 'x' });
    expect(noGrant.statusCode).toBe(400);
    expect(noGrant.json().field).toBe('grant_type');
    const noPassword = await tokenRequest(server, { grant_type: 'password', ...cred, username: 'demo' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().field).toBe('password');
  });

  it('rotates refresh tokens: a used one stops working and its reuse revokes the whole session', async () => {
    const cred = await appCredentials(server);
    const first = await login(server, 'demo', 'demo-pass-2026');
    const refresh = (token: string) =>
      tokenRequest(
        server,
        { grant_type: 'refresh_token', ...cred, refresh_token: token },
        { ip: '10.7.0.1' },
      );
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const rotated = tokenResponseSchema.parse(second.json());
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    expect((await session(rotated.access_token)).statusCode).toBe(200);

    // Within the grace window the same token gets the same answer (another tab refreshing at once).
    const again = await refresh(first.refresh_token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(second.json());
    // After it, the token is a stolen copy.
    clock.advance(31_000);
    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ error: 'invalid_grant' });
    // The reuse revoked the family: the newer tokens are dead too.
    expect((await session(rotated.access_token)).statusCode).toBe(401);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(400);
  });

  it('gives two concurrent refreshes with the same token the same new pair, and the session lives', async () => {
    const cred = await appCredentials(server);
    const first = await login(server, 'demo', 'demo-pass-2026');
    const results = await Promise.all(
      [1, 2].map(() =>
        tokenRequest(
          server,
          { grant_type: 'refresh_token', ...cred, refresh_token: first.refresh_token },
          { ip: '10.7.0.2' },
        ),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results[0]!.json()).toEqual(results[1]!.json());
    expect((await session(results[0]!.json().access_token)).statusCode).toBe(200);
  });

  it('logs out: the access token and refresh token stop working', async () => {
    const cred = await appCredentials(server);
    const tokens = await login(server, 'demo', 'demo-pass-2026');
    const out = await server.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(tokens.access_token),
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ result: { revoked: true } });
    expect((await session(tokens.access_token)).statusCode).toBe(401);
    expect(
      (
        await tokenRequest(server, {
          grant_type: 'refresh_token',
          ...cred,
          refresh_token: tokens.refresh_token,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('revokes every session of a client through the service (operator command)', async () => {
    const user = await createClient(server, 'revokee');
    const a = await login(server, 'revokee', 'correct-horse-7');
    const b = await login(server, 'revokee', 'correct-horse-7');
    expect(await server.modules.identity.tokens.revokeUser(user.id)).toBe(2);
    expect((await session(a.access_token)).statusCode).toBe(401);
    expect((await session(b.access_token)).statusCode).toBe(401);
  });

  it('answers concurrent requests (their token checks batched into one statement) each for its own token', async () => {
    await createClient(server, 'batch-a');
    await createClient(server, 'batch-b');
    const a = await login(server, 'batch-a', 'correct-horse-7');
    const b = await login(server, 'batch-b', 'correct-horse-7');
    const gone = await login(server, 'batch-a', 'correct-horse-7');
    await server.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(gone.access_token) });
    const unknown = 'x'.repeat(43);
    const asked = [a, b, gone, a, { access_token: unknown }, b, a.refresh_token];
    const answers = await Promise.all(asked.map((t) => session(typeof t === 'string' ? t : t.access_token)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 200, 401, 200, 401]);
    const names = answers.map((r) =>
      r.statusCode === 200 ? sessionResponseSchema.parse(r.json()).result.user.username : null,
    );
    expect(names).toEqual(['batch-a', 'batch-b', null, 'batch-a', null, 'batch-b', null]);
  });

  it('reports a username taken by a concurrent create as 409 username_taken naming the field, not a crash', async () => {
    const app = await server.modules.tenancy.service.findByHost('localhost');
    const create = () =>
      server.modules.identity.service.createUser({
        appId: app?.id ?? 0,
        username: 'twin',
        password: 'twin-pass-2026',
        role: 'ROLE_CLIENT',
      });
    const results = await Promise.allSettled([create(), create()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { statusCode: 409, code: 'username_taken', field: 'username' },
    });
  });

  it('shows a reseller as ROLE_RESELLER so the web logs them out', async () => {
    const { access_token } = await login(server, 'reseller', 'reseller-pass-2026');
    const res = await session(access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.user.group.key).toBe('ROLE_RESELLER');
  });
});
