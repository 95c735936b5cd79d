import { describe, expect, it } from 'vitest';
import { cents, type Cents } from '@sb/betting';
import { manualClock } from '../../lib/clock';
import { HttpError } from '../../plugins/errors';
import { fakeLedger } from './testing/fake-ledger';
import { createWalletService, type ClientTransfer, type MovementInput } from './wallet.service';

// The wallet's rules on an in-memory ledger (testing/fake-ledger.ts); the same rules under concurrency, on
// PostgreSQL and PGlite, are proved by test/ledger.test.ts and the betting random-operations test.
function wallet() {
  const ledger = fakeLedger();
  const service = createWalletService({
    db: ledger.db,
    clock: manualClock(),
    repository: () => ledger.repository,
  });
  const cash = (userId: number) =>
    ledger.balance({ appId: 1, kind: 'client_cash', ownerId: userId, currency: 'TRY' });
  const debt = (userId: number) =>
    ledger.entriesTotal({ appId: 1, kind: 'client_debt', ownerId: userId, currency: 'TRY' });
  const house = () => ledger.entriesTotal({ appId: 1, kind: 'house', ownerId: 0, currency: 'TRY' });
  return { ledger, service, cash, debt, house };
}

/** A deposit of 100.00 to client 7, with `patch` over it (`amount` in minor units). */
const transfer = ({
  amount = 10_000,
  ...patch
}: Partial<Omit<ClientTransfer, 'amount'>> & { amount?: number } = {}): ClientTransfer => ({
  appId: 1,
  userId: 7,
  currency: 'TRY',
  amount: cents(amount),
  type: 'deposit',
  idempotencyKey: 'deposit-1',
  ...patch,
});

const fieldOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
};

