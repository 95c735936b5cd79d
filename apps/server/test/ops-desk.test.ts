import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betPayout } from '@sb/betting';
import { sql } from 'drizzle-orm';
import { totpCode } from '../src/modules/ops/index';
import { describeEachBackend, ONE_BACKEND } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { bearer, login } from './support/accounts';
import { checkBets, placeBet, preMatchPicks, slipForm, type Pick } from './support/betting';
import type { FixtureEvent } from '@sb/contract';
import { opsRequest, opsRoutesOfDocument, opsSession, type OpsMethod } from './support/ops';

/**
 * Operators, sessions with TOTP, role and brand checks on every /ops/v1 route (table-
 * driven over the OpenAPI document), the audit log, the ticker, liability and suspension.
 */

/** The permission each /ops/v1 route needs; a route missing here fails the table test (add it with its rule). */
const ROUTE_ACCESS: Record<
  string,
  'read' | 'trade' | 'settle' | 'manage' | 'brands' | 'note' | 'clients' | 'adjust' | 'reports' | 'accounts'
> = {
  'GET /ops/v1/session': 'read',
  'DELETE /ops/v1/session': 'read',
  'POST /ops/v1/session/totp': 'read',
  'POST /ops/v1/session/totp/confirm': 'read',
  'GET /ops/v1/operators': 'manage',
  'POST /ops/v1/operators': 'manage',
  // Issue 35 §3: role, brand scope, disable and enable; a second factor's reset.
  'PATCH /ops/v1/operators/{id}': 'manage',
  'POST /ops/v1/operators/{id}/totp-reset': 'manage',
  'GET /ops/v1/audit': 'read',
  'GET /ops/v1/bets': 'read',
  'GET /ops/v1/bets/{id}': 'read',
  'GET /ops/v1/pick-lists': 'read',
  'GET /ops/v1/referrals': 'read',
  'POST /ops/v1/referrals/{id}/accept': 'trade',
  'POST /ops/v1/referrals/{id}/reject': 'trade',
  'POST /ops/v1/referrals/{id}/offer': 'trade',
  'GET /ops/v1/promotions': 'read',
  'POST /ops/v1/promotions': 'trade',
  'GET /ops/v1/promotions/{id}': 'read',
  'PUT /ops/v1/promotions/{id}/status': 'trade',
  'POST /ops/v1/promotions/{id}/grants': 'trade',
  'GET /ops/v1/clients/{id}/rewards': 'read',
  'GET /ops/v1/liability': 'read',
  'GET /ops/v1/liability/book': 'read',
  'POST /ops/v1/markets/{id}/suspend': 'trade',
  'POST /ops/v1/markets/{id}/resume': 'trade',
  'POST /ops/v1/selections/{id}/suspend': 'trade',
  'POST /ops/v1/selections/{id}/resume': 'trade',
  'POST /ops/v1/events/{id}/suspend': 'trade',
  'POST /ops/v1/events/{id}/resume': 'trade',
  'GET /ops/v1/fixtures': 'read',
  'POST /ops/v1/fixtures/{eventId}/commands': 'settle',
  'GET /ops/v1/overrides': 'read',
  'POST /ops/v1/selections/{id}/override': 'trade',
  'DELETE /ops/v1/selections/{id}/override': 'trade',
  'GET /ops/v1/limits': 'read',
  'PUT /ops/v1/limits': 'trade',
  'GET /ops/v1/clients': 'read',
  'GET /ops/v1/clients/{id}': 'read',
  'PUT /ops/v1/clients/{id}/risk': 'trade',
  'GET /ops/v1/results/events': 'read',
  'GET /ops/v1/results/events/{id}': 'read',
  'POST /ops/v1/markets/{id}/result': 'settle',
  'POST /ops/v1/markets/{id}/void': 'settle',
  'POST /ops/v1/markets/{id}/resettle': 'settle',
  'GET /ops/v1/dashboard': 'read',
  'GET /ops/v1/reports/{name}': 'reports',
  'GET /ops/v1/margins': 'read',
  'PUT /ops/v1/margins': 'trade',
  'GET /ops/v1/commands/{id}': 'read',
  'POST /ops/v1/virtual/commands': 'trade',
  'GET /ops/v1/catalogue': 'read',
  'GET /ops/v1/events/{id}': 'read',
  'GET /ops/v1/bets/{id}/detail': 'read',
  'POST /ops/v1/bets/{id}/void': 'settle',
  'POST /ops/v1/events/{id}/result/preview': 'settle',
  'POST /ops/v1/events/{id}/result/confirm': 'settle',
  'GET /ops/v1/brands': 'brands',
  'POST /ops/v1/brands': 'brands',
  'PATCH /ops/v1/brands/{id}': 'brands',
  'PUT /ops/v1/brands/{id}/logo': 'brands',
  'DELETE /ops/v1/brands/{id}/logo': 'brands',
  'GET /ops/v1/brands/{id}/casino': 'brands',
  'PATCH /ops/v1/brands/{id}/casino/games/{gameId}': 'brands',
  'PATCH /ops/v1/brands/{id}/casino/providers/{providerId}': 'brands',
  'GET /ops/v1/brands/{id}/banners': 'read',
  'POST /ops/v1/brands/{id}/banners': 'brands',
  'PATCH /ops/v1/brands/{id}/banners/{bannerId}': 'brands',
  'DELETE /ops/v1/brands/{id}/banners/{bannerId}': 'brands',
  // Clients (issue 35 §2): notes, block (trader), manual adjustments and their approval (finance, admin).
  'POST /ops/v1/clients/{id}/notes': 'note',
  'POST /ops/v1/clients/{id}/block': 'clients',
  'POST /ops/v1/clients/{id}/unblock': 'clients',
  'POST /ops/v1/clients/{id}/adjustments': 'adjust',
  'POST /ops/v1/clients/{id}/adjustments/{adjustmentId}/approve': 'adjust',
  'POST /ops/v1/clients/{id}/adjustments/{adjustmentId}/reject': 'adjust',
  // A new client and a password reset (a one-time link each): whoever answers the client — support, trader, admin.
  'POST /ops/v1/clients': 'accounts',
  'POST /ops/v1/clients/{id}/password-reset': 'accounts',
  'GET /ops/v1/adjustments': 'adjust',
};
const ROLES = ['support', 'trader', 'risk', 'content', 'finance', 'admin'] as const;
/** Each role's permissions, written here on their own (issue 35 §3: `risk` trades without results). */
const GRANTS = {
  support: ['read', 'note', 'accounts'],
  trader: ['read', 'trade', 'settle', 'note', 'clients', 'reports', 'accounts'],
  risk: ['read', 'trade', 'note', 'clients'],
  content: ['read', 'brands'],
  finance: ['read', 'note', 'adjust', 'reports'],
  admin: ['read', 'trade', 'settle', 'manage', 'brands', 'note', 'clients', 'adjust', 'reports', 'accounts'],
};

