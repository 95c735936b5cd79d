import { sql } from 'drizzle-orm';
import { cents } from '@sb/betting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock';
import { bearer, createClient, login } from './support/accounts';
import { cashBalance, finishEvents, placeBet, preMatchPicks, slipForm } from './support/betting';
import { describeEachBackend } from './support/databases';
import { SHARED_BACKENDS_AVAILABLE, startInstances, type Instance } from './support/instances';
import { createTestServer, type TestServer } from './support/server';

/**
 * Issue 36 item 6: cashback is a campaign kind of the promotions engine — a rate of the client's settled net sports
 * losses in the period, capped, claimed once by the client (`POST /api/v1/bonuses/cashback`).
 */
const TOKEN = 'cashback-operator-token-0123456789';
const HOUR_MS = 3_600_000;

type Server = Pick<TestServer, 'app' | 'modules' | 'database'>;

/** What the tests ask of a server: the desk's campaign, a funded player, the claim. */
function helpers(server: () => Server) {
  const ops = (method: 'GET' | 'POST', url: string, payload?: object) =>
    server().app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${TOKEN}` },
      ...(payload ? { payload } : {}),
      remoteAddress: '10.9.0.1',
    });
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await server().database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const brand = async () => (await server().modules.tenancy.service.findByHost('localhost'))!.id;
  const campaign = async (now: number, terms: object) => ({
    kind: 'cashback',
    brandId: await brand(),
    name: 'Weekend cashback',
    terms: { product: 'sport', basisPoints: 1_250, maxAmount: 100_000, expiresInDays: 7, ...terms },
    startsAt: new Date(now - 60_000).toISOString(),
    endsAt: new Date(now + HOUR_MS).toISOString(),
  });
  async function funded(name: string, amount: number) {
    const user = await createClient(server() as TestServer, name, `${name}-secret-2026`);
    if (amount > 0)
      await server().modules.wallet.service.credit({
        appId: user.appId,
        userId: user.id,
        currency: user.currencyIso,
        amount: cents(amount),
        type: 'deposit',
        idempotencyKey: `${name}-deposit`,
      });
    const token = async () => (await login(server() as TestServer, name, `${name}-secret-2026`)).access_token;
    return { user, token };
  }
  const claim = (s: Server, token: string, payload: unknown) =>
    s.app.inject({
      method: 'POST',
      url: '/api/v1/bonuses/cashback',
      headers: bearer(token),
      payload: payload as object,
    });
  const bonuses = async (token: string) =>
    (await server().app.inject({ method: 'GET', url: '/api/v1/bonuses', headers: bearer(token) })).json()
      .result as { id: number; kind: string; amount: number; campaignId?: number; status: string }[];
  const audit = async () =>
    expect(await server().modules.wallet.service.audit(await brand())).toEqual({
      total: 0,
      mismatched: [],
      unbalancedMovements: 0,
    });
  return { ops, rows, campaign, funded, claim, bonuses, audit };
}

describeEachBackend('promotions: cashback campaigns (issue 36)', (backend) => {
  let server: TestServer;
  const clock = manualClock(Date.now());
  const h = helpers(() => server);
  beforeAll(async () => {
    server = await createTestServer(backend, {
      clock,
      config: { CATALOGUE_SCALE: 0.1, OPERATOR_TOKEN: TOKEN },
    });
  }, 120_000);
  afterAll(async () => server?.close());

  it('refuses a casino cashback and one without an expiry naming the rule; never granted', async () => {
    const casino = await h.ops(
      'POST',
      '/ops/v1/promotions',
      await h.campaign(clock.now(), { product: 'casino' }),
    );
    expect(casino.statusCode).toBe(400);
    expect(casino.json()).toMatchObject({
      error: 'terms_refused',
      rule: 'sports_only',
      field: 'terms.product',
    });
    const noExpiry = await h.campaign(clock.now(), {});
    delete (noExpiry.terms as { expiresInDays?: number }).expiresInDays;
    expect((await h.ops('POST', '/ops/v1/promotions', noExpiry)).json()).toMatchObject({
      error: 'terms_refused',
      rule: 'expiry_required',
      field: 'terms.expiresInDays',
    });
    const created = await h.ops('POST', '/ops/v1/promotions', await h.campaign(clock.now(), { percent: 5 }));
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json()).toMatchObject({ field: 'terms.percent' });
    const ok = await h.ops('POST', '/ops/v1/promotions', await h.campaign(clock.now(), {}));
    expect(ok.statusCode, ok.body).toBe(200);
    const { user } = await h.funded('cb-granted', 0);
    const grant = await h.ops('POST', `/ops/v1/promotions/${ok.json().result.id}/grants`, {
      clientIds: [user.id],
    });
    expect(grant.statusCode).toBe(409);
    expect(grant.json()).toMatchObject({ error: 'campaign_kind' });
  });

  it('pays the exact floored rate of settled net sports losses once: won, lost, void, cashed out; casino ignored', async () => {
    const start = clock.now();
    const created = await h.ops('POST', '/ops/v1/promotions', await h.campaign(start, {}));
    expect(created.statusCode, created.body).toBe(200);
    const campaignId = created.json().result.id as number;
    const { user, token: tokenOf } = await h.funded('cb-punter', 100_000);
    let token = await tokenOf();
    const picks = await preMatchPicks(server, 5);
    const place = async (amount: number, i: number) => {
      const res = await placeBet(server, token, slipForm(1, amount, [picks[i]!]));
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.id as number;
    };
    // The loss outweighs any win at the winner's price (≤ 10 000 for a 200 stake at odds up to 50), so the
    // period's net is a loss whatever the pre-match prices are.
    await place(12_000, 0); // loses
    await place(200, 1); // wins
    const voided = await place(700, 2);
    const cashed = await place(1_500, 3);
    await place(500, 4); // stays open

    // A casino loss in the period: never counted.
    await server.modules.wallet.service.debit({
      appId: user.appId,
      userId: user.id,
      currency: user.currencyIso,
      amount: cents(5_000),
      type: 'casino_stake',
      idempotencyKey: 'cb-casino-stake',
    });

    // Nothing before settlement: open bets are no loss.
    const before = (await h.bonuses(token)).find((b) => b.campaignId === campaignId);
    expect(before).toMatchObject({ id: 0, kind: 'cashback', amount: 0, status: 'available' });

    const out = await server.app.inject({
      method: 'POST',
      url: `/api/v1/bet-cash-out/${cashed}`,
      headers: bearer(token),
      payload: {},
    });
    expect(out.statusCode, out.body).toBe(200);
    const cashOutPaid = out.json().result.paid as number;
    expect(cashOutPaid).toBeGreaterThan(0);
    expect((await h.ops('POST', `/ops/v1/bets/${voided}/void`, { reason: 'other' })).statusCode).toBe(200);
    await finishEvents(server, [
      { eventId: picks[0]!.eventId, home: 0, away: 2 },
      { eventId: picks[1]!.eventId, home: 3, away: 0 },
    ]);
    await server.modules.betting.settlement.settleDue();

    const won = Math.floor((200 * Math.round(picks[1]!.odd * 1_000)) / 1_000);
    const netLoss = 12_000 + (200 - won) + (1_500 - cashOutPaid);
    expect(netLoss).toBeGreaterThan(0);
    const expected = Math.floor((netLoss * 1_250) / 10_000);
    expect((await h.bonuses(token)).find((b) => b.campaignId === campaignId)).toMatchObject({
      amount: expected,
    });

    // Not before the period ends.
    const early = await h.claim(server, token, { campaignId });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: 'cashback_period_open' });

    // Input checked: 400 naming the field.
    for (const payload of [{}, { campaignId: 'x' }, { campaignId: 0 }]) {
      const bad = await h.claim(server, token, payload);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json()).toMatchObject({ field: 'campaignId' });
    }

    clock.advance(2 * HOUR_MS);
    token = await tokenOf();
    // The open bet settles after the period: it is not counted.
    await finishEvents(server, [{ eventId: picks[4]!.eventId, home: 0, away: 1 }]);
    await server.modules.betting.settlement.settleDue();

    const cash = await cashBalance(server, token);
    const first = await h.claim(server, token, { campaignId });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toMatchObject({ campaignId, amount: expected, claimed: true });
    const again = await h.claim(server, token, { campaignId });
    expect(again.json().result).toMatchObject({ amount: expected, claimed: false });
    expect(await cashBalance(server, token)).toBe(cash + expected);
    expect(
      await h.rows(
        sql`select count(*)::int as n, sum(e.amount)::int as total from ledger_movements m
            join ledger_entries e on e.movement_id = m.id and e.amount > 0
            join ledger_accounts a on a.id = e.account_id and a.kind = 'client_cash'
            where m.user_id = ${user.id} and m.type = 'promotion_cashback'`,
      ),
    ).toEqual([{ n: 1, total: expected }]);
    expect((await h.bonuses(token)).find((b) => b.campaignId === campaignId)).toMatchObject({
      kind: 'cashback',
      status: 'used',
      amount: expected,
    });
    expect((await h.ops('GET', `/ops/v1/promotions/${campaignId}`)).json().result).toMatchObject({
      cost: expected,
      uptake: { granted: 1, used: 1 },
    });
    await h.audit();
  }, 180_000);
});

(SHARED_BACKENDS_AVAILABLE ? describe : describe.skip)(
  'promotions: cashback on two instances (issue 36)',
  () => {
    let shared: Awaited<ReturnType<typeof startInstances>>;
    let instances: Instance[] = [];
    const clock = manualClock(Date.now());
    const h = helpers(() => instances[0]!);
    const first = () => instances[0]! as unknown as TestServer;
    beforeAll(async () => {
      shared = await startInstances(2, { CATALOGUE_SCALE: 0.1, OPERATOR_TOKEN: TOKEN }, clock);
      instances = shared.instances;
    }, 240_000);
    afterAll(async () => shared?.close());

    it('two concurrent claims on two instances pay once', async () => {
      const created = await h.ops(
        'POST',
        '/ops/v1/promotions',
        await h.campaign(clock.now(), { basisPoints: undefined, percent: 10 }),
      );
      expect(created.statusCode, created.body).toBe(200);
      const campaignId = created.json().result.id as number;
      const { user, token: tokenOf } = await h.funded('cb-racer', 10_000);
      let token = await tokenOf();
      const [pick] = await preMatchPicks(first(), 1);
      expect((await placeBet(first(), token, slipForm(1, 3_000, [pick!]))).statusCode).toBe(200);
      await finishEvents(first(), [{ eventId: pick!.eventId, home: 0, away: 1 }]);
      await instances[0]!.modules.betting.settlement.settleDue();
      clock.advance(2 * HOUR_MS);
      token = await tokenOf();
      const answers = await Promise.all(
        instances.flatMap((i) => [1, 2].map(() => h.claim(i, token, { campaignId }))),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect(answers.filter((a) => a.json().result.claimed)).toHaveLength(1);
      for (const a of answers) expect(a.json().result.amount).toBe(300);
      expect(
        await h.rows(
          sql`select count(*)::int as n from ledger_movements where user_id = ${user.id} and type = 'promotion_cashback'`,
        ),
      ).toEqual([{ n: 1 }]);
      expect(
        await h.rows(sql`select count(*)::int as n from promotion_rewards where campaign_id = ${campaignId}`),
      ).toEqual([{ n: 1 }]);
      expect(await cashBalance(instances[1]! as unknown as TestServer, token)).toBe(10_000 - 3_000 + 300);
      await h.audit();
    }, 180_000);
  },
);
