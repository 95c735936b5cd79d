import { afterAll, beforeAll, expect, it } from 'vitest';
import { transactionsResponseSchema } from '@sb/contract';
import { manualClock } from '../src/lib/clock';
import { bearer, createClient, login } from './support/accounts';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

describeEachBackend('wallet routes: transactions (cashback: cashback.test.ts)', (backend) => {
  let server: TestServer;
  let demoToken: string;
  const clock = manualClock(Date.parse('2026-11-21T12:00:00Z'));
  beforeAll(async () => {
    server = await createTestServer(backend, { clock });
    demoToken = (await login(server, 'demo', 'demo-pass-2026')).access_token;
  });
  afterAll(async () => server?.close());

  const get = (url: string, token = demoToken) =>
    server.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('lists the demo history newest first, 10 per page, with operators and translated info', async () => {
    const res = await get('/api/v1/user/transactions?page=1&per_page=10&_locale=en');
    expect(res.statusCode).toBe(200);
    const { result } = transactionsResponseSchema.parse(res.json());
    expect(result.pagination.totalCount).toBe(5);
    expect(result.transactions.map((t) => `${t.type.operator}${t.amount}`)).toEqual([
      '-10000',
      '+10000',
      '-25000',
      '+75000',
      '+50000',
    ]);
    expect(result.transactions[0]).toMatchObject({
      info: 'Withdrawal',
      amountFormat: '₺100.00',
      balanceAfter: 100_000,
    });
    const tr = transactionsResponseSchema.parse((await get('/api/v1/user/transactions?_locale=tr')).json());
    expect(tr.result.transactions[0]?.info).toBe('Para çekme');
    const page2 = transactionsResponseSchema.parse(
      (await get('/api/v1/user/transactions?page=2&per_page=2')).json(),
    );
    expect(page2.result.transactions.map((t) => t.amount)).toEqual([25_000, 75_000]);
  });

  it('filters by date range in the bracket form and the plain from/to form', async () => {
    // Seeded 20, 12, 5, 1 and 0 days before 2026-11-21.
    const bracket = await get(
      '/api/v1/user/transactions?rangeDateTime%5Bfrom%5D=2026-11-08&rangeDateTime%5Bto%5D=2026-11-17',
    );
    expect(bracket.statusCode).toBe(200);
    expect(bracket.json().result.transactions.map((t: { amount: number }) => t.amount)).toEqual([
      25_000, 75_000,
    ]);
    const plain = await get('/api/v1/user/transactions?from=2026-11-20T00:00:00Z&to=2026-11-22T00:00:00Z');
    expect(plain.json().result.pagination.totalCount).toBe(2);
  });

  it('answers bad input with 400 naming the field', async () => {
    const badDate = await get('/api/v1/user/transactions?rangeDateTime%5Bfrom%5D=yesterday');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().field).toBe('rangeDateTime[from]');
    const reversed = await get('/api/v1/user/transactions?from=2026-11-10&to=2026-11-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().field).toBe('rangeDateTime[to]');
    const badPage = await get('/api/v1/user/transactions?page=0');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().field).toBe('page');
    expect((await get('/api/v1/user/transactions?per_page=1000')).json().field).toBe('per_page');
  });

  it('needs a token (401) and keeps clients apart: another uid is 403, own list holds none of theirs', async () => {
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: '/api/v1/user/transactions',
          headers: { host: 'localhost' },
        })
      ).statusCode,
    ).toBe(401);
    const other = await createClient(server, 'isolated');
    const otherToken = (await login(server, 'isolated', 'correct-horse-7')).access_token;
    const demoUid = (await get('/api/get/session')).json().result.user.uid as number;
    const forbidden = await get(`/api/v1/user/transactions?uid=${demoUid}`, otherToken);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ error: 'forbidden' });
    const own = await get(`/api/v1/user/transactions?uid=${other.id}`, otherToken);
    expect(own.statusCode).toBe(200);
    expect(own.json().result.transactions).toEqual([]);
    expect((await get(`/api/v1/user/transactions?uid=${demoUid}`)).statusCode).toBe(200);
  });

  it('a reseller cannot use client routes (403)', async () => {
    const token = (await login(server, 'reseller', 'reseller-pass-2026')).access_token;
    expect((await get('/api/v1/user/transactions', token)).statusCode).toBe(403);
    expect((await get('/api/v2/cashback/sports', token)).statusCode).toBe(403);
  });
});
