import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer } from './support/accounts';
import { checkBets, placeBet, preMatchPicks, slipForm, type Pick } from './support/betting';
import { cash, fundedClient, gameOf, launch, sessionOf, spin } from './support/casino';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

/** Replays answer like the first answer; NUL bytes are a 400; `bets[i][exc]`. */
describeEachBackend('replays and text input', (backend) => {
  let server: TestServer;
  let picks: Pick[] = [];
  beforeAll(async () => {
    server = await createTestServer(backend, {
      config: { CASINO_PLAYS_PER_MINUTE: 1_000 },
    });
    picks = await preMatchPicks(server, 2);
  }, 120_000);
  afterAll(async () => server?.close());

  it('answers a retried cash-out with what the first one paid, and moves nothing again', async () => {
    const { token } = await fundedClient(server, 'replayer', 50_000);
    const bet = (await placeBet(server, token, slipForm(1, 4_000, [picks[0]!]))).json().result;
    const url = `/api/v1/bet-cash-out/${bet.id}`;
    const quote = (await server.app.inject({ method: 'GET', url, headers: bearer(token) })).json().result;
    const post = (key: string, payload: object) =>
      server.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(token), 'idempotency-key': key },
        payload,
      });
    const partKey = randomUUID();
    const part = Math.floor(quote.amount / 2);
    const first = (await post(partKey, { amount: part, expected: quote.amount })).json().result;
    expect(first).toMatchObject({ status: 'partial', paid: part });
    const balance = await cash(server, token);
    const retried = (await post(partKey, { amount: part, expected: quote.amount })).json().result;
    expect(retried).toMatchObject({ status: 'partial', paid: part });
    expect(await cash(server, token)).toBe(balance);

    const rest = (await server.app.inject({ method: 'GET', url, headers: bearer(token) })).json().result;
    const fullKey = randomUUID();
    const full = (await post(fullKey, { expected: rest.amount })).json().result;
    expect(full).toMatchObject({ status: 'cashed_out', paid: rest.amount });
    const again = await Promise.all([post(fullKey, { expected: rest.amount }), post(fullKey, {})]);
    for (const res of again)
      expect(res.json().result).toMatchObject({ status: 'cashed_out', paid: rest.amount });
    expect(await cash(server, token)).toBe(balance + rest.amount);
  });

  it('refuses a spin key reused with another stake (409), as betPlace does; the same stake replays', async () => {
    const { token } = await fundedClient(server, 'respinner', 10_000);
    const id = await launch(server, await gameOf(server, false), token);
    const stakes = (await sessionOf(server, id, token)).stakes;
    const key = randomUUID();
    const first = await spin(server, id, token, stakes[0]!, key);
    expect(first.statusCode).toBe(200);
    const balance = await cash(server, token);
    const other = await spin(server, id, token, stakes[1]!, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: 'idempotency_conflict', field: 'roundKey' });
    const same = await spin(server, id, token, stakes[0]!, key);
    expect(same.json().result.round.id).toBe(first.json().result.round.id);
    expect(await cash(server, token)).toBe(balance);
  });

  it('answers a NUL byte in any text parameter with a 400 naming it, never a 500', async () => {
    const { token } = await fundedClient(server, 'nul-sender', 1_000);
    const nul = encodeURIComponent('ab\u0000c');
    const cases: {
      method: 'GET' | 'POST' | 'PUT';
      url: string;
      payload?: string | object;
      type?: string;
      field: string;
    }[] = [
      { method: 'GET', url: `/api/v1/search/casino/${nul}`, field: 'text' },
      { method: 'GET', url: `/api/v1/casino/playnow?mobile=1&gameId=${nul}&demo=1`, field: 'gameId' },
      { method: 'GET', url: `/api/v1/search/fixture?q=${nul}xyz`, field: 'q' },
      { method: 'GET', url: `/api/v1/bets?_locale=${nul}`, field: '_locale' },
      {
        method: 'POST',
        url: '/api/v1/checkBets',
        payload: `type=1&amount=100&bets[0][eventId]=1&bets[0][oddId]=1&bets[0][odd]=2&note=${nul}`,
        type: 'application/x-www-form-urlencoded',
        field: 'note',
      },
      {
        method: 'PUT',
        url: '/api/v1/user/limits',
        payload: { limits: [{ type: 'stake', period: 'day\u0000', amount: 100 }] },
        field: 'limits.0.period',
      },
    ];
    for (const c of cases) {
      const res = await server.app.inject({
        method: c.method,
        url: c.url,
        headers: { ...bearer(token), ...(c.type ? { 'content-type': c.type } : {}) },
        payload: c.payload as string,
      });
      expect(res.statusCode, `${c.url} ${res.body}`).toBe(400);
      expect(res.json(), c.url).toMatchObject({ error: 'validation', field: c.field });
    }
  });

  it('accepts bets[i][exc] of spec §3 in checkBets and betPlace', async () => {
    const { token } = await fundedClient(server, 'exc-sender', 10_000);
    const body = `${slipForm(1, 500, [picks[1]!])}&bets[0][exc]=0`;
    const checked = await checkBets(server, token, body);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().error).toBeNull();
    const placed = await placeBet(server, token, body);
    expect(placed.statusCode, placed.body).toBe(200);
    const bad = await checkBets(server, token, `${slipForm(1, 500, [picks[1]!])}&bets[0][exc]=x`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('bets[0][exc]');
  });
});
