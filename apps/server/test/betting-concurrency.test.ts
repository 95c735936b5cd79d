import { cents } from '@sb/betting';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { bearer, createClient, login } from './support/accounts';
import { cashBalance, finishEvents, placeBet, preMatchPicks, slipForm, type Pick } from './support/betting';

/** Money under concurrency, retries, live delays and corrected results. */
describeEachBackend('betting under concurrency', (backend) => {
  let server: TestServer;
  let picks: Pick[] = [];
  /** Runs during a live bet's acceptance delay (instead of waiting). */
  let duringDelay: () => Promise<void> = async () => {};
  const appId = async () => (await server.modules.tenancy.service.findByHost('localhost'))!.id;

  beforeAll(async () => {
    server = await createTestServer(backend, {
      config: { CATALOGUE_SCALE: 0.1, BET_LIVE_DELAY_MS: 5_000 },
      sleep: async () => duringDelay(),
    });
    picks = await preMatchPicks(server, 4);
  });
  afterAll(async () => server?.close());

  async function funded(name: string, amount: number): Promise<string> {
    const user = await createClient(server, name, `${name}-secret-2026`);
    await server.modules.wallet.service.credit({
      appId: user.appId,
      userId: user.id,
      currency: user.currencyIso,
      amount: cents(amount),
      type: 'deposit',
      idempotencyKey: `fund:${name}`,
    });
    return (await login(server, name, `${name}-secret-2026`)).access_token;
  }

  const audit = async () =>
    expect(await server.modules.wallet.service.audit(await appId())).toEqual({
      total: 0,
      mismatched: [],
      unbalancedMovements: 0,
    });

  it('never overdraws: concurrent placements for more than the balance', async () => {
    const token = await funded('racer', 5_000);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => placeBet(server, token, slipForm(1, 1_000, [picks[0]!]))),
    );
    const placed = results.filter((r) => r.statusCode === 200).length;
    expect(placed).toBe(5);
    for (const r of results.filter((x) => x.statusCode !== 200))
      expect(r.json().error).toBe('insufficient_funds');
    expect(await cashBalance(server, token)).toBe(0);
    await audit();
  });

  it('debits once for concurrent retries with one Idempotency-Key', async () => {
    const token = await funded('retrier', 5_000);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        placeBet(server, token, slipForm(1, 1_000, [picks[1]!]), 'one-key-for-all'),
      ),
    );
    expect(new Set(results.map((r) => r.json().result?.id)).size).toBe(1);
    expect(await cashBalance(server, token)).toBe(4_000);
    await audit();
  });

  it('pays once when settlement runs many times at once', async () => {
    const token = await funded('settled', 5_000);
    const bet = (await placeBet(server, token, slipForm(1, 1_000, [picks[2]!]))).json().result;
    await finishEvents(server, [{ eventId: picks[2]!.eventId, home: 3, away: 0 }]);
    const settlement = server.modules.betting.settlement;
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? settlement.settleDue() : settlement.settle(bet.id))),
    );
    const detail = (
      await server.app.inject({ method: 'GET', url: `/api/v1/bet/detail/${bet.id}`, headers: bearer(token) })
    ).json().result;
    expect(detail.result.key).toBe('win');
    expect(await cashBalance(server, token)).toBe(4_000 + detail.earnings);
    expect(detail.earnings).toBe(Math.floor(1_000 * picks[2]!.odd));
    await audit();
  });

  it('reverses the payout first when a result is corrected, then pays the new one', async () => {
    const token = await funded('corrected', 5_000);
    const pick = picks[3]!;
    const bet = (await placeBet(server, token, slipForm(1, 1_000, [pick]))).json().result;
    await finishEvents(server, [{ eventId: pick.eventId, home: 2, away: 0 }]);
    await server.modules.betting.settlement.settleDue();
    expect(await cashBalance(server, token)).toBe(4_000 + Math.floor(1_000 * pick.odd));
    // The operator corrects the result: the home side lost after all.
    await finishEvents(server, [{ eventId: pick.eventId, home: 0, away: 1 }]);
    expect(await server.modules.betting.settlement.resettleChanged()).toHaveLength(1);
    expect(await server.modules.betting.settlement.resettleChanged()).toHaveLength(0);
    const detail = (
      await server.app.inject({ method: 'GET', url: `/api/v1/bet/detail/${bet.id}`, headers: bearer(token) })
    ).json().result;
    expect(detail).toMatchObject({ result: { key: 'loss' }, earnings: 0 });
    expect(await cashBalance(server, token)).toBe(4_000);
    await audit();
  });

  it('accepts a live bet after its delay, and rejects (refunding) one whose odds moved in it', async () => {
    const token = await funded('live', 5_000);
    const [pick] = await preMatchPicks(server, 1, 4);
    await server.modules.producer.operator.enqueue(pick!.eventId, 'start', {});
    await server.modules.producer.runOnce();
    const detail = (
      await server.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${pick!.eventId}` })
    ).json().result;
    const open = detail.markets
      .flatMap((m: { selections: { id: number; odd: number; active: boolean }[] }) => m.selections)
      .filter((s: { active: boolean }) => s.active);
    const live = (s: { id: number; odd: number }): Pick => ({
      eventId: pick!.eventId,
      oddId: s.id,
      odd: s.odd,
      isLive: true,
    });

    const accepted = (await placeBet(server, token, slipForm(1, 500, [live(open[0])]))).json().result;
    expect(accepted.result.key).toBe('waiting');

    duringDelay = async () => {
      await server.database.db.execute(sql`update selections set odd = odd + 1 where id = ${open[1].id}`);
    };
    const moved = await placeBet(server, token, slipForm(1, 500, [live(open[1])]));
    duringDelay = async () => {};
    expect(moved.json().result).toMatchObject({
      result: { key: 'rejected' },
      reject_reason: 'odd_changed',
      earnings: 500,
    });
    expect(await cashBalance(server, token)).toBe(4_500);
    await audit();
  });
});
