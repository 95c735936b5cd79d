import { afterAll, beforeAll, expect, it } from 'vitest';
import { cents, type Cents } from '@sb/betting';
import fc from 'fast-check';
import type { Database } from '../src/db/database';
import { manualClock } from '../src/lib/clock';
import { createWalletModule, type WalletService } from '../src/modules/wallet/index';
import { createTestDatabase, describeEachBackend } from './support/databases';

const APP = 1;
const TRY = 'TRY';

describeEachBackend('wallet ledger invariants', (backend) => {
  let database: Database;
  let wallet: WalletService;
  let nextUser = 1000;
  beforeAll(async () => {
    database = await createTestDatabase(backend, 30);
    wallet = createWalletModule({ db: database.db, clock: manualClock() }).service;
  });
  afterAll(async () => database?.close());

  const transfer = (userId: number, amount: number, key: string) => ({
    appId: APP,
    userId,
    currency: TRY,
    amount: cents(amount),
    type: 'deposit' as const,
    idempotencyKey: key,
  });
  const cash = async (userId: number) =>
    (await wallet.balances({ id: userId, appId: APP, currencyIso: TRY })).cash;

  it('100 concurrent credits and debits on one account end at the exact balance with a ledger summing to zero', async () => {
    const user = nextUser++;
    await wallet.credit(transfer(user, 10_000, `c0:${user}`));
    const ops = Array.from({ length: 100 }, (_, i) =>
      i % 2 === 0
        ? wallet.credit(transfer(user, 100 + i, `c:${user}:${i}`))
        : wallet.debit({ ...transfer(user, 100 + i, `d:${user}:${i}`), type: 'withdrawal' }),
    );
    await Promise.all(ops);
    const expected =
      10_000 +
      Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? 1 : -1) * (100 + i)).reduce((a, b) => a + b, 0);
    expect(await cash(user)).toBe(expected);
    expect(await wallet.audit(APP)).toEqual({ total: 0, mismatched: [], unbalancedMovements: 0 });
  });

  it('refuses debits that would overdraw, moving nothing, even when they race', async () => {
    const user = nextUser++;
    await wallet.credit(transfer(user, 1_000, `c0:${user}`));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        wallet.debit({ ...transfer(user, 100, `d:${user}:${i}`), type: 'withdrawal' }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        statusCode: 409,
        code: 'insufficient_funds',
      });
    expect(await cash(user)).toBe(0);
    // A refused movement left nothing behind: its key can be used again once money is there.
    await wallet.credit(transfer(user, 100, `top:${user}`));
    const failedKey = `d:${user}:${results.findIndex((r) => r.status === 'rejected')}`;
    const retried = await wallet.debit({ ...transfer(user, 100, failedKey), type: 'withdrawal' });
    expect(retried.replayed).toBe(false);
    expect(await cash(user)).toBe(0);
    expect((await wallet.audit(APP)).total).toBe(0);
  });

  it('a retry with the same idempotency key returns the original movement and moves nothing, even concurrently', async () => {
    const user = nextUser++;
    const first = await wallet.credit(transfer(user, 2_500, `idem:${user}`));
    const again = await wallet.credit(transfer(user, 2_500, `idem:${user}`));
    expect(again.replayed).toBe(true);
    expect(again.movement.id).toBe(first.movement.id);
    const racing = await Promise.all(
      Array.from({ length: 10 }, () => wallet.credit(transfer(user, 700, `race:${user}`))),
    );
    expect(racing.filter((m) => !m.replayed)).toHaveLength(1);
    expect(new Set(racing.map((m) => m.movement.id)).size).toBe(1);
    expect(await cash(user)).toBe(3_200);
    await expect(wallet.credit(transfer(user, 999, `idem:${user}`))).rejects.toMatchObject({
      code: 'idempotency_conflict',
    });
  });

  it('rejects unbalanced, empty or fractional movements', async () => {
    const base = { appId: APP, idempotencyKey: 'bad', type: 'adjustment' as const, userId: 1, currency: TRY };
    await expect(
      wallet.post({
        ...base,
        entries: [
          { account: { kind: 'client_cash', userId: 1 }, amount: 5 as Cents },
          { account: { kind: 'house' }, amount: -4 as Cents },
        ],
      }),
    ).rejects.toMatchObject({ field: 'entries' });
    await expect(
      wallet.post({
        ...base,
        entries: [
          { account: { kind: 'house' }, amount: 0 as Cents },
          { account: { kind: 'house' }, amount: 0 as Cents },
        ],
      }),
    ).rejects.toMatchObject({ field: 'amount' });
    await expect(
      wallet.post({
        ...base,
        entries: [
          { account: { kind: 'client_cash', userId: 1 }, amount: 1.5 as Cents },
          { account: { kind: 'house' }, amount: -1.5 as Cents },
        ],
      }),
    ).rejects.toMatchObject({ field: 'amount' });
    await expect(
      wallet.post({ ...base, entries: [{ account: { kind: 'house' }, amount: 1 as Cents }] }),
    ).rejects.toMatchObject({ field: 'entries' });
  });

  it('moves money inside a caller transaction and rolls back with it', async () => {
    const user = nextUser++;
    await wallet.credit(transfer(user, 1_000, `c0:${user}`));
    await expect(
      database.db.transaction(async (tx) => {
        await wallet.debit({ ...transfer(user, 400, `stake:${user}`), type: 'bet_stake' }, tx);
        throw new Error('bet insert failed');
      }),
    ).rejects.toThrow('bet insert failed');
    expect(await cash(user)).toBe(1_000);
    await database.db.transaction(async (tx) => {
      await wallet.debit({ ...transfer(user, 400, `stake:${user}`), type: 'bet_stake' }, tx);
    });
    expect(await cash(user)).toBe(600);
  });

  it('property: any concurrent mix of credits and debits keeps balance = start + accepted, never negative, ledger at zero', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 5_000 }),
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 3_000 })), { minLength: 1, maxLength: 25 }),
        async (start, ops) => {
          const user = nextUser++;
          if (start > 0) await wallet.credit(transfer(user, start, `p0:${user}`));
          const results = await Promise.allSettled(
            ops.map(([isCredit, amount], i) =>
              isCredit
                ? wallet.credit(transfer(user, amount, `p:${user}:${i}`))
                : wallet.debit({ ...transfer(user, amount, `p:${user}:${i}`), type: 'withdrawal' }),
            ),
          );
          const accepted = ops.reduce(
            (sum, [isCredit, amount], i) =>
              results[i]?.status === 'fulfilled' ? sum + (isCredit ? amount : -amount) : sum,
            0,
          );
          for (const [i, r] of results.entries()) if (ops[i]?.[0]) expect(r.status).toBe('fulfilled');
          const balance = await cash(user);
          expect(balance).toBe(start + accepted);
          expect(balance).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 15 },
    );
    expect(await wallet.audit(APP)).toEqual({ total: 0, mismatched: [], unbalancedMovements: 0 });
  });

  it('keeps a reseller as a contra account: deposits make it negative by the same amount', async () => {
    const user = nextUser++;
    const reseller = nextUser++;
    await wallet.credit({
      ...transfer(user, 5_000, `r:${user}`),
      counterparty: { kind: 'reseller', userId: reseller },
    });
    await wallet.debit({
      ...transfer(user, 1_500, `rw:${user}`),
      type: 'withdrawal',
      counterparty: { kind: 'reseller', userId: reseller },
    });
    expect(await cash(user)).toBe(3_500);
    expect(await wallet.contraBalance(APP, { kind: 'reseller', userId: reseller }, TRY)).toBe(-3_500);
  });
});
