// Placements group-committed — concurrent placements share one transaction, a bad bet in a batch fails
// alone with the error it would get alone, one Idempotency-Key places once, and the ledger stays balanced.
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SlipRequest } from '@sb/contract';
import { betLegs } from '../src/modules/betting/betting.tables';
import type { UserRow } from '../src/modules/identity/index';
import { describeEachBackend } from './support/databases';
import { preMatchPicks, type Pick } from './support/betting';
import { fundedClient } from './support/casino';
import { createTestServer, type TestServer } from './support/server';

describeEachBackend('betting: group commit of placements', (backend) => {
  let server: TestServer;
  let picks: Pick[] = [];

  beforeAll(async () => {
    // One lane and the longest window: placements submitted in one tick land in one batch, whatever the timing.
    server = await createTestServer(backend, {
      config: { CATALOGUE_SCALE: 0.1, BET_BATCH_LANES: 1, BET_BATCH_WINDOW_MS: 50 },
    });
    picks = await preMatchPicks(server, 3);
  }, 120_000);
  afterAll(async () => server?.close());

  async function funded(name: string, cents: number): Promise<UserRow> {
    const { user } = await fundedClient(server, name, cents);
    return (await server.modules.identity.service.findUser(user.appId, user.username))!;
  }

  const single = (pick: Pick, amount: number, odd = pick.odd): SlipRequest => ({
    walletType: 'cash',
    type: 1,
    bets: [{ eventId: pick.eventId, oddId: pick.oddId, odd, banker: false, isLive: false }],
    systems: [],
    amount,
    confirmationType: 1,
  });

  const cash = async (user: UserRow) => (await server.modules.wallet.service.balances(user)).cash;
  const audit = async (user: UserRow) =>
    expect(await server.modules.wallet.service.audit(user.appId)).toEqual({
      total: 0,
      mismatched: [],
      unbalancedMovements: 0,
    });
  /** Places every slip in the same tick (one batch) and answers each outcome. */
  async function together(slips: { user: UserRow; request: SlipRequest; key?: string }[]) {
    const { service } = server.modules.betting;
    const before = service.batchStats();
    const outcomes = await Promise.allSettled(
      slips.map((s) => service.place(s.user, s.request, s.key ?? randomUUID())),
    );
    const after = service.batchStats();
    return { outcomes, batches: after.batches - before.batches, items: after.items - before.items };
  }
  const failure = (outcome: PromiseSettledResult<unknown> | undefined) =>
    outcome?.status === 'rejected' ? (outcome.reason as { statusCode: number; code: string }) : null;

  it('fails a bad bet of a batch alone, with the answer it gets alone', async () => {
    const [a, b, poor, twin, limited, excluded] = [
      await funded('batch-a', 10_000),
      await funded('batch-b', 10_000),
      await funded('batch-poor', 50),
      await funded('batch-twin', 150),
      await funded('batch-limited', 10_000),
      await funded('batch-excluded', 10_000),
    ];
    await server.modules.limits.service.update(limited.id, {
      limits: [{ type: 'stake', period: 'day', amount: 150 }],
    });
    await server.modules.limits.service.timeOut(excluded.id, 24);
    const [p0, p1, p2] = [picks[0]!, picks[1]!, picks[2]!];
    const { outcomes, batches, items } = await together([
      { user: a, request: single(p0, 1_000) },
      { user: b, request: single(p1, 1_000, p1.odd + 0.5) }, // a price the selection does not have
      { user: poor, request: single(p0, 100) }, // more than the balance
      { user: twin, request: single(p1, 100) },
      { user: twin, request: single(p2, 100) }, // the balance covers one of the twin's two bets
      { user: limited, request: single(p0, 100) },
      { user: limited, request: single(p1, 100) }, // over the daily stake limit with the first
      { user: excluded, request: single(p2, 100) },
      { user: b, request: single(p2, 1_000) },
    ]);
    expect(batches).toBe(1);
    expect(items).toBe(9);
    const codes = outcomes.map((o) => failure(o)?.code ?? 'placed');
    // The limited client's two bets are placed alone, concurrently: whichever is second passes the limit.
    expect([...codes.slice(0, 5), ...codes.slice(5, 7).sort(), ...codes.slice(7)]).toEqual([
      'placed',
      'bet_error',
      'insufficient_funds',
      'placed',
      'insufficient_funds',
      'placed',
      'stake_limit_exceeded',
      'timed_out',
      'placed',
    ]);
    const refused = failure(outcomes[1]) as unknown as { details: { errors: { bets: object } } };
    expect(refused.details.errors.bets).toMatchObject({ [p1.oddId]: { code: 'odd_changed' } });
    expect([await cash(a), await cash(b), await cash(poor), await cash(twin)]).toEqual([
      9_000, 9_000, 50, 50,
    ]);
    expect([await cash(limited), await cash(excluded)]).toEqual([9_900, 10_000]);
    expect(await server.modules.betting.service.openCount(twin.id)).toBe(1);
    expect(await server.modules.betting.service.openCount(poor.id)).toBe(0);
    await audit(a);
  });

  it('places once for concurrent placements with one Idempotency-Key, in a batch and after it', async () => {
    const user = await funded('batch-retrier', 5_000);
    const request = single(picks[0]!, 1_000);
    const { outcomes, batches } = await together(
      Array.from({ length: 6 }, () => ({ user, request, key: 'batch-one-key' })),
    );
    expect(batches).toBe(1);
    const ids = outcomes.map((o) => (o.status === 'fulfilled' ? o.value.id : null));
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).not.toBeNull();
    // A retry once committed answers the first bet; another slip under the key is refused.
    const { service } = server.modules.betting;
    expect((await service.place(user, request, 'batch-one-key')).id).toBe(ids[0]);
    await expect(service.place(user, single(picks[1]!, 1_000), 'batch-one-key')).rejects.toMatchObject({
      code: 'idempotency_conflict',
    });
    expect(await cash(user)).toBe(4_000);
    expect(await service.openCount(user.id)).toBe(1);
    await audit(user);
  });

  it('stores each batched bet with its own legs, one set for two placements of one key', async () => {
    const user = await funded('batch-legs', 10_000);
    const treble: SlipRequest = {
      ...single(picks[0]!, 300),
      type: 2,
      bets: picks.slice(0, 3).map((p) => ({
        eventId: p.eventId,
        oddId: p.oddId,
        odd: p.odd,
        banker: false,
        isLive: false,
      })),
    };
    const { outcomes, batches } = await together([
      { user, request: treble },
      { user, request: single(picks[1]!, 200), key: 'batch-legs-twin' },
      { user, request: single(picks[1]!, 200), key: 'batch-legs-twin' },
      { user, request: single(picks[2]!, 100) },
    ]);
    expect(batches).toBe(1);
    const placed = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : null));
    expect(placed.every(Boolean)).toBe(true);
    expect(placed[1]!.id).toBe(placed[2]!.id);
    const legsOf = async (id: number) =>
      (
        await server.database.db.select().from(betLegs).where(eq(betLegs.betId, id)).orderBy(asc(betLegs.idx))
      ).map((l) => l.selectionId);
    expect(await legsOf(placed[0]!.id)).toEqual(picks.slice(0, 3).map((p) => p.oddId));
    expect(await legsOf(placed[1]!.id)).toEqual([picks[1]!.oddId]);
    expect(await legsOf(placed[3]!.id)).toEqual([picks[2]!.oddId]);
    expect(await cash(user)).toBe(10_000 - 300 - 200 - 100);
    await audit(user);
  });

  it('keeps the ledger balanced through many concurrent placements over the balances', async () => {
    const users = [
      await funded('batch-many-0', 3_000),
      await funded('batch-many-1', 2_500),
      await funded('batch-many-2', 0),
    ];
    const slips = Array.from({ length: 40 }, (_, i) => ({
      user: users[i % users.length]!,
      request: single(picks[i % picks.length]!, 100 * (1 + (i % 4))),
    }));
    const { outcomes } = await together(slips);
    const spent = new Map<number, number>();
    outcomes.forEach((o, i) => {
      const slip = slips[i]!;
      if (o.status === 'fulfilled')
        spent.set(slip.user.id, (spent.get(slip.user.id) ?? 0) + slip.request.amount);
      else expect(failure(o)?.code).toBe('insufficient_funds');
    });
    for (const [user, start] of [
      [users[0]!, 3_000],
      [users[1]!, 2_500],
      [users[2]!, 0],
    ] as const) {
      const left = await cash(user);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left).toBe(start - (spent.get(user.id) ?? 0));
    }
    // Every affordable bet went through: what is left is less than the smallest stake refused.
    expect(await cash(users[0]!)).toBeLessThan(400);
    await audit(users[0]!);
  });
});