describeEachBackend('back office: operators, audit, ticker, liability, trading', (backend) => {
  let server: TestServer;
  let clientToken = '';
  let picks: Pick[] = [];
  const tokens: Record<string, string> = {};
  let demoBrand = 0;
  let kartalBrand = 0;
  let demoClientId = 0;

  const ops = (method: OpsMethod, url: string, token?: string, payload?: object) =>
    opsRequest(server)(method, url, token, payload);
  const sessionOf = (username: string, password: string) => opsSession(server, username, password);

  /** A second session of an enrolled operator, written straight to the table (a login would need a new code). */
  async function extraSession(username: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const hash = createHash('sha256').update(token).digest('hex');
    await server.database.db
      .execute(sql`insert into operator_sessions (token_hash, operator_id, scope, created_at, expires_at)
      select ${hash}, id, 'full', now(), now() + interval '10 minutes' from operators where username = ${username}`);
    return token;
  }

  /** The server's clock: the wall clock, moved ahead by hand where a test lets a live match play on. */
  let ahead = 0;
  const clock = { now: () => Date.now() + ahead };

  beforeAll(async () => {
    server = await createTestServer(backend, { config: { CATALOGUE_SCALE: 0.1 }, clock });
    clientToken = (await login(server, 'demo', 'demo-pass-2026')).access_token;
    picks = await preMatchPicks(server, 4);
    demoBrand = (await server.modules.tenancy.service.findByHost('localhost'))!.id;
    kartalBrand = (await server.modules.tenancy.service.findByHost('kartal.localhost'))!.id;
    demoClientId = (await server.modules.identity.service.findUser(demoBrand, 'demo'))!.id;
    for (const role of ['finance', 'risk', 'content'] as const)
      await server.modules.ops.operators.create({
        username: role,
        password: `${role}-pass-2026`,
        role,
        brandId: null,
      });
    for (const role of ROLES) tokens[role] = await sessionOf(role, `${role}-pass-2026`);
    await server.modules.ops.operators.create({
      username: 'kartal-trader',
      password: 'kartal-trader-pass',
      role: 'trader',
      brandId: kartalBrand,
    });
    tokens.kartal = await sessionOf('kartal-trader', 'kartal-trader-pass');
  }, 180_000);
  afterAll(async () => server?.close());

  describe('sessions', () => {
    it('needs the TOTP code once enrolled, refuses a wrong or replayed code, and a client token', async () => {
      const noCode = await ops('POST', '/ops/v1/session', undefined, {
        username: 'trader',
        password: 'trader-pass-2026',
      });
      expect(noCode.statusCode).toBe(401);
      // The same answer as a wrong password: it never confirms the password alone (issue 32 item 3).
      expect(noCode.json()).toEqual({
        error: 'invalid_credentials',
        message: 'invalid username, password or code',
      });
      const wrongPassword = await ops('POST', '/ops/v1/session', undefined, {
        username: 'trader',
        password: 'nope-nope-nope',
      });
      expect(wrongPassword.statusCode).toBe(401);
      expect((await ops('GET', '/ops/v1/bets', clientToken)).statusCode).toBe(401);
      const missing = await ops('POST', '/ops/v1/session', undefined, { password: 'x' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().field).toBe('username');
    });

    it('an enrol-only session can do nothing but enrol', async () => {
      await server.modules.ops.operators.create({
        username: 'newbie',
        password: 'newbie-pass-2026',
        role: 'admin',
        brandId: null,
      });
      const first = (
        await ops('POST', '/ops/v1/session', undefined, { username: 'newbie', password: 'newbie-pass-2026' })
      ).json().result;
      expect(first).toMatchObject({ role: 'admin', totpEnrolmentRequired: true });
      const refused = await ops('GET', '/ops/v1/bets', first.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('totp_enrolment_required');
      const started = (await ops('POST', '/ops/v1/session/totp', first.token)).json().result;
      expect(started.uri).toMatch(/^otpauth:\/\/totp\//);
      expect(started.qrSvg).toMatch(/^<svg/);
      const bad = await ops('POST', '/ops/v1/session/totp/confirm', first.token, { totp: '12345' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('totp');
      const code = totpCode(started.secret, Date.now());
      expect(
        (await ops('POST', '/ops/v1/session/totp/confirm', first.token, { totp: code })).statusCode,
      ).toBe(200);
      expect((await ops('GET', '/ops/v1/bets', first.token)).statusCode).toBe(200);
      // The code that confirmed enrolment cannot open another session (one use per time step).
      const replay = await ops('POST', '/ops/v1/session', undefined, {
        username: 'newbie',
        password: 'newbie-pass-2026',
        totp: code,
      });
      expect(replay.statusCode).toBe(401);
    });
  });

  // Who may call which route is the HTTP layer's and the ops module's rule, not the database's: the table (every
  // route × 8 identities, the file's longest test) runs on one back-end; each route's SQL is proven on both by the
  // tests of its own feature.
  const onOneBackend = backend === ONE_BACKEND ? it : it.skip;
  onOneBackend('checks role and brand on every /ops/v1 route of the OpenAPI document', async () => {
    const routes = await opsRoutesOfDocument(server);
    expect(routes).toEqual(Object.keys(ROUTE_ACCESS).sort());

    const eventId = picks[3]!.eventId;
    const marketId = (await server.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${eventId}` })).json()
      .result.markets[0].id as number;
    const placed = await placeBet(server, clientToken, slipForm(1, 200, [picks[3]!]));
    expect(placed.statusCode).toBe(200);
    const betId = (await ops('GET', '/ops/v1/bets?limit=1', tokens.admin)).json().result[0].id as number;
    // The operators' routes act on an operator of their own (never one of the table's sessions).
    const target = await server.modules.ops.operators.create({
      username: 'table-target',
      password: 'table-target-pass-2026',
      role: 'support',
      brandId: null,
    });
    const idOf = (path: string) =>
      path.includes('/operators/')
        ? target.id
        : path.includes('/bets/')
          ? betId
          : path.includes('/events/')
            ? eventId
            : path.includes('/selections/')
              ? picks[3]!.oddId
              : path.includes('/clients/')
                ? demoClientId
                : marketId;
    const urlOf = (path: string) =>
      path.replace('{id}', String(idOf(path))).replace('{eventId}', String(eventId)) +
      (path === '/ops/v1/clients' ? '?q=demo' : '');
    const bodyOf = (route: string) =>
      route === 'POST /ops/v1/selections/{id}/override'
        ? { odd: 3.5, expiresAt: new Date(Date.now() + 3_600_000).toISOString(), reason: 'table test' }
        : route === 'PUT /ops/v1/limits'
          ? { kind: 'stake', level: 'market', refId: marketId, amount: 100_000, reason: 'table test' }
          : route === 'PUT /ops/v1/clients/{id}/risk' || route.endsWith('block')
            ? { label: 'standard', reason: 'table test' }
            : route === 'POST /ops/v1/clients/{id}/notes'
              ? { text: 'table test' }
              : // Above the brand's amount: it waits for a second operator, nothing moves.
                route === 'POST /ops/v1/clients/{id}/adjustments'
                ? { amount: 50_000_000, reason: 'table test' }
                : route === 'PUT /ops/v1/margins'
                  ? { brandId: demoBrand, family: 'cards', marginBp: null, reason: 'table test' }
                  : route.endsWith('/suspend')
                    ? { reason: 'other' }
                    : route.includes('/commands')
                      ? { command: 'pause' }
                      : route.endsWith('/confirm')
                        ? { totp: '000000' }
                        : route === 'PATCH /ops/v1/operators/{id}'
                          ? { role: 'support' }
                          : route === 'POST /ops/v1/operators'
                            ? {
                                username: `op-${Math.random().toString(36).slice(2, 8)}`,
                                password: 'x'.repeat(16),
                                role: 'support',
                                brandId: null,
                              }
                            : undefined;

    let cases = 0;
    const identities = ['none', 'client', ...ROLES] as const;
    for (const route of routes) {
      const [method, path] = route.split(' ') as [OpsMethod, string];
      // Logging out ends the session: run it on throw-away sessions.
      for (const who of identities) {
        let token: string | undefined;
        if (who === 'client') token = clientToken;
        else if (who !== 'none')
          token = route === 'DELETE /ops/v1/session' ? await extraSession(who) : tokens[who];
        const res = await ops(method, urlOf(path), token, bodyOf(route));
        cases++;
        const label = `${route} as ${who}: ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (who === 'none' || who === 'client') expect(res.statusCode, label).toBe(401);
        else if (!GRANTS[who].includes(ROUTE_ACCESS[route]!)) {
          expect(res.statusCode, label).toBe(403);
          expect(res.json().error, label).toBe('forbidden');
        } else expect([401, 403, 500], label).not.toContain(res.statusCode);
      }
    }
    // Brand: an operator of Kartal Bahis on Demo Bet's data gets 404; on its own brand, its own (empty) view.
    const brandCases: [string, number][] = [
      [`/ops/v1/bets/${betId}`, 404],
      [`/ops/v1/bets?brand=${demoBrand}`, 404],
      [`/ops/v1/bets?client=${demoClientId}`, 404],
      [`/ops/v1/liability?brand=${demoBrand}`, 404],
      [`/ops/v1/liability?eventId=${eventId}&brand=${demoBrand}`, 404],
      [`/ops/v1/clients/${demoClientId}`, 404],
      [`/ops/v1/clients?q=demo&brand=${demoBrand}`, 404],
      [`/ops/v1/limits?brand=${demoBrand}`, 404],
      [`/ops/v1/results/events?brand=${demoBrand}`, 404],
      [`/ops/v1/results/events/${eventId}?brand=${demoBrand}`, 404],
      [`/ops/v1/dashboard?brand=${demoBrand}`, 404],
      [`/ops/v1/margins?brand=${demoBrand}`, 404],
      [`/ops/v1/bets?brand=${kartalBrand}`, 200],
      [`/ops/v1/bets`, 200],
    ];
    for (const [url, status] of brandCases) {
      const res = await ops('GET', url, tokens.kartal);
      cases++;
      expect(res.statusCode, url).toBe(status);
      if (status === 200) expect(res.json().result).toEqual([]);
    }
    const scoped = (await ops('GET', `/ops/v1/liability?eventId=${eventId}`, tokens.kartal)).json().result;
    expect(scoped.bets).toBe(0);
    // A brand-scoped trader cannot suspend what every brand shares.
    const platform = await ops('POST', `/ops/v1/markets/${marketId}/suspend`, tokens.kartal, {
      reason: 'other',
    });
    cases++;
    expect(platform.statusCode).toBe(403);
    // Nor override a shared price or set an every-brand limit (403); another brand's client or limit is a 404.
    const reason = 'brand case';
    const brandChanges: ['POST' | 'PUT', string, object, number][] = [
      [
        'POST',
        `/ops/v1/selections/${picks[3]!.oddId}/override`,
        { odd: 3.5, expiresAt: new Date(Date.now() + 3_600_000).toISOString(), reason },
        403,
      ],
      ['PUT', '/ops/v1/limits', { kind: 'stake', level: 'platform', amount: 1, reason }, 403],
      [
        'PUT',
        '/ops/v1/limits',
        { kind: 'stake', level: 'brand', brandId: demoBrand, amount: 1, reason },
        404,
      ],
      ['PUT', `/ops/v1/clients/${demoClientId}/risk`, { noLive: true, reason }, 404],
      // Issue 35 §2: another brand's client cannot be blocked or noted (404, as if they did not exist).
      ['POST', `/ops/v1/clients/${demoClientId}/block`, { reason }, 404],
      ['POST', `/ops/v1/clients/${demoClientId}/notes`, { text: reason }, 404],
      // Margins are per brand: another brand's is a 404, its own brand's is its to set.
      ['PUT', '/ops/v1/margins', { brandId: demoBrand, marginBp: 100, reason }, 404],
      ['PUT', '/ops/v1/margins', { brandId: kartalBrand, family: 'cards', marginBp: null, reason }, 200],
      // Virtual rounds are every brand's.
      ['POST', '/ops/v1/virtual/commands', { command: 'start' }, 403],
    ];
    for (const [method, url, body, status] of brandChanges) {
      const res = await ops(method, url, tokens.kartal, body);
      cases++;
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    }
    expect((await server.modules.ops.risk.client(demoClientId)).noLive).toBe(false);
    expect(server.modules.sports.margins.list(null)).toEqual([]);
    expect(await server.modules.ops.risk.limits('stake', demoBrand)).not.toContainEqual(
      expect.objectContaining({ level: 'brand' }),
    );
    // Resume what the table suspended, leaving the market open for the other cases.
    await ops('POST', `/ops/v1/events/${eventId}/resume`, tokens.trader, {});
    console.log(`ops routes: ${routes.length + 1} (with POST /ops/v1/session); role × brand cases: ${cases}`);
    expect(cases).toBe(routes.length * identities.length + brandCases.length + 1 + brandChanges.length);
    // The table's limit on the market is removed again.
    await server.modules.ops.risk.setLimit(
      { kind: 'stake', level: 'market', brandId: null, refId: marketId },
      null,
    );
  });

  it('liability equals the open bets’ payouts per outcome (random singles, multiples and systems)', async () => {
    const [main, ...others] = picks;
    const detail = (
      await server.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${main!.eventId}` })
    ).json().result as FixtureEvent;
    // Only what is on sale: a selection outside the price band or of a pulled market is suspended.
    const choices = detail.markets
      .filter((m) => !m.disabled && !m.closed)
      .slice(0, 4)
      .flatMap((m) =>
        m.selections
          .filter((s) => s.odd > 1 && s.active && !s.isDisabled && !s.closed)
          .map((s) => ({ marketId: m.id, ...s })),
      );
    let seed = 19;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 12; i++) {
      const c = choices[rand(choices.length)]!;
      const pick: Pick = { eventId: main!.eventId, oddId: c.id, odd: c.odd };
      const kind = rand(3);
      const body =
        kind === 0
          ? slipForm(1, 100 + rand(10) * 50, [pick])
          : kind === 1
            ? slipForm(2, 100 + rand(5) * 100, [pick, others[0]!, others[1]!])
            : slipForm(3, 300 * (1 + rand(3)), [pick, others[0]!, others[1]!], [2]);
      const res = await placeBet(server, clientToken, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    const liability = (await ops('GET', `/ops/v1/liability?eventId=${main!.eventId}`, tokens.trader)).json()
      .result as {
      bets: number;
      markets: {
        marketId: number;
        stakes: number;
        selections: { selectionId: number; bets: number; payoutIfWins: number; net: number }[];
      }[];
    };
    // Expected, from the bets as the client sees them: what each bet pays with the selection winning, less what it
    // would pay with the selection losing (every other leg winning), summed over the open bets holding it.
    const open = (
      await server.app.inject({
        method: 'GET',
        url: '/api/v1/bets?status[]=1&status[]=7&per_page=100',
        headers: bearer(clientToken),
      })
    ).json().result.bets as {
      id: number;
      type: { id: number };
      systems: number[];
      amount_per_bet: number;
      items: { selectionId: number; eventId?: number; odd?: number; value?: number }[];
    }[];
    const legs = async (id: number) =>
      (await ops('GET', `/ops/v1/bets/${id}`, tokens.support)).json().result.selections as {
        eventId: number;
        marketId: number;
        odds: number;
        selectionId?: number;
        name: string;
      }[];
    const expected = new Map<number, { payout: number; bets: number }>();
    let onEvent = 0;
    for (const bet of open) {
      const view = (await ops('GET', `/ops/v1/bets/${bet.id}`, tokens.support)).json().result;
      const ls = await legs(bet.id);
      const i = ls.findIndex((l) => l.eventId === main!.eventId);
      if (i < 0) continue;
      onEvent++;
      const k = view.type === 'S' ? 1 : view.type.startsWith('E') ? ls.length : 2;
      const pay = (result: 'win' | 'loss') =>
        betPayout({
          legs: ls.map((l, j) => ({ eventId: l.eventId, odds: l.odds, result: j === i ? result : 'win' })),
          systemK: k,
          bankers: [],
          stakePerBetCents: bet.amount_per_bet,
        }).payoutCents;
      const sel = ls[i]!.selectionId!;
      const e = expected.get(sel) ?? { payout: 0, bets: 0 };
      e.payout += pay('win') - pay('loss');
      e.bets++;
      expected.set(sel, e);
    }
    expect(liability.bets).toBe(onEvent);
    const got = new Map(
      liability.markets.flatMap((m) =>
        m.selections.map((s) => [s.selectionId, { payout: s.payoutIfWins, bets: s.bets }] as const),
      ),
    );
    const sorted = (m: Map<number, unknown>) => [...m.entries()].sort((a, b) => a[0] - b[0]);
    expect(sorted(got)).toEqual(sorted(expected));
    for (const m of liability.markets)
      for (const s of m.selections) expect(s.net).toBe(m.stakes - s.payoutIfWins);
    // The matches list carries the event with the same net risk.
    const list = (await ops('GET', '/ops/v1/liability', tokens.support)).json().result as {
      eventId: number;
      netRisk: number;
    }[];
    const worst = liability.markets.reduce((t, m) => t + Math.min(0, ...m.selections.map((s) => s.net)), 0);
    expect(list.find((e) => e.eventId === main!.eventId)?.netRisk).toBe(worst);
  });

  it('suspends a market for players and betPlace, audits it with before/after, and resumes it', async () => {
    const pick = picks[1]!;
    const detail = (
      await server.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${pick.eventId}` })
    ).json();
    const market = detail.result.markets.find((m: { selections: { id: number }[] }) =>
      m.selections.some((s) => s.id === pick.oddId),
    );
    const noReason = await ops('POST', `/ops/v1/markets/${market.id}/suspend`, tokens.trader, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().field).toBe('reason');
    const badReason = await ops('POST', `/ops/v1/markets/${market.id}/suspend`, tokens.trader, {
      reason: 'x',
    });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().field).toBe('reason');
    const bySupport = await ops('POST', `/ops/v1/markets/${market.id}/suspend`, tokens.support, {
      reason: 'liability',
    });
    expect(bySupport.statusCode).toBe(403);
    expect(
      (await ops('POST', '/ops/v1/markets/999999999/suspend', tokens.trader, { reason: 'other' })).statusCode,
    ).toBe(404);

    const done = await ops('POST', `/ops/v1/markets/${market.id}/suspend`, tokens.trader, {
      reason: 'liability',
    });
    expect(done.statusCode).toBe(200);
    const shown = (
      await server.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${pick.eventId}` })
    ).json();
    expect(shown.result.markets.find((m: { id: number }) => m.id === market.id).disabled).toBe(true);
    const slip = slipForm(1, 100, [pick]);
    const checked = await checkBets(server, clientToken, slip);
    expect(JSON.stringify(checked.json())).toMatch(/suspend/i);
    const refused = await placeBet(server, clientToken, slip);
    expect(refused.statusCode).toBe(400);

    const audit = (await ops('GET', '/ops/v1/audit?limit=20', tokens.support)).json().result as {
      action: string;
      actor: string;
      outcome: string;
      status: number;
      reason: string | null;
      before: { disabled: boolean }[] | null;
      after: { disabled: boolean; operatorSuspended: string }[] | null;
    }[];
    expect(audit.find((a) => a.action === 'market.suspend')).toMatchObject({
      actor: 'trader',
      outcome: 'ok',
      reason: 'liability',
      before: [{ disabled: false, operatorSuspended: null }],
      after: [{ disabled: true, operatorSuspended: 'liability' }],
    });
    // Every refusal above is in the log too, and the log cannot be rewritten.
    const refusals = audit.filter((a) => a.outcome === 'refused').map((a) => `${a.actor} ${a.status}`);
    expect(refusals).toEqual(expect.arrayContaining(['trader 400', 'support 403', 'trader 404']));
    await expect(server.database.db.execute(sql`update ops_audit_log set actor = 'x'`)).rejects.toThrow();
    await expect(server.database.db.execute(sql`delete from ops_audit_log`)).rejects.toThrow();

    const resumed = await ops('POST', `/ops/v1/markets/${market.id}/resume`, tokens.trader, {});
    expect(resumed.statusCode).toBe(200);
    expect((await placeBet(server, clientToken, slip)).statusCode).toBe(200);
  });

  it('keeps an operator suspension (a market, a selection alone) through the simulator’s reprices of a live event', async () => {
    const eventId = picks[2]!.eventId;
    const producer = server.modules.producer;
    await producer.operator.enqueue(eventId, 'start', {});
    await producer.runOnce();
    const live = (await server.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${eventId}` })).json()
      .result;
    const open = live.markets.filter((m: { disabled: boolean }) => !m.disabled);
    expect(open.length).toBeGreaterThan(1);
    const held = open[0].id as number;
    await ops('POST', `/ops/v1/markets/${held}/suspend`, tokens.trader, { reason: 'incident' });
    // Issue 34: one selection alone of another open market.
    // (Another open market with a selection on sale: a market can be open with every selection priced out.)
    type Sel = { id: number; isDisabled: boolean };
    const heldSelection = open
      .slice(1)
      .flatMap((m: { selections: Sel[] }) => m.selections)
      .find((x: Sel) => !x.isDisabled)!.id;
    const alone = await ops('POST', `/ops/v1/selections/${heldSelection}/suspend`, tokens.trader, {
      reason: 'price_error',
    });
    expect(alone.statusCode, alone.body).toBe(200);
    for (let i = 0; i < 5; i++) {
      await producer.operator.enqueue(eventId, 'speed', { factor: 500 });
      ahead += 50; // the match's clock moves on (at 500× that is 25 s of play), no sleep
      await producer.runOnce();
    }
    const rows = (await server.database.db.execute(
      sql`select id, disabled, operator_suspended from markets where event_id = ${eventId}`,
    )) as unknown as { rows: { id: number; disabled: boolean; operator_suspended: string | null }[] };
    const row = rows.rows.find((r) => Number(r.id) === held)!;
    expect(row).toMatchObject({ disabled: true, operator_suspended: 'incident' });
    const after = (await server.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${eventId}` })).json()
      .result;
    expect(after.markets.find((m: { id: number }) => m.id === held)?.disabled ?? true).toBe(true);
    const sel = (await server.database.db.execute(
      sql`select is_disabled, operator_suspended, is_closed from selections where id = ${heldSelection}`,
    )) as unknown as { rows: { is_disabled: boolean; operator_suspended: string; is_closed: boolean }[] };
    // Still held (unless the match decided it meanwhile, which closes it).
    if (!sel.rows[0]!.is_closed)
      expect(sel.rows[0]).toMatchObject({ is_disabled: true, operator_suspended: 'price_error' });
    const shown = after.markets
      .flatMap((m: { selections: { id: number; isDisabled: boolean }[] }) => m.selections)
      .find((x: { id: number }) => x.id === heldSelection);
    if (shown && !sel.rows[0]!.is_closed) expect(shown.isDisabled).toBe(true);
  });

  it('publishes a suspension that commits while a reprice of the market is being written', async () => {
    // The interleaving injected, not waited for: the simulator read the market open and priced it; the operator's
    // suspension commits before its write. The rows keep the suspension, and so must what players are shown.
    // A match of its own, started here: the one the test above started plays on at 500× between the two tests,
    // so on a busy machine it could reach full time (every market closed, nothing repriced) before this one ran.
    const [fresh] = await preMatchPicks(server, 1, picks.length);
    const eventId = fresh!.eventId;
    expect(picks.map((p) => p.eventId)).not.toContain(eventId);
    const producer = server.modules.producer;
    await producer.operator.enqueue(eventId, 'start', {});
    await producer.runOnce();
    const repo = server.modules.sports.ingest.simulator;
    const write = repo.applyUpdates;
    const own = new Set<number>(
      (await server.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${eventId}` }))
        .json()
        .result.markets.map((m: { id: number }) => m.id),
    );
    let raced: number | undefined;
    // What players are told: the last state of the raced market on the bus (the feed and every read model).
    type Told = { id: number; disabled: boolean; selections: { isDisabled: boolean }[] };
    let told: Told | undefined;
    const stop = server.bus.subscribe('fixture.markets', (m) => {
      told = (m.markets as Told[]).find((x) => x.id === raced) ?? told;
    });
    repo.applyUpdates = async (selections, markets) => {
      // This match's (another live match may be repriced in the same pass).
      const target =
        raced === undefined ? markets.find((m) => own.has(m.id) && !m.disabled && !m.closed) : undefined;
      if (target) {
        raced = target.id;
        const done = await ops('POST', `/ops/v1/markets/${target.id}/suspend`, tokens.trader, {
          reason: 'incident',
        });
        expect(done.statusCode, done.body).toBe(200);
      }
      return write(selections, markets);
    };
    try {
      for (let i = 0; i < 10 && raced === undefined; i++) {
        await producer.operator.enqueue(eventId, 'speed', { factor: 500 });
        ahead += 200; // 100 s of play at 500×: the minute moves, the open markets are repriced
        await producer.runOnce();
      }
    } finally {
      repo.applyUpdates = write;
      stop();
    }
    expect(raced, 'no open market was repriced').toBeDefined();
    expect(told?.disabled).toBe(true);
    for (const sel of told!.selections) expect(sel.isDisabled).toBe(true);
    const shown = (await server.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${eventId}` }))
      .json()
      .result.markets.find((m: { id: number }) => m.id === raced);
    expect(shown?.disabled).toBe(true);
    for (const sel of shown.selections as { isDisabled: boolean }[]) expect(sel.isDisabled).toBe(true);
    expect((await ops('POST', `/ops/v1/markets/${raced}/resume`, tokens.trader, {})).statusCode).toBe(200);
  });

  it('the ticker lists newest first with filters', async () => {
    const all = (await ops('GET', '/ops/v1/bets?limit=50', tokens.support)).json().result as {
      id: number;
      stake: number;
      type: string;
      potentialPayout: number;
      risk: number;
      brand: { id: number };
      client: { username: string };
    }[];
    expect(all.length).toBeGreaterThan(5);
    expect(all.map((b) => b.id)).toEqual([...all.map((b) => b.id)].sort((a, b) => b - a));
    expect(all[0]).toMatchObject({ brand: { id: demoBrand }, client: { username: 'demo' } });
    for (const b of all) expect(b.risk).toBe(b.potentialPayout - b.stake);
    expect(new Set(all.map((b) => b.type))).toEqual(new Set(['S', 'E3', 'Sy 2/3']));
    const big = (await ops('GET', '/ops/v1/bets?minStake=600', tokens.support)).json().result as {
      stake: number;
    }[];
    expect(big.length).toBe(all.filter((b) => b.stake >= 600).length);
    const byEvent = (await ops('GET', `/ops/v1/bets?event=${picks[0]!.eventId}`, tokens.support)).json()
      .result;
    expect(byEvent.length).toBeGreaterThan(0);
    const tooMany = await ops('GET', '/ops/v1/bets?limit=5000', tokens.support);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().field).toBe('limit');
  });
});