describe('wallet service', () => {
  it('moves money between a client and the house, the two sides summing to zero', async () => {
    const { service, cash, house, ledger } = wallet();
    await service.credit(transfer());
    await service.debit(transfer({ type: 'bet_stake', amount: 2_550, idempotencyKey: 'stake-1' }));
    expect(cash(7)).toBe(7_450);
    expect(house()).toBe(-7_450);
    expect(await service.balances({ id: 7, appId: 1, currencyIso: 'TRY' })).toEqual({
      cash: 7_450,
      bonus: 0,
    });
    expect(await service.audit(1)).toEqual({ total: 0, mismatched: [], unbalancedMovements: 0 });
    expect(ledger.movements()).toBe(2);
  });

  it('refuses a debit the cash cannot cover and moves nothing, not even the movement row', async () => {
    const { service, cash, ledger } = wallet();
    await service.credit(transfer({ amount: 1_000 }));
    const error = await fieldOf(
      service.debit(transfer({ type: 'bet_stake', amount: 1_001, idempotencyKey: 'stake-1' })),
    );
    expect(error.code).toBe('insufficient_funds');
    expect(cash(7)).toBe(1_000);
    expect(ledger.movements()).toBe(1);
    // The same key can be used once the money is there: nothing of the refused attempt was kept.
    await service.credit(transfer({ amount: 1, idempotencyKey: 'deposit-2' }));
    await service.debit(transfer({ type: 'bet_stake', amount: 1_001, idempotencyKey: 'stake-1' }));
    expect(cash(7)).toBe(0);
  });

  it('answers a retried key with the first movement and moves nothing again', async () => {
    const { service, cash } = wallet();
    const first = await service.credit(transfer());
    const again = await service.credit(transfer());
    expect(again.replayed).toBe(true);
    expect(again.movement.id).toBe(first.movement.id);
    expect(cash(7)).toBe(10_000);
  });

  it('refuses a key reused for a different movement (409) and moves nothing', async () => {
    const { service, cash } = wallet();
    await service.credit(transfer());
    const error = await fieldOf(service.credit(transfer({ amount: 10_001 })));
    expect(error.statusCode).toBe(409);
    expect(error.code).toBe('idempotency_conflict');
    expect(cash(7)).toBe(10_000);
  });

  it.each([
    ['entries that do not sum to zero', [5, -4], 'entries'],
    ['a fractional amount', [0.5, -0.5], 'amount'],
    ['a zero amount', [0, 0], 'amount'],
    ['one entry', [5], 'entries'],
  ])('refuses %s with a 400 naming the field', async (_, amounts, field) => {
    const { service, ledger } = wallet();
    const input: MovementInput = {
      appId: 1,
      idempotencyKey: 'k',
      type: 'adjustment',
      userId: 7,
      currency: 'TRY',
      // Branded unchecked: the point is what the service does with amounts that are not minor units.
      entries: amounts.map((amount, i) => ({
        account: i === 0 ? { kind: 'client_cash', userId: 7 } : { kind: 'house' },
        amount: amount as Cents,
      })),
    };
    const error = await fieldOf(service.post(input));
    expect(error.statusCode).toBe(400);
    expect(error.field).toBe(field);
    expect(ledger.movements()).toBe(0);
  });

  it('posts a batch in turn against running balances: the one that would overdraw fails alone', async () => {
    const { service, cash, ledger } = wallet();
    await service.credit(transfer({ amount: 1_000 }));
    await service.credit(transfer({ userId: 8, amount: 500, idempotencyKey: 'deposit-8' }));
    const stake = (userId: number, amount: number, key: string) =>
      transfer({ userId, amount, type: 'bet_stake', idempotencyKey: key });
    const answers = await ledger.db.transaction((tx) =>
      service.debitMany(
        [stake(7, 600, 'a'), stake(7, 600, 'b'), stake(8, 500, 'c'), stake(7, 400, 'd'), stake(7, 0, 'e')],
        tx,
      ),
    );
    expect(answers.map((a) => (a instanceof HttpError ? a.code : 'posted'))).toEqual([
      'posted',
      'insufficient_funds',
      'posted',
      'posted',
      'validation',
    ]);
    expect(cash(7)).toBe(0);
    expect(cash(8)).toBe(0);
    expect(await service.audit(1)).toEqual({ total: 0, mismatched: [], unbalancedMovements: 0 });
  });

  it('takes a paid win back from cash first and books the rest as debt, once per key', async () => {
    const { service, cash, debt, house, ledger } = wallet();
    await service.credit(transfer({ amount: 300 }));
    const back = transfer({ amount: 1_000, type: 'adjustment', idempotencyKey: 'resettle-1' });
    const taken = await ledger.db.transaction((tx) => service.clawback(back, tx));
    expect(taken).toEqual({ taken: 300, debt: 700 });
    expect(cash(7)).toBe(0);
    expect(debt(7)).toBe(-700);
    const again = await ledger.db.transaction((tx) => service.clawback(back, tx));
    expect(again).toEqual({ taken: 300, debt: 700 });
    expect(house()).toBe(700);
    expect(await service.audit(1)).toEqual({ total: 0, mismatched: [], unbalancedMovements: 0 });
  });

  it('lets a deposit or a win repay the debt before it reaches the cash; a refund does not', async () => {
    const { service, cash, debt, ledger } = wallet();
    const back = transfer({ amount: 700, type: 'adjustment', idempotencyKey: 'resettle-1' });
    await ledger.db.transaction((tx) => service.clawback(back, tx));
    expect(debt(7)).toBe(-700);
    await service.credit(transfer({ amount: 500, type: 'bet_refund', idempotencyKey: 'refund-1' }));
    expect([cash(7), debt(7)]).toEqual([500, -700]);
    await service.credit(transfer({ amount: 1_000, type: 'bet_payout', idempotencyKey: 'win-1' }));
    expect([cash(7), debt(7)]).toEqual([800, 0]);
    // A retry of the win repays nothing twice.
    await service.credit(transfer({ amount: 1_000, type: 'bet_payout', idempotencyKey: 'win-1' }));
    expect([cash(7), debt(7)]).toEqual([800, 0]);
    expect(await service.audit(1)).toEqual({ total: 0, mismatched: [], unbalancedMovements: 0 });
  });

  it('refuses a transfer of a fraction of a minor unit with a 400 naming the amount, moving nothing', async () => {
    const { service, ledger } = wallet();
    const error = await fieldOf(service.credit({ ...transfer(), amount: 10.5 as Cents }));
    expect([error.statusCode, error.field]).toEqual([400, 'amount']);
    expect(ledger.movements()).toBe(0);
  });

  it("keeps a reseller's position as the sum of its entries", async () => {
    const { service, cash } = wallet();
    await service.credit(transfer({ counterparty: { kind: 'reseller', userId: 3 }, idempotencyKey: 'r-1' }));
    expect(cash(7)).toBe(10_000);
    expect(await service.contraBalance(1, { kind: 'reseller', userId: 3 }, 'TRY')).toBe(-10_000);
  });
});
