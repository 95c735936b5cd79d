import { cents } from '@sb/betting';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { limitSummaryResponseSchema, limitsResponseSchema } from '@sb/contract';
import { manualClock } from '../src/lib/clock';
import { RAISE_DELAY_MS } from '../src/modules/limits/index';
import { bearer, createClient, login } from './support/accounts';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

const HOUR = 3600_000;

describeEachBackend('responsible-gambling limits', (backend) => {
  let server: TestServer;
  const clock = manualClock(Date.parse('2026-11-18T09:00:00Z')); // a Wednesday
  beforeAll(async () => {
    server = await createTestServer(backend, { clock });
  });
  afterAll(async () => server?.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: unknown) =>
    server.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function client(name: string) {
    const user = await createClient(server, name);
    const { access_token } = await login(server, name, 'correct-horse-7');
    const base = { appId: user.appId, userId: user.id, currency: 'TRY' };
    await server.modules.wallet.service.credit({
      ...base,
      amount: cents(100_000),
      type: 'deposit',
      idempotencyKey: `dep:${name}`,
    });
    return { user, token: access_token, base };
  }

  it('lists all six limits unset, then lowers at once and delays a raise by 24 hours', async () => {
    const { token } = await client('limited');
    const empty = limitsResponseSchema.parse((await call('GET', '/api/v1/user/limits', token)).json());
    expect(empty.result.limits).toHaveLength(6);
    expect(empty.result.limits.every((l) => l.amount === null)).toBe(true);

    const set = await call('PUT', '/api/v1/user/limits', token, {
      limits: [{ type: 'stake', period: 'day', amount: 10_000 }],
      realityCheckMinutes: 30,
    });
    expect(set.statusCode).toBe(200);
    const daily = () =>
      limitsResponseSchema
        .parse(set.json())
        .result.limits.find((l) => l.type === 'stake' && l.period === 'day');
    expect(daily()).toMatchObject({ amount: 10_000, pendingAmount: null });
    expect(set.json().result.realityCheckMinutes).toBe(30);

    const raise = limitsResponseSchema.parse(
      (
        await call('PUT', '/api/v1/user/limits', token, {
          limits: [{ type: 'stake', period: 'day', amount: 50_000 }],
        })
      ).json(),
    );
    const raised = raise.result.limits.find((l) => l.type === 'stake' && l.period === 'day');
    expect(raised).toMatchObject({
      amount: 10_000,
      pendingAmount: 50_000,
      pendingFrom: new Date(clock.now() + RAISE_DELAY_MS).toISOString(),
    });

    clock.advance(RAISE_DELAY_MS);
    const fresh = (await login(server, 'limited', 'correct-horse-7')).access_token;
    const after = limitsResponseSchema.parse((await call('GET', '/api/v1/user/limits', fresh)).json());
    expect(after.result.limits.find((l) => l.type === 'stake' && l.period === 'day')).toMatchObject({
      amount: 50_000,
      pendingAmount: null,
      pendingFrom: null,
    });
  });

  it('enforces stake and loss limits for betting, and sums use per period in the summary', async () => {
    const { user, token, base } = await client('staker');
    await call('PUT', '/api/v1/user/limits', token, {
      limits: [
        { type: 'stake', period: 'day', amount: 20_000 },
        { type: 'loss', period: 'week', amount: 15_000 },
      ],
    });
    const { limits, wallet } = server.modules;
    await limits.service.assertCanStake(user.id, 10_000);
    await wallet.service.debit({ ...base, amount: cents(10_000), type: 'bet_stake', idempotencyKey: 's1' });
    await wallet.service.credit({ ...base, amount: cents(4_000), type: 'bet_payout', idempotencyKey: 's1p' });
    // Loss so far 60.00 of 150.00 a week; stake 100.00 of 200.00 a day.
    await expect(limits.service.assertCanStake(user.id, 9_500)).rejects.toMatchObject({
      statusCode: 403,
      code: 'loss_limit_exceeded',
    });
    await limits.service.assertCanStake(user.id, 9_000);

    const summary = limitSummaryResponseSchema.parse(
      (await call('GET', '/api/v1/user/limits/summary', token)).json(),
    );
    const item = (type: string, period: string) =>
      summary.result.items.find((i) => i.type === type && i.period === period);
    expect(item('stake', 'day')).toMatchObject({ amount: 20_000, used: 10_000, remaining: 10_000 });
    expect(item('loss', 'week')).toMatchObject({ amount: 15_000, used: 6_000, remaining: 9_000 });
    expect(item('stake', 'month')).toMatchObject({ amount: null, used: 10_000, remaining: null });
    expect(item('stake', 'day')?.periodStart).toBe(
      new Date(Date.parse(item('stake', 'day')?.periodEnd ?? '') - 24 * HOUR).toISOString(),
    );

    // Inside the bet transaction, after the stake was debited: amount 0 checks what is now posted.
    await expect(
      server.database.db.transaction(async (tx) => {
        await wallet.service.debit(
          { ...base, amount: cents(10_500), type: 'bet_stake', idempotencyKey: 's2' },
          tx,
        );
        await limits.service.assertCanStake(user.id, 0, tx);
      }),
    ).rejects.toMatchObject({ code: 'stake_limit_exceeded' });
    expect((await wallet.service.balances(user)).cash).toBe(100_000 - 10_000 + 4_000);
  });

  it('blocks play during a time-out and a self-exclusion, which cannot be shortened', async () => {
    const { user, token } = await client('pauser');
    const out = await call('POST', '/api/v1/user/time-out', token, { hours: 48 });
    expect(out.statusCode).toBe(200);
    expect(out.json().result.exclusion).toEqual({
      kind: 'timeout',
      until: new Date(clock.now() + 48 * HOUR).toISOString(),
    });
    await expect(server.modules.limits.service.assertCanStake(user.id, 100)).rejects.toMatchObject({
      statusCode: 403,
      code: 'timed_out',
    });

    const shorter = await call('POST', '/api/v1/user/time-out', token, { hours: 24 });
    expect(shorter.json().result.exclusion.until).toBe(new Date(clock.now() + 48 * HOUR).toISOString());

    const self = await call('POST', '/api/v1/user/self-exclusion', token, { months: 6 });
    expect(self.json().result.exclusion.kind).toBe('self_exclusion');
    const after = await call('POST', '/api/v1/user/time-out', token, { hours: 24 });
    expect(after.json().result.exclusion.kind).toBe('self_exclusion');

    clock.advance(49 * HOUR);
    await expect(server.modules.limits.service.assertCanStake(user.id, 100)).rejects.toMatchObject({
      code: 'self_excluded',
    });
    clock.advance(200 * 24 * HOUR);
    await server.modules.limits.service.assertCanStake(user.id, 100);
  });

  it('answers bad input with 400 naming the field and needs a client token', async () => {
    const { token } = await client('validator');
    const tooShort = await call('POST', '/api/v1/user/time-out', token, { hours: 2 });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().field).toBe('hours');
    expect((await call('POST', '/api/v1/user/time-out', token, { hours: 24 * 7 * 7 })).json().field).toBe(
      'hours',
    );
    expect((await call('POST', '/api/v1/user/self-exclusion', token, { months: 3 })).json().field).toBe(
      'months',
    );
    const badType = await call('PUT', '/api/v1/user/limits', token, {
      limits: [{ type: 'fun', period: 'day', amount: 1 }],
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().field).toBe('limits.0.type');
    expect(
      (
        await call('PUT', '/api/v1/user/limits', token, {
          limits: [{ type: 'stake', period: 'day', amount: -5 }],
        })
      ).json().field,
    ).toBe('limits.0.amount');
    const malformed = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/user/limits',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"limits": [',
    });
    expect(malformed.statusCode).toBe(400);
    const poisoned = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/user/limits',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"__proto__": {"x": 1}}',
    });
    expect(poisoned.statusCode).toBe(400);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/v1/user/limits', headers: { host: 'localhost' } }))
        .statusCode,
    ).toBe(401);
    const reseller = (await login(server, 'reseller', 'reseller-pass-2026')).access_token;
    expect((await call('GET', '/api/v1/user/limits/summary', reseller)).statusCode).toBe(403);
  });
});
