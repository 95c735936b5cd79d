import { afterAll, beforeAll, expect, it } from 'vitest';
import { betPayout, type LegResult } from '@sb/betting';
import { betResponseSchema, betsResponseSchema, checkBetsResponseSchema } from '@sb/contract';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { bearer, createClient, login } from './support/accounts';
import {
  cashBalance,
  checkBets,
  finishEvents,
  placeBet,
  preMatchPicks,
  slipForm,
  type Pick,
} from './support/betting';

/** Checks, placement, idempotency, bad input, settlement exactly once, cash-out. */
describeEachBackend('betting', (backend) => {
  let server: TestServer;
  let token = '';
  let picks: Pick[] = [];

  beforeAll(async () => {
    // A larger catalogue than other tests: every case bets on football events of its own.
    server = await createTestServer(backend, { config: { CATALOGUE_SCALE: 0.1 } });
    token = (await login(server, 'demo', 'demo-pass-2026')).access_token;
    picks = await preMatchPicks(server, 6);
  });
  afterAll(async () => server?.close());

  const audit = async () => {
    const app = await server.modules.tenancy.service.findByHost('localhost');
    expect(await server.modules.wallet.service.audit(app!.id)).toEqual({
      total: 0,
      mismatched: [],
      unbalancedMovements: 0,
    });
  };

  it('checks a bracket-encoded slip: current odds, max stakes, bet count and possible earnings', async () => {
    const res = await checkBets(server, token, slipForm(3, 900, picks.slice(0, 3), [2]));
    expect(res.statusCode).toBe(200);
    const body = checkBetsResponseSchema.parse(res.json());
    expect(body.error).toBeNull();
    expect(body.betCount).toBe(3);
    expect(body.amountPerBet).toBe(300);
    expect(body.bets.map((b) => b.entity.id)).toEqual(picks.slice(0, 3).map((p) => p.oddId));
    expect(body.bets.every((b) => b.entity.playable_max_stake > 0)).toBe(true);
    expect(body.possibleEarnings.max).toBeGreaterThan(body.possibleEarnings.min);
    // Visitors can check a slip too (no balance or limit checks).
    expect((await checkBets(server, null, slipForm(2, 500, picks.slice(0, 2)))).json().error).toBeNull();
  });

  it('reports changed, unknown and duplicate selections and an uneven stake as bet errors', async () => {
    const tampered = [{ ...picks[0]!, odd: picks[0]!.odd + 0.5 }, picks[1]!];
    const changed = checkBetsResponseSchema.parse(
      (await checkBets(server, token, slipForm(2, 500, tampered))).json(),
    );
    expect(changed.error).toBe('bet_error');
    expect(changed.errors.bets[String(picks[0]!.oddId)]).toMatchObject({
      code: 'odd_changed',
      value: picks[0]!.odd,
    });
    const unknown = [{ ...picks[0]!, oddId: picks[0]!.oddId + 63 }];
    expect((await checkBets(server, token, slipForm(1, 500, unknown))).json().errors.bets).toHaveProperty(
      String(picks[0]!.oddId + 63),
    );
    const twice = checkBetsResponseSchema.parse(
      (await checkBets(server, token, slipForm(2, 500, [picks[0]!, picks[0]!]))).json(),
    );
    expect(twice.error).toBe('bet_error');
    const uneven = (await checkBets(server, token, slipForm(3, 1000, picks.slice(0, 3), [2]))).json();
    expect(uneven.errors.general[0]).toMatchObject({ code: 'amount_split', field: 'amount' });
    // Stake errors name their limit (the slip shows "at least …" / "at most …").
    const low = checkBetsResponseSchema.parse(
      (await checkBets(server, token, slipForm(1, 50, picks.slice(0, 1)))).json(),
    );
    expect(low.errors.general).toContainEqual(
      expect.objectContaining({ code: 'stake_below_min', value: 100 }),
    );
  });

  it('refuses bad input with a 400 naming the field, and moves no money', async () => {
    const before = await cashBalance(server, token);
    const bad: [string, string][] = [
      [slipForm(1, 0, picks.slice(0, 1)), 'amount'],
      [slipForm(1, -100, picks.slice(0, 1)), 'amount'],
      [slipForm(1, 100, picks.slice(0, 1)).replace('amount=100', 'amount=1.5'), 'amount'],
      [slipForm(1, 100, [{ ...picks[0]!, odd: 1 }]), 'bets[0][odd]'],
      [slipForm(4 as 1, 100, picks.slice(0, 1)), 'type'],
      [
        slipForm(1, 100, picks.slice(0, 1))
          .replace('bets[0]', 'bets[3]')
          .replace(/bets%5B0%5D/g, 'bets%5B3%5D'),
        'bets',
      ],
      [`${slipForm(1, 100, picks.slice(0, 1))}&bets%5B0%5D%5Bhack%5D=1`, 'bets[0][hack]'],
    ];
    for (const [body, field] of bad) {
      const res = await placeBet(server, token, body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json().field, body).toBe(field);
    }
    const many = Array.from({ length: 26 }, (_, i) => ({ ...picks[0]!, oddId: picks[0]!.oddId + i }));
    expect((await placeBet(server, token, slipForm(1, 2600, many))).statusCode).toBe(400);
    const elevenSystem = Array.from({ length: 11 }, (_, i) => ({
      ...picks[i % 6]!,
      eventId: picks[i % 6]!.eventId,
    }));
    expect((await placeBet(server, token, slipForm(3, 1000, elevenSystem, [2]))).statusCode).toBe(400);
    // No Idempotency-Key, no token.
    const noKey = await server.app.inject({
      method: 'POST',
      url: '/api/v1/betPlace',
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: slipForm(1, 100, picks.slice(0, 1)),
    });
    expect(noKey.json().field).toBe('Idempotency-Key');
    expect(
      (await placeBet(server, 'not-a-valid-token-at-all', slipForm(1, 100, picks.slice(0, 1)))).statusCode,
    ).toBe(401);
    expect(await cashBalance(server, token)).toBe(before);
  });

  it('places a multiple once per Idempotency-Key and debits the stake exactly once', async () => {
    const before = await cashBalance(server, token);
    const body = slipForm(2, 1000, picks.slice(0, 3));
    const first = await placeBet(server, token, body, 'key-multiple-0001');
    expect(first.statusCode, first.body).toBe(200);
    const bet = betResponseSchema.parse(first.json()).result;
    expect(bet).toMatchObject({
      type: { name: 'multiple' },
      amount: 1000,
      bet_count: 1,
      result: { key: 'waiting' },
    });
    expect(bet.items.map((i) => i.selectionId)).toEqual(picks.slice(0, 3).map((p) => p.oddId));
    const retries = await Promise.all(
      [1, 2, 3].map(() => placeBet(server, token, body, 'key-multiple-0001')),
    );
    for (const r of retries) expect(r.json().result.id).toBe(bet.id);
    expect(await cashBalance(server, token)).toBe(before - 1000);
    const conflict = await placeBet(server, token, slipForm(2, 2000, picks.slice(0, 3)), 'key-multiple-0001');
    expect(conflict.statusCode).toBe(409);
    const session = await server.app.inject({
      method: 'GET',
      url: '/api/get/session',
      headers: bearer(token),
    });
    expect(session.json().result.user.waiting_bets).toBeGreaterThanOrEqual(1);
    await audit();
  });

  it('settles from the simulator results exactly once, with betPayout, and pays through the ledger', async () => {
    const legs = picks.slice(3, 6);
    const res = await placeBet(server, token, slipForm(3, 300, legs, [2]));
    expect(res.statusCode, res.body).toBe(200);
    const bet = res.json().result;
    const before = await cashBalance(server, token);
    await finishEvents(server, [
      { eventId: legs[0]!.eventId, home: 2, away: 0 },
      { eventId: legs[1]!.eventId, home: 3, away: 1 },
      { eventId: legs[2]!.eventId, home: 0, away: 1 },
    ]);
    const settlement = server.modules.betting.settlement;
    await Promise.all([settlement.settleDue(), settlement.settleDue(), settlement.settle(bet.id)]);
    await settlement.settleDue();
    const settled = betResponseSchema.parse(
      (
        await server.app.inject({
          method: 'GET',
          url: `/api/v1/bet/detail/${bet.id}`,
          headers: bearer(token),
        })
      ).json(),
    ).result;
    const expected = betPayout({
      legs: settled.items.map((i) => ({
        odds: i.oddValue,
        eventId: i.mid,
        result: i.oddResult as LegResult,
      })),
      systemK: 2,
      bankers: [],
      stakePerBetCents: 100,
    });
    expect(settled.items.map((i) => i.oddResult)).toEqual(['win', 'win', 'loss']);
    expect(settled.earnings).toBe(expected.payoutCents);
    expect(settled.result.key).toBe('win');
    expect(await cashBalance(server, token)).toBe(before + expected.payoutCents);
    await audit();
  });

  it('cashes out partly, then fully; a settled bet offers nothing; another client sees nothing', async () => {
    const [pick] = await preMatchPicks(server, 1, 7);
    const bet = (await placeBet(server, token, slipForm(1, 2000, [pick!]))).json().result;
    const url = `/api/v1/bet-cash-out/${bet.id}`;
    const quote = (await server.app.inject({ method: 'GET', url, headers: bearer(token) })).json().result;
    expect(quote).toMatchObject({ available: true, reason: null });
    expect(quote.amount).toBeGreaterThan(0);
    expect(quote.amount).toBeLessThan(2000 * pick!.odd);
    const before = await cashBalance(server, token);
    const part = Math.floor(quote.amount / 2);
    const partial = await server.app.inject({
      method: 'POST',
      url,
      headers: bearer(token),
      payload: { amount: part, expected: quote.amount },
    });
    expect(partial.json().result).toMatchObject({ status: 'partial', paid: part });
    expect(partial.json().result.bet.amount_per_bet).toBeLessThan(2000);
    const rest = (await server.app.inject({ method: 'GET', url, headers: bearer(token) })).json().result;
    const full = await server.app.inject({
      method: 'POST',
      url,
      headers: bearer(token),
      payload: { expected: rest.amount },
    });
    expect(full.json().result).toMatchObject({
      status: 'cashed_out',
      paid: rest.amount,
      bet: { result: { key: 'cashout' } },
    });
    expect(await cashBalance(server, token)).toBe(before + part + rest.amount);
    const again = (await server.app.inject({ method: 'GET', url, headers: bearer(token) })).json().result;
    expect(again).toMatchObject({ available: false, reason: 'settled', amount: 0 });
    await createClient(server, 'nosy-client', 'nosy-secret-2026');
    const nosy = (await login(server, 'nosy-client', 'nosy-secret-2026')).access_token;
    for (const path of [url, `/api/v1/bet/detail/${bet.id}`])
      expect((await server.app.inject({ method: 'GET', url: path, headers: bearer(nosy) })).statusCode).toBe(
        404,
      );
    expect(
      (await server.app.inject({ method: 'POST', url, headers: bearer(nosy), payload: {} })).statusCode,
    ).toBe(404);
    await audit();
  });

  it('lets exactly one of cash-out and settlement pay when they race', async () => {
    const [pick] = await preMatchPicks(server, 1, 9);
    const bet = (await placeBet(server, token, slipForm(1, 1000, [pick!]))).json().result;
    const quote = await server.modules.betting.cashOut.quote(
      (await server.modules.identity.service.findUser(1, 'demo'))!.id,
      bet.id,
    );
    expect(quote.available).toBe(true);
    await finishEvents(server, [{ eventId: pick!.eventId, home: 1, away: 0 }]);
    const userId = (await server.modules.identity.service.findUser(1, 'demo'))!.id;
    const [cashed, settled] = await Promise.all([
      server.modules.betting.cashOut.execute(userId, bet.id, {}, undefined),
      server.modules.betting.settlement.settle(bet.id),
    ]);
    const view = (
      await server.app.inject({ method: 'GET', url: `/api/v1/bet/detail/${bet.id}`, headers: bearer(token) })
    ).json().result;
    expect([cashed.status === 'cashed_out', settled].filter(Boolean)).toHaveLength(
      view.result.key === 'waiting' ? 0 : 1,
    );
    expect(['cashout', 'win']).toContain(view.result.key);
    await audit();
  });

  it('lists bets by status ids and date range, newest first, and names the statuses', async () => {
    const open = betsResponseSchema.parse(
      (
        await server.app.inject({
          method: 'GET',
          url: '/api/v1/bets?status[]=1&status[]=7&per_page=50',
          headers: bearer(token),
        })
      ).json(),
    ).result;
    expect(open.bets.every((b) => b.result.key === 'waiting' || b.result.key === 'pending')).toBe(true);
    const all = (
      await server.app.inject({
        method: 'GET',
        url: '/api/v1/bets?status=1,2,3,4,5,6,7,8',
        headers: bearer(token),
      })
    ).json().result;
    expect(all.pagination.totalCount).toBeGreaterThan(open.pagination.totalCount);
    const latest = (
      await server.app.inject({
        method: 'GET',
        url: '/api/v1/bets?page=1&per_page=1',
        headers: bearer(token),
      })
    ).json().result;
    expect(latest.bets).toHaveLength(1);
    // A plain date is the client's own calendar day (as in the transactions list), not a UTC day.
    const { timezone } = (await server.modules.identity.service.findUser(1, 'demo'))!;
    const placed = Date.parse(latest.bets[0].created_at);
    const localDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(ms);
    const byDay = async (day: string) =>
      (
        await server.app.inject({
          method: 'GET',
          url: `/api/v1/bets?page=1&per_page=50&createdAt[from]=${day}&createdAt[to]=${day}`,
          headers: bearer(token),
        })
      ).json().result.bets as { id: number }[];
    expect((await byDay(localDay(placed))).map((b) => b.id)).toContain(latest.bets[0].id);
    expect((await byDay(localDay(placed + 86_400_000))).map((b) => b.id)).not.toContain(latest.bets[0].id);
    const badDate = await server.app.inject({
      method: 'GET',
      url: '/api/v1/bets?createdAt[to]=2026-02-30',
      headers: bearer(token),
    });
    expect([badDate.statusCode, badDate.json().field]).toEqual([400, 'createdAt[to]']);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/v1/bets?status=9', headers: bearer(token) }))
        .statusCode,
    ).toBe(400);
    const results = (await server.app.inject({ method: 'GET', url: '/api/v1/bet/results?_locale=tr' })).json()
      .result;
    expect(results).toHaveLength(8);
    expect(results[1]).toMatchObject({ id: 2, key: 'win', name: 'Kazandı' });
  });

  it('prints a receipt as an escaped page', async () => {
    const latest = (
      await server.app.inject({
        method: 'GET',
        url: '/api/v1/bets?page=1&per_page=1',
        headers: bearer(token),
      })
    ).json().result.bets[0];
    const page = await server.app.inject({
      method: 'GET',
      url: `/api/v1/bet/detail/${latest.id}?print=1&tz=Europe/Istanbul&host=localhost&_locale=en`,
      headers: bearer(token),
    });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`#${latest.id}`);
    expect(page.body).not.toContain('<script');
    // The client's brand by name, not the host it was printed from; each leg's kick-off.
    expect(page.body).toContain('<small>Demo Bet</small>');
    expect(page.body).not.toContain('<small>localhost</small>');
    expect(page.body).toMatch(/Kick-off: \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
  });
});
