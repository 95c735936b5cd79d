import { afterAll, beforeAll, expect, it } from 'vitest';
import { betPayout } from '@sb/betting';
import { sql } from 'drizzle-orm';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { bearer, login } from './support/accounts';
import { checkBets, placeBet, preMatchPicks, slipForm, type Pick } from './support/betting';
import { opsRequest, opsSession, type OpsMethod } from './support/ops';

/**
 * Price overrides with an expiry, automatic suspension on a liability limit, the stake
 * limit hierarchy × the client's stake factor (the strictest wins and is named), block flags, the client page;
 * every change audited, every refusal changing nothing.
 */

interface MarketView {
  id: number;
  disabled: boolean;
  selections: { id: number; odd: number; isDisabled: boolean }[];
}

describeEachBackend('back office: trading controls and player risk', (backend) => {
  let server: TestServer;
  let clientToken = '';
  let clientId = 0;
  let demoBrand = 0;
  let picks: Pick[] = [];
  const tokens: Record<string, string> = {};
  const ops = (method: OpsMethod, url: string, token?: string, payload?: object) =>
    opsRequest(server)(method, url, token, payload);
  const reason = 'desk test';

  const eventView = async (eventId: number) =>
    (await server.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${eventId}` })).json().result as {
      markets: MarketView[];
    };
  const selectionOf = async (pick: Pick) =>
    (await eventView(pick.eventId)).markets.flatMap((m) => m.selections).find((s) => s.id === pick.oddId)!;
  const marketOf = async (pick: Pick) =>
    (await eventView(pick.eventId)).markets.find((m) => m.selections.some((s) => s.id === pick.oddId))!;
  const auditLog = async (action: string) =>
    (await ops('GET', `/ops/v1/audit?limit=50&action=${action}`, tokens.support)).json().result as {
      actor: string;
      reason: string | null;
      outcome: string;
      before: unknown;
      after: unknown;
    }[];
  const balance = async () =>
    (await server.app.inject({ method: 'GET', url: '/api/get/session', headers: bearer(clientToken) })).json()
      .result.user.balance as number;

  beforeAll(async () => {
    server = await createTestServer(backend, { config: { CATALOGUE_SCALE: 0.1 } });
    clientToken = (await login(server, 'demo', 'demo-pass-2026')).access_token;
    demoBrand = (await server.modules.tenancy.service.findByHost('localhost'))!.id;
    clientId = (await server.modules.identity.service.findUser(demoBrand, 'demo'))!.id;
    picks = await preMatchPicks(server, 6);
    for (const role of ['support', 'trader'])
      tokens[role] = await opsSession(server, role, `${role}-pass-2026`);
  }, 180_000);
  afterAll(async () => server?.close());

  it('overrides a price until its expiry: players see it, bets take it, then the model price returns', async () => {
    const pick = picks[0]!;
    const model = (await selectionOf(pick)).odd;
    const url = `/ops/v1/selections/${pick.oddId}/override`;
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const refusals: [string, object, number, string | null][] = [
      ['support', { odd: 3, expiresAt: inAnHour, reason }, 403, null],
      ['trader', { odd: 1.0, expiresAt: inAnHour, reason }, 400, 'odd'],
      ['trader', { odd: 1.009, expiresAt: inAnHour, reason }, 400, 'odd'],
      ['trader', { odd: 2.0001, expiresAt: inAnHour, reason }, 400, 'odd'],
      ['trader', { odd: 3, expiresAt: new Date(Date.now() - 1000).toISOString(), reason }, 400, 'expiresAt'],
      ['trader', { odd: 3, expiresAt: 'tomorrow', reason }, 400, 'expiresAt'],
      ['trader', { odd: 3, expiresAt: inAnHour }, 400, 'reason'],
    ];
    for (const [who, body, status, field] of refusals) {
      const res = await ops('POST', url, tokens[who], body);
      expect(res.statusCode, res.body).toBe(status);
      if (field) expect(res.json().field).toBe(field);
    }
    const unknown = await ops('POST', '/ops/v1/selections/999999999/override', tokens.trader, {
      odd: 3,
      expiresAt: inAnHour,
      reason,
    });
    expect(unknown.statusCode).toBe(404);
    // The refusals changed nothing and are in the log.
    expect((await selectionOf(pick)).odd).toBe(model);
    expect(await server.modules.sports.operatorPrices.active()).toEqual([]);
    const refused = await auditLog(`POST /ops/v1/selections/:id/override`);
    expect(refused.filter((a) => a.outcome === 'refused').length).toBe(refusals.length + 1);

    const price = Math.round((model + 0.37) * 100) / 100;
    const set = await ops('POST', url, tokens.trader, { odd: price, expiresAt: inAnHour, reason });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().result).toMatchObject({ selectionId: pick.oddId, odd: price, modelOdd: model });
    // Players see the override; checkBets and betPlace take exactly that price.
    expect((await selectionOf(pick)).odd).toBe(price);
    const stale = (await checkBets(server, clientToken, slipForm(1, 200, [pick]))).json();
    expect(stale.errors.bets[String(pick.oddId)]).toMatchObject({ code: 'odd_changed', value: price });
    const at = { ...pick, odd: price };
    expect((await checkBets(server, clientToken, slipForm(1, 200, [at]))).json().error).toBeNull();
    const placed = await placeBet(server, clientToken, slipForm(1, 200, [at]));
    expect(placed.statusCode, placed.body).toBe(200);
    const bet = (await ops('GET', '/ops/v1/bets?limit=1', tokens.support)).json().result[0];
    expect(bet.selections[0]).toMatchObject({ selectionId: pick.oddId, odds: price });
    const listed = (await ops('GET', '/ops/v1/overrides', tokens.support)).json().result;
    expect(listed).toEqual([
      expect.objectContaining({ selectionId: pick.oddId, odd: price, modelOdd: model }),
    ]);
    // Named, not by id: the event's teams and the market's name with its line, in both languages.
    expect(listed[0].market.en).toMatch(/^.+ – .+ · .+/);
    expect(listed[0].market.tr).toMatch(/^.+ – .+ · .+/);
    expect((await auditLog('price.override'))[0]).toMatchObject({
      actor: 'trader',
      reason,
      before: { odd: model, modelOdd: null, overrideUntil: null },
      after: { odd: price, modelOdd: model, overrideUntil: inAnHour.replace('Z', '') + 'Z' },
    });

    // Nothing expires before its time; once the expiry has passed the job puts the model's price back.
    expect((await server.modules.ops.controls.tick()).expired).toEqual([]);
    await server.database.db.execute(
      sql`update selections set override_until = now() - interval '1 second' where id = ${pick.oddId}`,
    );
    const { expired } = await server.modules.ops.controls.tick();
    expect(expired.map((c) => c.selectionId)).toEqual([pick.oddId]);
    expect((await selectionOf(pick)).odd).toBe(model);
    const after = (await checkBets(server, clientToken, slipForm(1, 200, [at]))).json();
    expect(after.errors.bets[String(pick.oddId)]).toMatchObject({ code: 'odd_changed', value: model });
    expect((await auditLog('price.override.expire'))[0]).toMatchObject({
      actor: 'system',
      after: { odd: model, modelOdd: null, overrideUntil: null },
    });
    expect((await ops('DELETE', url, tokens.trader)).statusCode).toBe(409);
  });

  it('keeps an override through the simulator’s reprices of a live event, and ends it on request', async () => {
    const pick = picks[4]!;
    const producer = server.modules.producer;
    await producer.operator.enqueue(pick.eventId, 'start', {});
    await producer.runOnce();
    const market = (await eventView(pick.eventId)).markets.find(
      (m) => !m.disabled && m.selections.some((s) => !s.isDisabled && s.odd > 1.2),
    )!;
    const sel = market.selections.find((s) => !s.isDisabled && s.odd > 1.2)!;
    const price = Math.round((sel.odd + 0.51) * 100) / 100;
    const url = `/ops/v1/selections/${sel.id}/override`;
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    expect((await ops('POST', url, tokens.trader, { odd: price, expiresAt, reason })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      await producer.operator.enqueue(pick.eventId, 'speed', { factor: 500 });
      await producer.runOnce();
    }
    const rows = (await server.database.db.execute(
      sql`select odd, model_odd from selections where id = ${sel.id}`,
    )) as unknown as { rows: { odd: number; model_odd: number | null }[] };
    expect(Number(rows.rows[0]!.odd)).toBe(price);
    const shown = (await eventView(pick.eventId)).markets
      .flatMap((m) => m.selections)
      .find((s) => s.id === sel.id);
    expect(shown?.odd).toBe(price);
    const model = rows.rows[0]!.model_odd;
    expect(model).not.toBeNull();
    const cleared = await ops('DELETE', url, tokens.trader);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().result.odd).toBe(Number(model));
    expect((await auditLog('price.override.clear'))[0]).toMatchObject({ actor: 'trader' });
  });

  it('suspends a market whose liability passes its limit; a trader resumes it', async () => {
    const pick = picks[1]!;
    const market = await marketOf(pick);
    const put = (token: string, body: object) => ops('PUT', '/ops/v1/limits', token, body);
    const refusals: [string, object, number, string | null][] = [
      ['support', { kind: 'liability', level: 'market', refId: market.id, amount: 500, reason }, 403, null],
      ['trader', { kind: 'liability', level: 'sport', refId: 999_999, amount: 500, reason }, 400, 'refId'],
      ['trader', { kind: 'liability', level: 'market', amount: 500, reason }, 400, 'refId'],
      ['trader', { kind: 'liability', level: 'market', refId: market.id, amount: -1, reason }, 400, 'amount'],
      ['trader', { kind: 'liability', level: 'market', refId: 999_999_999, amount: 5, reason }, 400, 'refId'],
      ['trader', { kind: 'liability', level: 'market', refId: market.id, amount: 500 }, 400, 'reason'],
    ];
    for (const [who, body, status, field] of refusals) {
      const res = await put(tokens[who]!, body);
      expect(res.statusCode, res.body).toBe(status);
      if (field) expect(res.json().field).toBe(field);
    }
    expect(await server.modules.ops.risk.limits('liability', null)).toEqual([]);
    // The liability is what the book pays if the selection wins (betPayout) less the market's stakes.
    const pays = (cents: number) =>
      betPayout({
        legs: [{ odds: pick.odd, eventId: pick.eventId, result: 'win' }],
        systemK: 1,
        bankers: [],
        stakePerBetCents: cents,
      }).payoutCents;
    // A bet of 1.00 stays under the limit; the next one takes the book's loss past it.
    const limit = pays(100) - 100 + 1;
    const set = await put(tokens.trader!, {
      kind: 'liability',
      level: 'market',
      refId: market.id,
      amount: limit,
      reason,
    });
    expect(set.statusCode, set.body).toBe(200);
    await server.modules.ops.controls.tick();
    const stake = 400;
    expect((await placeBet(server, clientToken, slipForm(1, 100, [pick]))).statusCode).toBe(200);
    expect((await server.modules.ops.controls.tick()).suspended).toEqual([]);
    expect((await placeBet(server, clientToken, slipForm(1, stake, [pick]))).statusCode).toBe(200);
    const { suspended } = await server.modules.ops.controls.tick();
    expect(suspended).toEqual([
      { marketId: market.id, liability: pays(100) + pays(stake) - 100 - stake, limit },
    ]);
    expect((await marketOf(pick)).disabled).toBe(true);
    const before = await balance();
    const refused = await placeBet(server, clientToken, slipForm(1, 100, [pick]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.bets[String(pick.oddId)].code).toBe('suspended');
    expect(await balance()).toBe(before);
    expect((await auditLog('market.auto_suspend'))[0]).toMatchObject({
      actor: 'system',
      reason: 'liability',
      after: [{ marketId: market.id, disabled: true, operatorSuspended: 'liability', limit }],
    });
    const liability = (await ops('GET', `/ops/v1/liability?eventId=${pick.eventId}`, tokens.support)).json()
      .result.markets as { marketId: number; suspended: string | null }[];
    expect(liability.find((m) => m.marketId === market.id)?.suspended).toBe('liability');

    // The trader resumes it: it stays open until a new bet arrives while it is still over the limit.
    expect((await ops('POST', `/ops/v1/markets/${market.id}/resume`, tokens.trader, {})).statusCode).toBe(
      200,
    );
    expect((await server.modules.ops.controls.tick()).suspended).toEqual([]);
    expect((await marketOf(pick)).disabled).toBe(false);
    const removed = await put(tokens.trader!, {
      kind: 'liability',
      level: 'market',
      refId: market.id,
      amount: null,
      reason,
    });
    expect(removed.statusCode).toBe(200);
    expect((await auditLog('limit.liability.set'))[0]).toMatchObject({
      before: { amount: limit },
      after: { amount: null },
    });
  });

  it('refuses ids out of their range with 400 naming the field, changing nothing', async () => {
    const cases: [OpsMethod, string, object | undefined, string][] = [
      [
        'PUT',
        '/ops/v1/limits',
        { kind: 'stake', level: 'sport', refId: 2_147_483_648, amount: 5, reason },
        'refId',
      ],
      [
        'PUT',
        '/ops/v1/limits',
        { kind: 'stake', level: 'event', refId: 2 ** 53 - 1, amount: 5, reason },
        'refId',
      ],
      [
        'PUT',
        '/ops/v1/limits',
        { kind: 'stake', level: 'brand', brandId: 2_147_483_648, amount: 5, reason },
        'brandId',
      ],
      ['GET', '/ops/v1/limits?brand=99999999999', undefined, 'brand'],
      ['GET', '/ops/v1/clients?q=a&brand=99999999999', undefined, 'brand'],
      ['GET', '/ops/v1/clients?q=%00', undefined, 'q'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await ops(method, url, tokens.trader, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect(await server.modules.ops.risk.limits('stake', null)).toEqual([]);
  });

  it('applies the strictest stake limit of the hierarchy × the stake factor, named in the error', async () => {
    const pick = picks[2]!;
    const market = await marketOf(pick);
    const first = (await checkBets(server, clientToken, slipForm(1, 100, [pick]))).json();
    const priceMax = first.bets[0].entity.playable_max_stake as number;
    expect(priceMax).toBeGreaterThan(6000);
    const setLimit = async (level: string, amount: number | null, extra: object = {}) => {
      const res = await ops('PUT', '/ops/v1/limits', tokens.trader, {
        kind: 'stake',
        level,
        amount,
        reason,
        ...extra,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    /** checkBets one combination above `max`: the error names the limit; at `max` it passes. */
    const expectLimit = async (limit: string, max: number, stakeFactor?: number) => {
      const over = (await checkBets(server, clientToken, slipForm(1, max + 1, [pick]))).json();
      expect(over.bets[0].entity.playable_max_stake).toBe(max);
      expect(over.errors.general).toEqual([
        {
          code: 'stake_above_max',
          field: 'amount',
          message: 'the stake is above the maximum',
          value: max,
          limit,
          ...(stakeFactor ? { stakeFactor } : {}),
        },
      ]);
      expect((await checkBets(server, clientToken, slipForm(1, max, [pick]))).json().error).toBeNull();
    };
    await setLimit('platform', 5000);
    await expectLimit('platform', 5000);
    await setLimit('sport', 4000, { refId: 1 });
    await expectLimit('sport', 4000);
    await setLimit('brand', 3000, { brandId: demoBrand });
    await expectLimit('brand', 3000);
    await setLimit('event', 2000, { refId: pick.eventId });
    await expectLimit('event', 2000);
    await setLimit('market', 1000, { refId: market.id });
    await expectLimit('market', 1000);
    // The strictest wins whatever its level: a looser market limit leaves the event's.
    await setLimit('market', 4500, { refId: market.id });
    await expectLimit('event', 2000);
    // Another brand's limit does not apply here.
    const kartal = (await server.modules.tenancy.service.findByHost('kartal.localhost'))!.id;
    await setLimit('event', 300, { refId: pick.eventId, brandId: kartal });
    await expectLimit('event', 2000);

    // The stake factor multiplies every limit; the client's own limit caps the result.
    const risk = (body: object) => ops('PUT', `/ops/v1/clients/${clientId}/risk`, tokens.trader, body);
    for (const [body, field] of [
      [{ stakeFactor: 0, reason }, 'stakeFactor'],
      [{ stakeFactor: 1.0001, reason }, 'stakeFactor'],
      [{ label: 'whale', reason }, 'label'],
      [{ stakeFactor: 0.5 }, 'reason'],
    ] as const) {
      const res = await risk(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect(
      (await ops('PUT', `/ops/v1/clients/${clientId}/risk`, tokens.support, { stakeFactor: 0.5, reason }))
        .statusCode,
    ).toBe(403);
    expect(await server.modules.ops.risk.client(clientId)).toMatchObject({
      stakeFactor: 1,
      label: 'standard',
    });
    expect((await risk({ stakeFactor: 0.5, label: 'sharp', reason })).statusCode).toBe(200);
    await expectLimit('event', 1000, 0.5);
    expect((await risk({ stakeFactor: 2, label: 'vip', reason })).statusCode).toBe(200);
    await expectLimit('event', 4000, 2);
    expect((await risk({ maxStake: 700, reason })).statusCode).toBe(200);
    await expectLimit('client', 700, 2);
    // betPlace applies the same limits, names the same one, and moves no money when it refuses.
    const before = await balance();
    const over = await placeBet(server, clientToken, slipForm(1, 701, [pick]));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ error: 'bet_error', field: 'amount' });
    expect(over.json().errors.general[0]).toMatchObject({
      code: 'stake_above_max',
      limit: 'client',
      value: 700,
    });
    expect(await balance()).toBe(before);
    expect((await placeBet(server, clientToken, slipForm(1, 700, [pick]))).statusCode).toBe(200);
    // A multiple: the strictest leg decides.
    const multiple = (await checkBets(server, clientToken, slipForm(2, 1400, [pick, picks[3]!]))).json();
    expect(multiple.errors.general[0]).toMatchObject({
      code: 'stake_above_max',
      limit: 'client',
      value: 700,
    });

    const audit = await auditLog('client.risk.set');
    expect(audit[0]).toMatchObject({
      actor: 'trader',
      reason,
      before: { stakeFactor: 2, label: 'vip', maxStake: null },
      after: { stakeFactor: 2, label: 'vip', maxStake: 700 },
    });
    // Clean up for the next test.
    expect((await risk({ stakeFactor: 1, label: 'standard', maxStake: null, reason })).statusCode).toBe(200);
    for (const l of await server.modules.ops.risk.limits('stake', null))
      await server.modules.ops.risk.setLimit(l, null);
    const reset = (await checkBets(server, clientToken, slipForm(1, 100, [pick]))).json();
    expect(reset.bets[0].entity.playable_max_stake).toBe(priceMax);
  });

  it('blocks live betting and cash-out for a flagged client', async () => {
    const risk = (body: object) => ops('PUT', `/ops/v1/clients/${clientId}/risk`, tokens.trader, body);
    // Cash-out: a pre-match bet's quote is offered, then refused once the flag is set.
    const pick = picks[3]!;
    expect((await placeBet(server, clientToken, slipForm(1, 300, [pick]))).statusCode).toBe(200);
    const betId = (await ops('GET', `/ops/v1/bets?limit=1&client=${clientId}`, tokens.support)).json()
      .result[0].id as number;
    const quote = async () =>
      (
        await server.app.inject({
          method: 'GET',
          url: `/api/v1/bet-cash-out/${betId}`,
          headers: bearer(clientToken),
        })
      ).json().result;
    expect((await quote()).available).toBe(true);
    expect((await risk({ noCashout: true, reason })).statusCode).toBe(200);
    expect(await quote()).toMatchObject({ available: false, reason: 'blocked', amount: 0 });
    const before = await balance();
    const execute = await server.app.inject({
      method: 'POST',
      url: `/api/v1/bet-cash-out/${betId}`,
      headers: { ...bearer(clientToken), 'idempotency-key': `cash-${betId}-blocked` },
      payload: {},
    });
    expect(execute.json().result).toMatchObject({ status: 'unavailable', paid: 0 });
    expect(await balance()).toBe(before);

    // Live: the client's live selections are refused, pre-match ones are not. An event of its own, just started
    // (the override test's ran at 500× and may be at half time or over by now).
    const live = picks[5]!;
    await server.modules.producer.operator.enqueue(live.eventId, 'start', {});
    await server.modules.producer.runOnce();
    const market = (await eventView(live.eventId)).markets.find(
      (m) => !m.disabled && m.selections.some((s) => !s.isDisabled && s.odd > 1),
    )!;
    expect(market, 'an open market on the event just started').toBeDefined();
    const sel = market.selections.find((s) => !s.isDisabled && s.odd > 1)!;
    const livePick: Pick = { eventId: live.eventId, oddId: sel.id, odd: sel.odd, isLive: true };
    expect((await checkBets(server, clientToken, slipForm(1, 100, [livePick]))).json().error).toBeNull();
    expect((await risk({ noLive: true, reason })).statusCode).toBe(200);
    const checked = (await checkBets(server, clientToken, slipForm(1, 100, [livePick]))).json();
    expect(checked.errors.bets[String(sel.id)]).toMatchObject({ code: 'live_blocked' });
    const refused = await placeBet(server, clientToken, slipForm(1, 100, [livePick]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.bets[String(sel.id)].code).toBe('live_blocked');
    expect(await balance()).toBe(before);
    expect((await checkBets(server, clientToken, slipForm(1, 100, [pick]))).json().error).toBeNull();

    // The client page shows all of it.
    const page = (await ops('GET', `/ops/v1/clients/${clientId}`, tokens.support)).json().result;
    expect(page.client).toMatchObject({ id: clientId, username: 'demo', brand: { id: demoBrand } });
    expect(page.risk).toMatchObject({ noLive: true, noCashout: true, stakeFactor: 1 });
    expect(page.openBets.map((b: { id: number }) => b.id)).toContain(betId);
    expect(page.balances.find((b: { kind: string }) => b.kind === 'client_cash').balance).toBe(before);
    expect(page.transactions[0]).toMatchObject({ type: 'bet_stake', amount: -300 });
    expect(page.ggr.sports).toEqual(
      expect.objectContaining({ ggr: page.ggr.sports.stakes - page.ggr.sports.paid }),
    );
    expect(page.responsibleGambling).toHaveProperty('limits');
    const found = (await ops('GET', '/ops/v1/clients?q=dem', tokens.support)).json().result;
    expect(found.map((c: { id: number }) => c.id)).toContain(clientId);
    expect((await ops('GET', '/ops/v1/clients/999999', tokens.support)).statusCode).toBe(404);

    expect((await risk({ noLive: false, noCashout: false, reason })).statusCode).toBe(200);
    expect((await quote()).available).toBe(true);
  });
});
