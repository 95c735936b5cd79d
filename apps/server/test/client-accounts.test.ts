import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appCredentials, bearer, createClient, login, tokenRequest } from './support/accounts';
import { describeEachBackend } from './support/databases';
import { operatorSessions, opsRequest } from './support/ops';
import { createTestServer, type TestServer } from './support/server';

/**
 * Issue 35 §2: a client made on the desk (no password; a one-time link to set theirs) and an operator's password
 * reset (a new link; the client's sessions end). Links are kept as hashes, used once under a row lock, replaced by
 * a newer one, and expire (72 h new, 1 h reset). Neither the token nor the password reaches a log line.
 */
describeEachBackend('clients made and reset from the desk (issue 35 §2)', (backend) => {
  let server: TestServer;
  let tokens: Record<string, string> = {};
  let demo = 0;
  let kartal = 0;
  const lines: string[] = [];
  /** The server's clock: the test moves it forward past a link's end. */
  let skew = 0;
  const clock = { now: () => Date.now() + skew };
  const PASSWORD = 'Lale-Bahce-Mavi-41';
  const seen: string[] = [PASSWORD];

  const ops = (method: 'GET' | 'POST', url: string, who: string, payload?: object) =>
    opsRequest(server)(method, url, tokens[who], payload);
  const setup = (token: string, password: string, ip = '198.51.100.9') =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/password-setup?lang=en',
      headers: { host: 'localhost' },
      payload: { token, password },
      remoteAddress: ip,
    });
  const check = (token: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/password-setup/check',
      headers: { host: 'localhost' },
      payload: { token },
    });
  const tokenOf = (link: string) => {
    const token = new URL(link).searchParams.get('token')!;
    seen.push(token);
    return token;
  };
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const create = async (who: string, body: object) => ops('POST', '/ops/v1/clients', who, body);

  beforeAll(async () => {
    server = await createTestServer(backend, {
      clock,
      config: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
    demo = (await server.modules.tenancy.service.findByHost('localhost'))!.id;
    kartal = (await server.modules.tenancy.service.findByHost('kartal.localhost'))!.id;
    tokens = await operatorSessions(server, [
      ['g-support', 'support', null],
      ['k-support', 'support', kartal],
      ['g-content', 'content', null],
      ['g-finance', 'finance', null],
    ]);
  }, 120_000);
  afterAll(async () => server?.close());

  it('creates a client with a link; no password logs them in until they set theirs; then login works', async () => {
    const res = await create('g-support', {
      username: 'Ayse.Yildiz',
      email: 'ayse@example.com',
      firstName: 'Ayşe',
      lastName: 'Yıldız',
      brandId: demo,
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().result;
    expect(created).toMatchObject({
      username: 'Ayse.Yildiz',
      brandId: demo,
      currency: 'TRY',
      resellerId: null,
    });
    expect(created.setupLink).toMatch(
      /^http:\/\/localhost(:\d+)?\/en\/set-password\?token=[A-Za-z0-9_-]{43}$/,
    );
    const hours = (Date.parse(created.setupExpiresAt) - clock.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const token = tokenOf(created.setupLink);
    // Only the hash is kept.
    const kept = await rows<{ token_hash: string }>(
      sql`select token_hash from password_setup_links where user_id = ${created.id}`,
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]!.token_hash).not.toContain(token);
    expect(kept[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    // Nothing logs them in yet: not an empty password, not the unusable marker.
    const cred = await appCredentials(server);
    for (const password of ['x', '!unset', PASSWORD]) {
      const attempt = await tokenRequest(server, {
        grant_type: 'password',
        ...cred,
        username: 'ayse.yildiz',
        password,
      });
      expect(attempt.statusCode, password).toBe(400);
    }
    // The page reads whose link it is; the rules of a password change apply (the link stays usable).
    expect((await check(token)).json().result).toMatchObject({ username: 'Ayse.Yildiz', purpose: 'new' });
    const short = await setup(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: 'validation', field: 'password' });
    expect(short.json().message).toMatch(/at least 8/);
    const done = await setup(token, PASSWORD);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().result).toEqual({ username: 'Ayse.Yildiz' });
    const session = await login(server, 'Ayse.Yildiz', PASSWORD);
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/get/session',
      headers: bearer(session.access_token),
    });
    expect(me.json().result.user).toMatchObject({ username: 'Ayse.Yildiz', balance: 0, first_name: 'Ayşe' });
    // Used: refused from now on.
    expect((await setup(token, 'Another-Good-One-77')).json()).toMatchObject({
      error: 'invalid_token',
      field: 'token',
    });
    expect((await check(token)).statusCode).toBe(400);
    // Audited without the link.
    const audit = await rows<{ actor: string; target: string; after: unknown }>(
      sql`select actor, target, after from ops_audit_log where action = 'client.create'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'g-support', target: `client:${created.id}` });
    expect(JSON.stringify(audit[0]!.after)).not.toContain(token);
  });

  it('refuses a taken username (folded as at login) with 409, and names each bad field', async () => {
    const taken = await create('k-support', { username: 'AYSE.yildiz' });
    expect(taken.statusCode).toBe(200); // another brand: its own names
    const again = await create('g-support', { username: 'ayse.YILDIZ', brandId: demo });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'username_taken', field: 'username' });
    const cases: [object, string][] = [
      [{ username: 'a', brandId: demo }, 'username'],
      [{ username: 'bad name!', brandId: demo }, 'username'],
      [{ username: 'good.name', email: 'not-mail', brandId: demo }, 'email'],
      [{ username: 'good.name', firstName: 'x'.repeat(101), brandId: demo }, 'firstName'],
      [{ username: 'good.name', currency: 'try', brandId: demo }, 'currency'],
      [{ username: 'good.name', currency: 'XAU', brandId: demo }, 'currency'],
      [{ username: 'good.name' }, 'brandId'],
      [{ username: 'good.name', brandId: demo, resellerId: 999_999 }, 'resellerId'],
    ];
    for (const [body, field] of cases) {
      const res = await create('g-support', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
    // A brand's operator: their own brand only (another brand named: 404), the door by role (content: 403).
    expect((await create('k-support', { username: 'kartal.one', brandId: demo })).statusCode).toBe(404);
    expect((await create('g-content', { username: 'content.one', brandId: demo })).statusCode).toBe(403);
    expect((await create('g-finance', { username: 'finance.one', brandId: demo })).statusCode).toBe(403);
    const reseller = await server.modules.identity.service.findUser(demo, 'reseller');
    const withReseller = await create('g-support', {
      username: 'resold.one',
      brandId: demo,
      resellerId: reseller!.id,
    });
    expect(withReseller.json().result.resellerId).toBe(reseller!.id);
    expect(await rows(sql`select 1 from users where username_key = 'good.name'`)).toEqual([]);
  });

  it('uses a link once: of two uses at once, one wins', async () => {
    const created = (await create('g-support', { username: 'twice', brandId: demo })).json().result;
    const token = tokenOf(created.setupLink);
    const [a, b] = await Promise.all([setup(token, 'First-Choice-2031'), setup(token, 'Second-Choice-2032')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const winner = a.statusCode === 200 ? 'First-Choice-2031' : 'Second-Choice-2032';
    seen.push('First-Choice-2031', 'Second-Choice-2032');
    await login(server, 'twice', winner);
    const used = await rows<{ n: number }>(
      sql`select count(*)::int as n from password_setup_links where user_id = ${created.id} and used_at is not null`,
    );
    expect(used[0]!.n).toBe(1);
  });

  it('resets: a one-hour link, the client’s sessions end, a newer link voids the older; brand scope', async () => {
    const user = await createClient(server, 'reset.me', 'Old-Choice-2030');
    seen.push('Old-Choice-2030');
    const session = await login(server, 'reset.me', 'Old-Choice-2030');
    const url = `/ops/v1/clients/${user.id}/password-reset`;
    expect((await ops('POST', url, 'k-support', { reason: 'called us' })).statusCode).toBe(404);
    expect((await ops('POST', url, 'g-content', { reason: 'called us' })).statusCode).toBe(403);
    expect((await ops('POST', url, 'g-support', { reason: '' })).json().field).toBe('reason');
    const first = await ops('POST', url, 'g-support', { reason: 'forgot it on the phone' });
    expect(first.statusCode, first.body).toBe(200);
    const { link, expiresAt } = first.json().result;
    const minutes = (Date.parse(expiresAt) - clock.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59.9);
    expect(minutes).toBeLessThanOrEqual(60);
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/get/session',
      headers: bearer(session.access_token),
    });
    expect(me.statusCode).toBe(401);
    // The old password no longer logs in: only the link sets the next one.
    const cred = await appCredentials(server);
    const old = await tokenRequest(server, {
      grant_type: 'password',
      ...cred,
      username: 'reset.me',
      password: 'Old-Choice-2030',
    });
    expect(old.statusCode).toBe(400);
    const older = tokenOf(link);
    const newer = tokenOf(
      (await ops('POST', url, 'g-support', { reason: 'sent it again' })).json().result.link,
    );
    expect((await setup(older, 'New-Choice-2033')).json().error).toBe('invalid_token');
    expect((await setup(newer, 'New-Choice-2033')).statusCode).toBe(200);
    seen.push('New-Choice-2033');
    await login(server, 'reset.me', 'New-Choice-2033');
    const audit = await rows<{ reason: string; after: { revoked: number } }>(
      sql`select reason, after from ops_audit_log where action = 'client.password_reset' order by id`,
    );
    expect(audit.map((a) => a.reason)).toEqual(['forgot it on the phone', 'sent it again']);
    expect(audit[0]!.after.revoked).toBe(1);
  });

  it('refuses an expired link; unknown tokens count like failed logins (429)', async () => {
    const created = (await create('g-support', { username: 'late.one', brandId: demo })).json().result;
    const token = tokenOf(created.setupLink);
    skew += 72 * 3_600_000 + 1_000;
    expect((await check(token)).json().error).toBe('invalid_token');
    expect((await setup(token, 'Late-Choice-2034')).json().error).toBe('invalid_token');
    seen.push('Late-Choice-2034');
    let last = 0;
    for (let i = 0; i < 60 && last !== 429; i++)
      last = (await setup(`guess-${i}-${'x'.repeat(30)}`, 'Guess-Choice-2035', '198.51.100.77')).statusCode;
    expect(last).toBe(429);
  });

  it('never logs a link’s token or a password', () => {
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of seen)
      expect(
        lines.filter((l) => l.includes(secret)),
        secret,
      ).toEqual([]);
  });
});
