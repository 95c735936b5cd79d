import { cents, DEFAULT_PAYOUT_CAP } from '@sb/betting';
import { describe, expect, it } from 'vitest';
import type { SlipRequest } from '@sb/contract';
import { manualClock } from '../../lib/clock';
import { fakeDatabase } from '../../lib/testing/fake-database';
import { HttpError } from '../../plugins/errors';
import type { UserRow } from '../identity/index';
import { fakeLedger } from '../wallet/testing/fake-ledger';
import { createWalletService } from '../wallet/wallet.service';
import type { BettingDeps } from './betting.deps';
import { createPlacementWriter, type Placement } from './placement.service';
import { fakeBets } from './testing/fake-bets';
import { selectionContext } from './testing/selections';

// Placement on in-memory bets and ledger that roll back together (lib/testing/fake-database.ts), with the real
// wallet service on top: what is written and debited, and what a refusal leaves behind. The same paths under real
// concurrency, on PostgreSQL and PGlite, are proved by test/betting-batch.test.ts and betting-concurrency.test.ts.

const client = (id: number) =>
  ({ id, appId: 1, currencyIso: 'TRY', oddsChange: 'none' }) as unknown as UserRow;

/** A single on event `eventId` at the odd the client saw, `amount` minor units. */
function single(userId: number, eventId: number, amount: number, key: string, odd = 2): Placement {
  const request: SlipRequest = {
    walletType: 'cash',
    type: 1,
    amount,
    systems: [],
    confirmationType: 1,
    bets: [{ eventId, oddId: eventId * 10 + 1, odd, banker: false, isLive: false }],
  };
  return { user: client(userId), request, key, hash: `hash-${key}` };
}

function book(options: { batching?: boolean; withRules?: number[]; suspended?: number[] } = {}) {
  const bets = fakeBets();
  const ledger = fakeLedger();
  const db = fakeDatabase(bets.restorable, ledger.restorable);
  const clock = manualClock();
  const wallet = createWalletService({ db, clock, repository: () => ledger.repository });
  const selections = (ids: number[]) =>
    new Map(
      ids.map((id) => {
        const eventId = (id - 1) / 10;
        const state = options.suspended?.includes(eventId) ? 'suspended' : 'ok';
        return [id, selectionContext(eventId, { state })];
      }),
    );
  const refused = new Set(options.withRules ?? []);
  const writer = createPlacementWriter({
    db,
    clock,
    wallet,
    sports: { selections: async (ids: number[]) => selections(ids) } as unknown as BettingDeps['sports'],
    // A client with a rule (a limit reached) is refused after the debit, in its transaction, as the limits do.
    assertCanStake: async (userId) => {
      if (refused.has(userId)) throw new HttpError(403, 'limit_reached', 'the stake limit is reached');
    },
    liveDelayMs: 5_000,
    clientsWithRules: async (ids) => new Set(ids.filter((id) => refused.has(id))),
    batching: options.batching ? { lanes: 1, windowMs: 5, maxBatch: 64 } : false,
    selectionsFor: async (_client, ids) => ({ selections: selections(ids), stakeFactor: 1 }),
    policyOf: () => 'none',
    thresholdsOf: () => ({ stake: null, payout: null }),
    capOf: () => DEFAULT_PAYOUT_CAP,
    repository: () => bets.repository,
  });
  const deposit = (userId: number, amount: number) =>
    wallet.credit({
      appId: 1,
      userId,
      currency: 'TRY',
      amount: cents(amount),
      type: 'deposit',
      idempotencyKey: `deposit-${userId}-${amount}`,
    });
  const cash = (userId: number) =>
    ledger.balance({ appId: 1, kind: 'client_cash', ownerId: userId, currency: 'TRY' });
  return { bets, ledger, wallet, writer, deposit, cash };
}

const codeOf = (result: PromiseSettledResult<unknown>) =>
  result.status === 'fulfilled' ? 'placed' : ((result.reason as HttpError).code ?? 'error');

