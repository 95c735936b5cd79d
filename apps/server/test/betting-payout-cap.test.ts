import { afterAll, beforeAll, expect, it } from 'vitest';
import { combinationsReturn } from '@sb/betting';
import type { FixtureEvent } from '@sb/contract';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { login } from './support/accounts';
import { cashBalance, checkBets, placeBet, slipForm, type Pick } from './support/betting';
import { opsRequest, opsSession } from './support/ops';

/**
 * Issue 31 item 2: the maximum payout per bet (per brand and currency) and the maximum combined odds bound every
 * bet. checkBets offers the stake that reaches the payout as the max stake, betPlace refuses above it, no slip
 * however long its odds gives a 5xx, and a multiple counts on the liability of each of its legs.
 */
describeEachBackend('betting: maximum payout and combined odds', (backend) => {
  let server: TestServer;
  let token = '';
  /**
   * Pre-match football events far enough ahead, each with its longest price on sale, its price nearest 3.00 and
   * its home win.
   */
  const longest: Pick[] = [];
  const nearThree: Pick[] = [];
  const homes: Pick[] = [];
  /** The TRY payout cap of this server: 5,000.00 for every brand (the default 1,000,000.00 elsewhere). */
  const TRY_CAP = 500_000;

  beforeAll(async () => {
    server = await createTestServer(backend, {
      config: {
        CATALOGUE_SCALE: 0.15,
        BET_MAX_PAYOUTS: [{ brandId: null, currency: 'TRY', amount: TRY_CAP }],
      },
    });
    token = (await login(server, 'demo', 'demo-pass-2026')).access_token;
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/v2/fixture/full?sport=1&onlyPre=1&per_page=100',
    });
    const events = (list.json().result as { id: number; startDate: string }[])
      .filter((e) => Date.parse(e.startDate) > Date.now() + 3_600_000)
      .slice(0, 25);
    for (const e of events) {
      const detail = (await server.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${e.id}` })).json()
        .result as FixtureEvent;
      const onSale = detail.markets
        .filter((m) => !m.disabled && !m.closed)
        .flatMap((m) => m.selections.filter((s) => s.odd > 1 && s.active && !s.isDisabled && !s.closed));
      const top = onSale.reduce((a, b) => (b.odd > a.odd ? b : a));
      longest.push({ eventId: e.id, oddId: top.id, odd: top.odd });
      const three = onSale.reduce((a, b) => (Math.abs(b.odd - 3) < Math.abs(a.odd - 3) ? b : a));
      nearThree.push({ eventId: e.id, oddId: three.id, odd: three.odd });
      const home = detail.markets.find((m) => m.t === 1)!.selections.find((s) => s.outcome === '1')!;
      homes.push({ eventId: e.id, oddId: home.id, odd: home.odd });
    }
    expect(longest).toHaveLength(25);
  }, 240_000);
  afterAll(async () => server?.close());

  it('answers every multiple of the longest prices, 2 to 25 legs, with an error and never a 5xx', async () => {
    const before = await cashBalance(server, token);
    for (const n of [2, 5, 10, 15, 20, 25]) {
      const body = slipForm(2, 10_000, longest.slice(0, n));
      for (const who of [token, null]) {
        const check = await checkBets(server, who, body);
        expect(check.statusCode, check.body).toBe(200);
        const result = check.json();
        expect(result.error).toBe('bet_error');
        // Long enough to pass the combined odds bound (100,000): refused for that, and the max stake is 0.
        const combined = longest.slice(0, n).reduce((p, l) => p * l.odd, 1);
        if (combined > 100_000) {
          expect(result.errors.general.map((g: { code: string }) => g.code)).toContain('odds_above_max');
          expect(result.maxStake).toBe(0);
          expect(result.errors.general).toContainEqual(
            expect.objectContaining({ code: 'stake_above_max', limit: 'odds', value: 0 }),
          );
        }
        expect(result.possibleEarnings.max).toBeLessThanOrEqual(who ? TRY_CAP : 100_000_000);
      }
      const placed = await placeBet(server, token, body);
      expect(placed.statusCode, placed.body).toBe(400);
      expect(placed.json()).toMatchObject({ error: 'bet_error' });
    }
    expect(await cashBalance(server, token)).toBe(before);
  });

  it('offers the stake that reaches the payout as the max stake, places it, refuses one minor unit more', async () => {
    // A treble at about 3.00 a leg (about 27): the 5,000.00 cap of TRY is reached near 185.00, long before any
    // leg's own limit (2,500.00 of liability: about 1,250.00).
    const legs = nearThree.slice(0, 3);
    const odds = legs.map((l) => l.odd);
    const combos = [[0, 1, 2]];
    const check = (await checkBets(server, token, slipForm(2, 100, legs))).json();
    const max = check.maxStake as number;
    expect(max).toBeGreaterThanOrEqual(100);
    expect(combinationsReturn(odds, combos, max)).toBeLessThanOrEqual(TRY_CAP);
    // One minor unit more would return more than the cap exactly (before the payout's rounding down, which may
    // still land on the cap itself): stake × Π odds > cap, in thousandths.
    const product = odds.reduce((p, o) => p * BigInt(Math.round(o * 1000)), 1n);
    expect(BigInt(max + 1) * product > BigInt(TRY_CAP) * 1000n ** BigInt(odds.length)).toBe(true);
    // A visitor (no currency yet) is offered the default cap's stake, bounded by the legs' own limits.
    const visitor = (await checkBets(server, null, slipForm(2, 100, legs))).json();
    expect(visitor.maxStake).toBeGreaterThan(max);

    const over = await placeBet(server, token, slipForm(2, max + 1, legs));
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json().errors.general[0]).toMatchObject({
      code: 'stake_above_max',
      limit: 'payout',
      value: max,
    });
    const before = await cashBalance(server, token);
    const placed = await placeBet(server, token, slipForm(2, max, legs));
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await cashBalance(server, token)).toBe(before - max);
  });

  it('counts a multiple on the liability of each of its legs, at its whole payout', async () => {
    const trader = await opsSession(server, 'trader', 'trader-pass-2026');
    const legs = homes.slice(10, 14);
    const stake = 1_000;
    const placed = await placeBet(server, token, slipForm(2, stake, legs));
    expect(placed.statusCode, placed.body).toBe(200);
    const payout = combinationsReturn(
      legs.map((l) => l.odd),
      [[0, 1, 2, 3]],
      stake,
    );
    for (const leg of legs) {
      const liability = (
        await opsRequest(server)('GET', `/ops/v1/liability?eventId=${leg.eventId}`, trader)
      ).json().result as {
        bets: number;
        markets: {
          stakes: number;
          selections: { selectionId: number; payoutIfWins: number; net: number }[];
        }[];
      };
      expect(liability.bets).toBe(1);
      const market = liability.markets.find((m) => m.selections.some((s) => s.selectionId === leg.oddId))!;
      expect(market.stakes).toBe(stake);
      const selection = market.selections.find((s) => s.selectionId === leg.oddId)!;
      expect(selection.payoutIfWins).toBe(payout);
      expect(selection.net).toBe(stake - payout);
    }
  });
});
