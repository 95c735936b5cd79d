import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { OPS_ROLE_GRANTS } from '@sb/contract';
import { totpCode } from '../src/modules/ops/index';
import { preMatchPicks, type Pick } from './support/betting';
import { SHARED_BACKENDS_AVAILABLE, startInstances, type Instance } from './support/instances';
import { opsSession, type OpsMethod } from './support/ops';

/**
 * Issue 35 §3: operators from the desk, on two instances (one PostgreSQL, one Redis). An admin creates operators of
 * the new roles, changes a role and a brand scope, disables (the operator's sessions end on both instances at once)
 * and resets a second factor (the operator enrols again at the next login); each action is audited. `risk` trades
 * without results; `content` runs brands without trading; no one but an admin manages operators.
 */
(SHARED_BACKENDS_AVAILABLE ? describe : describe.skip)('operators from the desk (issue 35 §3)', () => {
  let shared: Awaited<ReturnType<typeof startInstances>>;
  let a: Instance;
  let b: Instance;
  let kartal = 0;
  let pick: Pick;
  let marketId = 0;
  const tokens: Record<string, string> = {};
  const PASSWORD = (name: string) => `${name}-Initial-pass-2026`;

  const ops = (on: Instance, method: OpsMethod, url: string, token: string | undefined, payload?: object) =>
    on.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
      remoteAddress: '10.35.3.1',
    });
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await a.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  /** The admins' actions on an operator (their own logins and enrolments left out). */
  const auditOf = (target: string) =>
    rows<{ action: string; actor: string; before: unknown; after: unknown }>(
      sql`select action, actor, before, after from ops_audit_log
          where target = ${target} and outcome = 'ok' and action like 'operator.%' order by id`,
    );

  /** An operator made by the admin through the API on instance `on`, and their first session (TOTP enrolled). */
  async function created(on: Instance, username: string, role: string, brandId: number | null = null) {
    const res = await ops(on, 'POST', '/ops/v1/operators', tokens.admin, {
      username,
      password: PASSWORD(username),
      role,
      brandId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const operator = res.json().result as { id: number; username: string };
    tokens[username] = await opsSession(on, username, PASSWORD(username));
    return operator;
  }

  beforeAll(async () => {
    shared = await startInstances(2, { CATALOGUE_SCALE: 0.1 });
    [a, b] = shared.instances as [Instance, Instance];
    kartal = (await a.modules.tenancy.service.findByHost('kartal.localhost'))!.id;
    pick = (await preMatchPicks(a, 1))[0]!;
    marketId = (await a.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${pick.eventId}` })).json().result
      .markets[0].id as number;
    tokens.admin = await opsSession(a, 'admin', 'admin-pass-2026');
    tokens.support = await opsSession(b, 'support', 'support-pass-2026');
  }, 240_000);
  afterAll(async () => shared?.close());

  it('an admin lists operators with brand names, role, last login and disabled; creation is audited, its password never', async () => {
    const k = await created(a, 'k-risk', 'risk', kartal);
    const list = (await ops(b, 'GET', '/ops/v1/operators', tokens.admin)).json().result as {
      username: string;
      role: string;
      brandName: string | null;
      lastLoginAt: string | null;
      disabled: boolean;
    }[];
    expect(list.find((o) => o.username === 'k-risk')).toMatchObject({
      role: 'risk',
      brandName: 'Kartal Bahis',
      disabled: false,
    });
    expect(list.find((o) => o.username === 'k-risk')!.lastLoginAt).not.toBeNull();
    expect(list.find((o) => o.username === 'admin')).toMatchObject({ brandName: null });
    const [entry] = await auditOf(`operator:${k.id}`);
    expect(entry).toMatchObject({ action: 'operator.create', actor: 'admin' });
    expect(JSON.stringify(entry)).not.toContain(PASSWORD('k-risk'));
    expect(JSON.stringify(entry)).not.toMatch(/argon2/);
    const hash = await rows<{ h: string }>(sql`select password_hash as h from operators where id = ${k.id}`);
    expect(hash[0]!.h).toMatch(/^\$argon2id\$/);
  });

  it('a non-admin is refused every operators route (403), and nothing changes', async () => {
    const target = (await ops(a, 'GET', '/ops/v1/operators', tokens.admin))
      .json()
      .result.find((o: { username: string }) => o.username === 'k-risk') as { id: number };
    for (const who of ['support', 'k-risk']) {
      const calls: [OpsMethod, string, object | undefined][] = [
        ['GET', '/ops/v1/operators', undefined],
        [
          'POST',
          '/ops/v1/operators',
          { username: 'sneaky', password: 'x'.repeat(16), role: 'admin', brandId: null },
        ],
        ['PATCH', `/ops/v1/operators/${target.id}`, { role: 'admin' }],
        ['POST', `/ops/v1/operators/${target.id}/totp-reset`, undefined],
      ];
      for (const [method, url, body] of calls) {
        const res = await ops(b, method, url, tokens[who], body);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.json().error).toBe('forbidden');
      }
    }
    const after = await rows<{ role: string }>(sql`select role from operators where id = ${target.id}`);
    expect(after[0]!.role).toBe('risk');
    expect(await rows(sql`select 1 from operators where username = 'sneaky'`)).toEqual([]);
  });

  it('risk suspends and resumes a market but may not result it; content edits a brand but may not trade', async () => {
    await created(b, 'g-risk', 'risk');
    await created(b, 'g-content', 'content');
    const suspend = await ops(a, 'POST', `/ops/v1/markets/${marketId}/suspend`, tokens['g-risk'], {
      reason: 'liability',
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    expect(
      (await ops(b, 'POST', `/ops/v1/markets/${marketId}/resume`, tokens['g-risk'], {})).statusCode,
    ).toBe(200);
    for (const [url, body] of [
      [`/ops/v1/markets/${marketId}/result`, { facts: { home: 1, away: 0 } }],
      [`/ops/v1/markets/${marketId}/void`, { reason: 'other' }],
      [`/ops/v1/events/${pick.eventId}/result/confirm`, { facts: { home: 1, away: 0 } }],
    ] as const) {
      const res = await ops(a, 'POST', url, tokens['g-risk'], body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ error: 'forbidden', message: 'the risk role may not do this' });
    }
    const done = await rows<{ n: number }>(
      sql`select count(*)::int as n from ops_audit_log
          where actor = 'g-risk' and outcome = 'ok' and (action like '%result%' or action like '%void%')`,
    );
    expect(done[0]!.n).toBe(0);

    const patch = await ops(b, 'PATCH', `/ops/v1/brands/${kartal}`, tokens['g-content'], {
      links: { help: 'https://help.kartal.example/' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const trade = await ops(a, 'POST', `/ops/v1/markets/${marketId}/suspend`, tokens['g-content'], {
      reason: 'other',
    });
    expect(trade.statusCode).toBe(403);
    // Each sees what their role may do, as the session says it.
    for (const [who, role] of [
      ['g-risk', 'risk'],
      ['g-content', 'content'],
    ] as const) {
      const me = (await ops(b, 'GET', '/ops/v1/session', tokens[who])).json().result;
      expect(me).toMatchObject({ role, brandName: null, permissions: [...OPS_ROLE_GRANTS[role]] });
    }
  });

  it('a role and a brand scope change hold on the next request on the other instance; both audited', async () => {
    const op = await created(a, 'switcher', 'support');
    expect(
      (await ops(b, 'POST', `/ops/v1/markets/${marketId}/suspend`, tokens.switcher, { reason: 'other' }))
        .statusCode,
    ).toBe(403);
    const changed = await ops(a, 'PATCH', `/ops/v1/operators/${op.id}`, tokens.admin, { role: 'risk' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().result).toMatchObject({ role: 'risk' });
    const now = await ops(b, 'POST', `/ops/v1/markets/${marketId}/suspend`, tokens.switcher, {
      reason: 'other',
    });
    expect(now.statusCode, now.body).toBe(200);
    await ops(b, 'POST', `/ops/v1/markets/${marketId}/resume`, tokens.switcher, {});
    const scoped = await ops(a, 'PATCH', `/ops/v1/operators/${op.id}`, tokens.admin, { brandId: kartal });
    expect(scoped.json().result).toMatchObject({ brandId: kartal, brandName: 'Kartal Bahis' });
    // A brand's operator: the shared catalogue is no longer theirs to suspend.
    const refused = await ops(b, 'POST', `/ops/v1/markets/${marketId}/suspend`, tokens.switcher, {
      reason: 'other',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/all-brands operator is needed/);
    const audit = await auditOf(`operator:${op.id}`);
    expect(audit.map((e) => e.action)).toEqual(['operator.create', 'operator.update', 'operator.update']);
    expect(audit[1]).toMatchObject({ before: { role: 'support' }, after: { role: 'risk' } });
    expect(audit[2]).toMatchObject({ before: { brandId: null }, after: { brandId: kartal } });
    // A wrong body names its field; an unknown brand too; an admin never changes their own account.
    const bad = await ops(a, 'PATCH', `/ops/v1/operators/${op.id}`, tokens.admin, { role: 'boss' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('role');
    const noBrand = await ops(a, 'PATCH', `/ops/v1/operators/${op.id}`, tokens.admin, { brandId: 99_999 });
    expect(noBrand.json()).toMatchObject({ field: 'brandId' });
    const adminId = (await rows<{ id: number }>(sql`select id from operators where username = 'admin'`))[0]!
      .id;
    const self = await ops(a, 'PATCH', `/ops/v1/operators/${adminId}`, tokens.admin, { disabled: true });
    expect(self.statusCode).toBe(409);
  });

  it('disabling ends the operator’s sessions on both instances at once; enabling lets them log in again', async () => {
    const op = await created(a, 'leaver', 'trader');
    // One session, used on both instances (the database holds it).
    for (const on of [a, b])
      expect((await ops(on, 'GET', '/ops/v1/bets', tokens.leaver)).statusCode).toBe(200);
    const disabled = await ops(b, 'PATCH', `/ops/v1/operators/${op.id}`, tokens.admin, { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().result.disabled).toBe(true);
    for (const on of [a, b]) {
      const res = await ops(on, 'GET', '/ops/v1/bets', tokens.leaver);
      expect(res.statusCode).toBe(401);
    }
    const open = await rows<{ n: number }>(
      sql`select count(*)::int as n from operator_sessions where operator_id = ${op.id} and revoked_at is null`,
    );
    expect(open[0]!.n).toBe(0);
    // Password and code right: still refused while disabled, with the one answer of every refused login.
    const secret = (
      await rows<{ s: string }>(sql`select totp_secret as s from operators where id = ${op.id}`)
    )[0]!.s;
    const login = (at: number) =>
      ops(a, 'POST', '/ops/v1/session', undefined, {
        username: 'leaver',
        password: PASSWORD('leaver'),
        totp: totpCode(secret, at),
      });
    expect((await login(Date.now() + 30_000)).statusCode).toBe(401);
    await ops(a, 'PATCH', `/ops/v1/operators/${op.id}`, tokens.admin, { disabled: false });
    expect((await login(Date.now() + 30_000)).statusCode).toBe(200);
    expect((await auditOf(`operator:${op.id}`)).map((e) => e.action)).toEqual([
      'operator.create',
      'operator.disable',
      'operator.enable',
    ]);
  });

  it('a second factor reset ends the sessions and forces enrolment at the next login', async () => {
    const op = await created(b, 'forgetful', 'content');
    const reset = await ops(a, 'POST', `/ops/v1/operators/${op.id}/totp-reset`, tokens.admin);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().result).toMatchObject({ totpEnabled: false, totpEnrolmentRequired: true });
    expect((await ops(b, 'GET', '/ops/v1/brands', tokens.forgetful)).statusCode).toBe(401);
    const first = await ops(b, 'POST', '/ops/v1/session', undefined, {
      username: 'forgetful',
      password: PASSWORD('forgetful'),
    });
    expect(first.statusCode).toBe(200);
    const session = first.json().result as { token: string; totpEnrolmentRequired: boolean };
    expect(session.totpEnrolmentRequired).toBe(true);
    const blocked = await ops(a, 'GET', '/ops/v1/brands', session.token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toBe('totp_enrolment_required');
    const started = (await ops(a, 'POST', '/ops/v1/session/totp', session.token)).json().result;
    const confirmed = await ops(b, 'POST', '/ops/v1/session/totp/confirm', session.token, {
      totp: totpCode(started.secret, Date.now()),
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await ops(a, 'GET', '/ops/v1/brands', session.token)).statusCode).toBe(200);
    const row = (await ops(b, 'GET', '/ops/v1/operators', tokens.admin))
      .json()
      .result.find((o: { id: number }) => o.id === op.id);
    expect(row).toMatchObject({ totpEnabled: true, totpEnrolmentRequired: false });
    expect((await auditOf(`operator:${op.id}`)).map((e) => e.action)).toContain('operator.totp.reset');
  });
});
