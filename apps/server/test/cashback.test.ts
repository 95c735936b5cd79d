import { cents } from '@sb/betting';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cashbackResponseSchema } from '@sb/contract';
import { manualClock } from '../src/lib/clock';
import { createWalletModule, type SettledBet } from '../src/modules/wallet/index';
import { bearer, createClient, login } from './support/accounts';
import { finishEvents, placeBet, preMatchPicks, slipForm } from './support/betting';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

const WEEK_MS = 7 * 24 * 3600_000;

/** Cashback on settled net losses of a closed week only, each bet counted once, claims once. */
describeEachBackend('sports cashback', (backend) => {
  let server: TestServer;
  const clock = manualClock(Date.now());
  beforeAll(async () => {
    server = await createTestServer(backend, { clock, config: { CATALOGUE_SCALE: 0.1 } });
  }, 120_000);
  afterAll(async () => server?.close());

  const cashback = async (token: string) => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v2/cashback/sports',
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return cashbackResponseSchema.parse(res.json());
  };
  const claim = (token: string) =>
    server.app.inject({ method: 'POST', url: '/api/v2/cashback/sports', headers: bearer(token) });

  it('counts only bets settled in the last closed week: an open bet is no loss, a claim pays once', async () => {
    const user = await createClient(server, 'cashback-punter', 'cashback-secret-2026');
    await server.modules.wallet.service.credit({
      appId: user.appId,
      userId: user.id,
      currency: user.currencyIso,
      amount: cents(100_000),
      type: 'deposit',
      idempotencyKey: 'cashback-fund',
    });
    let token = (await login(server, 'cashback-punter', 'cashback-secret-2026')).access_token;
    const picks = await preMatchPicks(server, 3);
    for (const [i, amount] of [2_000, 1_000, 500].entries()) {
      const res = await placeBet(server, token, slipForm(1, amount, [picks[i]!]));
      expect(res.statusCode, res.body).toBe(200);
    }
    // Two bets lose (home side loses), the third stays open.
    await finishEvents(server, [
      { eventId: picks[0]!.eventId, home: 0, away: 2 },
      { eventId: picks[1]!.eventId, home: 0, away: 1 },
    ]);
    expect(await server.modules.betting.settlement.settleDue()).toHaveLength(2);

    // This week is still open: nothing is offered (before the fix, the open bet's stake counted as a loss).
    const during = await cashback(token);
    expect(during.cashback).toBe(0);
    expect(Date.parse(during.periodEnd!)).toBeLessThanOrEqual(clock.now());

    clock.advance(WEEK_MS);
    token = (await login(server, 'cashback-punter', 'cashback-secret-2026')).access_token;
    const offer = await cashback(token);
    // 10% of the two settled losses (20.00 + 10.00); the open 5.00 is not a loss.
    expect(offer).toMatchObject({ cashback: 300, percent: 10 });
    expect(Date.parse(offer.periodStart!)).toBeLessThan(Date.parse(offer.periodEnd!));
    expect(Date.parse(offer.periodEnd!)).toBeLessThanOrEqual(clock.now());

    const before = (await server.modules.wallet.service.balances(user)).cash;
    const claims = await Promise.all([claim(token), claim(token), claim(token)]);
    expect(claims.map((c) => c.statusCode)).toEqual([200, 200, 200]);
    expect(claims.map((c) => c.json().paid).sort((a: number, b: number) => a - b)).toEqual([0, 0, 300]);
    for (const c of claims) expect(c.json()).toMatchObject({ cashback: 0, periodStart: offer.periodStart });
    expect((await claim(token)).json()).toMatchObject({ cashback: 0, paid: 0 });
    expect((await server.modules.wallet.service.balances(user)).cash).toBe(before + 300);

    // The open bet loses now: it belongs to the week it settled in, offered once that week closes.
    await finishEvents(server, [{ eventId: picks[2]!.eventId, home: 0, away: 3 }]);
    await server.modules.betting.settlement.settleDue();
    expect((await cashback(token)).cashback).toBe(0);
    clock.advance(WEEK_MS);
    token = (await login(server, 'cashback-punter', 'cashback-secret-2026')).access_token;
    expect((await cashback(token)).cashback).toBe(50);
  }, 180_000);

  it('never counts a bet twice: one resettled into a later week after a claim is left out', async () => {
    const user = await createClient(server, 'cashback-resettled', 'cashback-secret-2026');
    // The betting side stubbed: which bets settled in which week (bet 9001 resettled into the second week).
    const settled = new Map<number, SettledBet[]>();
    let weekOf = 0;
    const wallet = createWalletModule({
      db: server.database.db,
      clock,
      settledBets: async (userId, from) => {
        expect(userId).toBe(user.id);
        return settled.get(from) ?? [];
      },
    });
    const first = await wallet.activity.cashback(user, 1_000);
    weekOf = Date.parse(first.periodStart);
    settled.set(weekOf, [
      { id: 9001, staked: 10_000, returned: 0 },
      { id: 9002, staked: 4_000, returned: 6_000 },
    ]);
    // Net loss 100.00 − 20.00 won = 80.00 → 8.00.
    expect((await wallet.activity.cashback(user, 1_000)).cashback).toBe(800);
    expect(await wallet.activity.claimCashback(user, 1_000)).toEqual({ paid: 800 });
    expect(await wallet.activity.claimCashback(user, 1_000)).toEqual({ paid: 0 });

    clock.advance(WEEK_MS);
    const next = await wallet.activity.cashback(user, 1_000);
    settled.set(Date.parse(next.periodStart), [
      { id: 9001, staked: 10_000, returned: 0 },
      { id: 9003, staked: 2_000, returned: 0 },
    ]);
    expect((await wallet.activity.cashback(user, 1_000)).cashback).toBe(200);
    expect(await wallet.activity.claimCashback(user, 1_000)).toEqual({ paid: 200 });
    expect((await wallet.service.balances(user)).cash).toBe(1_000);
  });
});
