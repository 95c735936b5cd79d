import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock';
import { bearer, createClient, login } from './support/accounts';
import { describeEachBackend } from './support/databases';
import { totpCode } from '../src/modules/ops/index';
import { createTestServer, type TestServer } from './support/server';

/**
 * Issue 36, automatic eligibility: a campaign's reward given without a grant by hand — to every client whose
 * account opens while it runs (`new_clients`), or to each client who joins it (`opt_in`) — in the segments (the
 * desk's risk labels) its terms name; once per client, never while paused or after its end, bonus money on the
 * ledger.
 */
const TOKEN = 'eligibility-operator-token-0123456789';
const DAY_MS = 86_400_000;

type Reward = { id: number; kind: string; status: string; amount: number; campaignId?: number };

describeEachBackend('promotions: automatic eligibility (issue 36)', (backend) => {
  let server: TestServer;
  let brand = 0;
  const clock = manualClock(Date.now());
  const ops = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${TOKEN}` },
      ...(payload ? { payload } : {}),
      remoteAddress: '10.9.0.3',
    });
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const campaign = async (kind: string, terms: object) => {
    const res = await ops('POST', '/ops/v1/promotions', {
      kind,
      brandId: brand,
      name: `${kind} ${JSON.stringify(terms)}`,
      terms: { product: 'sport', expiresInDays: 7, ...terms },
      startsAt: new Date(clock.now() - 60_000).toISOString(),
      endsAt: new Date(clock.now() + 30 * DAY_MS).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.id as number;
  };
  const player = async (name: string) => {
    const user = await createClient(server, name, `${name}-secret-2026`);
    return { user, token: (await login(server, name, `${name}-secret-2026`)).access_token };
  };
  const bonuses = async (token: string) =>
    (await server.app.inject({ method: 'GET', url: '/api/v1/bonuses', headers: bearer(token) })).json()
      .result as Reward[];
  const optIn = (token: string, payload: unknown) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/bonuses/opt-in',
      headers: bearer(token),
      payload: payload as object,
    });
  /** An operator's session, its second factor enrolled on the server's (manual) clock. */
  const deskSession = async (username: string, password: string) => {
    const first = (
      await server.app.inject({ method: 'POST', url: '/ops/v1/session', payload: { username, password } })
    ).json().result as { token: string; totpEnrolmentRequired: boolean };
    const auth = { authorization: `Bearer ${first.token}` };
    if (!first.totpEnrolmentRequired) return first.token;
    const { secret } = (
      await server.app.inject({ method: 'POST', url: '/ops/v1/session/totp', headers: auth })
    ).json().result as { secret: string };
    const confirmed = await server.app.inject({
      method: 'POST',
      url: '/ops/v1/session/totp/confirm',
      headers: auth,
      payload: { totp: totpCode(secret, clock.now()) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return first.token;
  };
  const rewardsOf = (campaignId: number) =>
    rows<{ user_id: number; granted_by: string }>(
      sql`select user_id, granted_by from promotion_rewards where campaign_id = ${campaignId} order by id`,
    );

  beforeAll(async () => {
    server = await createTestServer(backend, {
      clock,
      config: { CATALOGUE_SCALE: 0.1, OPERATOR_TOKEN: TOKEN },
    });
    brand = (await server.modules.tenancy.service.findByHost('localhost'))!.id;
  }, 120_000);
  afterAll(async () => server?.close());

  it('refuses an unknown rule or segment naming the field, and a rule on a kind every client has anyway', async () => {
    const base = {
      kind: 'free_bet',
      brandId: brand,
      name: 'Bad rule',
      startsAt: new Date(clock.now()).toISOString(),
      endsAt: new Date(clock.now() + DAY_MS).toISOString(),
    };
    const terms = { product: 'sport', amount: 1_000, minOdds: 1.5, expiresInDays: 7 };
    const everyone = await ops('POST', '/ops/v1/promotions', {
      ...base,
      terms: { ...terms, eligibility: 'everyone' },
    });
    expect(everyone.statusCode).toBe(400);
    expect(everyone.json().field).toBe('terms.eligibility');
    const gold = await ops('POST', '/ops/v1/promotions', {
      ...base,
      terms: { ...terms, eligibility: 'opt_in', segments: ['gold'] },
    });
    expect(gold.statusCode).toBe(400);
    expect(gold.json().field).toBe('terms.segments.0');
    const cashback = await ops('POST', '/ops/v1/promotions', {
      ...base,
      kind: 'cashback',
      terms: { product: 'sport', percent: 5, maxAmount: 1_000, expiresInDays: 7, eligibility: 'opt_in' },
    });
    expect(cashback.statusCode).toBe(400);
  });

  it('gives a new-clients free bet once to each account opened while it runs, none to older ones or while paused', async () => {
    const before = await player('elig-before');
    clock.advance(120_000); // the campaign starts a minute before it is created: after this account opened
    const id = await campaign('free_bet', { amount: 1_500, minOdds: 1.5, eligibility: 'new_clients' });
    clock.advance(1_000);
    const fresh = await player('elig-fresh');
    // Two first reads at once (the slip and the promotions page): one reward.
    const [a, b] = await Promise.all([bonuses(fresh.token), bonuses(fresh.token)]);
    for (const list of [a, b])
      expect(list.filter((r) => r.campaignId === id)).toMatchObject([
        { kind: 'free_bet', status: 'available', amount: 1_500 },
      ]);
    expect((await bonuses(before.token)).filter((r) => r.campaignId === id)).toEqual([]);
    expect(await rewardsOf(id)).toEqual([{ user_id: fresh.user.id, granted_by: 'automatic' }]);

    expect((await ops('PUT', `/ops/v1/promotions/${id}/status`, { status: 'paused' })).statusCode).toBe(200);
    const paused = await player('elig-paused');
    expect((await bonuses(paused.token)).filter((r) => r.campaignId === id)).toEqual([]);
    expect((await ops('PUT', `/ops/v1/promotions/${id}/status`, { status: 'active' })).statusCode).toBe(200);
    expect((await bonuses(paused.token)).filter((r) => r.campaignId === id)).toHaveLength(1);
    // A client cannot join it: it is not an opt-in campaign.
    expect((await optIn(before.token, { campaignId: id })).statusCode).toBe(404);
  });

  it('offers an opt-in campaign to its segment only; joining twice at once gives one reward; none after its end', async () => {
    const id = await campaign('free_bet', {
      amount: 2_000,
      minOdds: 1.8,
      eligibility: 'opt_in',
      segments: ['vip'],
    });
    const standard = await player('elig-standard');
    expect((await bonuses(standard.token)).filter((r) => r.campaignId === id)).toEqual([]);
    expect((await optIn(standard.token, { campaignId: id })).statusCode).toBe(404);

    const vip = await player('elig-vip');
    const labelled = await ops('PUT', `/ops/v1/clients/${vip.user.id}/risk`, {
      label: 'vip',
      reason: 'segment for the opt-in test',
    });
    expect(labelled.statusCode, labelled.body).toBe(200);
    expect((await bonuses(vip.token)).filter((r) => r.campaignId === id)).toMatchObject([
      { id: 0, kind: 'free_bet', status: 'offered', amount: 2_000 },
    ]);
    const joins = await Promise.all([
      optIn(vip.token, { campaignId: id }),
      optIn(vip.token, { campaignId: id }),
    ]);
    for (const j of joins) expect(j.statusCode, j.body).toBe(200);
    expect(joins.map((j) => j.json().result.joined).sort()).toEqual([false, true]);
    expect(new Set(joins.map((j) => j.json().result.rewardId)).size).toBe(1);
    expect(await rewardsOf(id)).toEqual([{ user_id: vip.user.id, granted_by: 'opt-in' }]);
    expect((await bonuses(vip.token)).filter((r) => r.campaignId === id)).toMatchObject([
      { id: joins[0]!.json().result.rewardId, status: 'available', amount: 2_000 },
    ]);

    // The desk's client 360 lists it, granted by the opt-in; an operator of another brand does not see the client.
    const desk = await ops('GET', `/ops/v1/clients/${vip.user.id}/rewards`);
    expect(desk.statusCode, desk.body).toBe(200);
    // (The new-clients campaign above still runs: this client has its free bet too.)
    expect(desk.json().result.filter((r: { campaignId: number }) => r.campaignId === id)).toMatchObject([
      { campaignId: id, kind: 'free_bet', status: 'available', amount: 2_000, paid: 0, grantedBy: 'opt-in' },
    ]);
    const kartal = (await server.modules.tenancy.service.findByHost('kartal.localhost'))!.id;
    const created = await ops('POST', '/ops/v1/operators', {
      username: 'elig-kartal-support',
      password: 'elig-kartal-support-2026',
      role: 'support',
      brandId: kartal,
    });
    expect(created.statusCode, created.body).toBe(201);
    const other = await deskSession('elig-kartal-support', 'elig-kartal-support-2026');
    const hidden = await server.app.inject({
      method: 'GET',
      url: `/ops/v1/clients/${vip.user.id}/rewards`,
      headers: { authorization: `Bearer ${other}` },
      remoteAddress: '10.9.0.4',
    });
    expect(hidden.statusCode).toBe(404);

    const late = await player('elig-late');
    await ops('PUT', `/ops/v1/clients/${late.user.id}/risk`, { label: 'vip', reason: 'segment' });
    expect((await ops('PUT', `/ops/v1/promotions/${id}/status`, { status: 'ended' })).statusCode).toBe(200);
    expect((await bonuses(late.token)).filter((r) => r.campaignId === id)).toEqual([]);
    const refused = await optIn(late.token, { campaignId: id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('campaign_status');
    expect(await rewardsOf(id)).toHaveLength(1);

    const bad = await optIn(late.token, { campaignId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('campaignId');
    expect((await optIn(late.token, { campaignId: 999_999 })).statusCode).toBe(404);
  });

  it('posts opt-in bonus money on the ledger with its grant; the ledger audit stays clean', async () => {
    const id = await campaign('bonus', { amount: 3_000, wagering: 5, minOdds: 1.5, eligibility: 'opt_in' });
    const client = await player('elig-bonus');
    const joined = await optIn(client.token, { campaignId: id });
    expect(joined.statusCode, joined.body).toBe(200);
    const balances = await server.modules.wallet.service.balances(client.user);
    expect(balances).toMatchObject({ bonus: 3_000 });
    expect(await server.modules.wallet.service.audit(brand)).toEqual({
      total: 0,
      mismatched: [],
      unbalancedMovements: 0,
    });
  });

  it('keeps a brand’s own tighter rules: 5× wagering refuses 8×; a looser one than the UK’s is refused', async () => {
    const set = (features: object) => ops('PATCH', `/ops/v1/brands/${brand}`, { features });
    const looser = await set({ promotionMaxWagering: 20 });
    expect(looser.statusCode).toBe(400);
    expect(looser.json().field).toBe('features.promotionMaxWagering');
    expect((await set({ promotionMaxWagering: 5, promotionMaxExpiryDays: 30 })).statusCode).toBe(200);
    try {
      const bonus = (wagering: number, expiresInDays: number) =>
        ops('POST', '/ops/v1/promotions', {
          kind: 'bonus',
          brandId: brand,
          name: `Tight ${wagering}×`,
          terms: { product: 'sport', amount: 1_000, wagering, minOdds: 1.5, expiresInDays },
          startsAt: new Date(clock.now()).toISOString(),
          endsAt: new Date(clock.now() + DAY_MS).toISOString(),
        });
      const eight = await bonus(8, 7);
      expect(eight.statusCode).toBe(400);
      expect(eight.json()).toMatchObject({ rule: 'max_wagering', field: 'terms.wagering' });
      expect(eight.json().message).toContain('5×');
      expect((await bonus(5, 45)).json()).toMatchObject({
        rule: 'expiry_required',
        field: 'terms.expiresInDays',
      });
      expect((await bonus(5, 30)).statusCode).toBe(200);
    } finally {
      expect((await set({ promotionMaxWagering: 10, promotionMaxExpiryDays: 90 })).statusCode).toBe(200);
    }
  });
});