describe('placement', () => {
  it('writes the bet at the accepted odds and debits its stake in the same transaction', async () => {
    const { bets, writer, deposit, cash, wallet } = book();
    await deposit(1, 5_000);
    const placed = await writer.write(single(1, 3, 1_250, 'k1'));
    expect(placed.bet).toMatchObject({
      userId: 1,
      totalStake: 1_250,
      status: 'waiting',
      idempotencyKey: 'k1',
    });
    expect(placed.legs?.map((l) => [l.selectionId, l.oddsThousandths])).toEqual([[31, 2_000]]);
    expect(bets.all()).toHaveLength(1);
    expect(cash(1)).toBe(3_750);
    expect(await wallet.audit(1)).toEqual({ total: 0, mismatched: [], unbalancedMovements: 0 });
  });

  it('refuses a suspended selection with the bet error: no bet, no debit', async () => {
    const { bets, writer, deposit, cash } = book({ suspended: [3] });
    await deposit(1, 5_000);
    const error = await writer.write(single(1, 3, 1_000, 'k1')).catch((e: HttpError) => e);
    expect(error).toMatchObject({ statusCode: 400, code: 'bet_error' });
    expect(bets.all()).toHaveLength(0);
    expect(cash(1)).toBe(5_000);
  });

  it('rolls the written bet back when the balance cannot cover its stake', async () => {
    const { bets, ledger, writer, deposit, cash } = book();
    await deposit(1, 999);
    const error = await writer.write(single(1, 3, 1_000, 'k1')).catch((e: HttpError) => e);
    expect(error).toMatchObject({ statusCode: 409, code: 'insufficient_funds' });
    expect(bets.all()).toHaveLength(0);
    expect(cash(1)).toBe(999);
    expect(ledger.movements()).toBe(1);
  });

  it("rolls back the bet and its stake when the client's limits refuse it after the debit", async () => {
    const { bets, writer, deposit, cash } = book({ withRules: [1] });
    await deposit(1, 5_000);
    const error = await writer.write(single(1, 3, 1_000, 'k1')).catch((e: HttpError) => e);
    expect(error).toMatchObject({ statusCode: 403, code: 'limit_reached' });
    expect(bets.all()).toHaveLength(0);
    expect(cash(1)).toBe(5_000);
  });

  it('answers a retried key with the first bet and debits once', async () => {
    const { bets, writer, deposit, cash } = book();
    await deposit(1, 5_000);
    const first = await writer.write(single(1, 3, 1_000, 'k1'));
    const again = await writer.write(single(1, 3, 1_000, 'k1'));
    expect(again.bet.id).toBe(first.bet.id);
    expect(bets.all()).toHaveLength(1);
    expect(cash(1)).toBe(4_000);
  });

  it('group-commits a burst in one batch; a short balance fails alone and a client with rules is placed alone', async () => {
    const { bets, writer, deposit, cash, wallet } = book({ batching: true, withRules: [4] });
    await deposit(1, 5_000);
    await deposit(2, 500);
    await deposit(3, 5_000);
    await deposit(4, 5_000);
    const results = await Promise.allSettled([
      writer.write(single(1, 3, 1_000, 'a')),
      writer.write(single(2, 3, 1_000, 'b')),
      writer.write(single(3, 4, 2_000, 'c')),
      writer.write(single(4, 3, 1_000, 'd')),
      writer.write(single(1, 5, 500, 'e')),
    ]);
    expect(results.map(codeOf)).toEqual([
      'placed',
      'insufficient_funds',
      'placed',
      'limit_reached',
      'placed',
    ]);
    expect(writer.stats()).toMatchObject({ batches: 1, items: 5, failed: 0 });
    expect(
      bets
        .all()
        .map((b) => b.idempotencyKey)
        .sort(),
    ).toEqual(['a', 'c', 'e']);
    expect([cash(1), cash(2), cash(3), cash(4)]).toEqual([3_500, 500, 3_000, 5_000]);
    expect(await wallet.audit(1)).toEqual({ total: 0, mismatched: [], unbalancedMovements: 0 });
  });

  it('places one bet for two placements of one key in one batch, both answered with it', async () => {
    const { bets, writer, deposit, cash } = book({ batching: true });
    await deposit(1, 5_000);
    const [one, two] = await Promise.all([
      writer.write(single(1, 3, 1_000, 'same')),
      writer.write(single(1, 3, 1_000, 'same')),
    ]);
    expect(one.bet.id).toBe(two.bet.id);
    expect(bets.all()).toHaveLength(1);
    expect(cash(1)).toBe(4_000);
  });
});
