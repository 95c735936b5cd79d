// Issue 38 item 7: the in-memory repositories the money services' unit tests use (wallet/testing/fake-ledger.ts,
// betting/testing/fake-bets.ts) answer as the SQL does. One suite per repository runs, call for call, against the
// SQL on a migrated PGlite database and against the fake, so a fake cannot drift from the SQL unseen: a change of
// either that the other does not follow fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents, type Cents } from '@sb/betting';
import type { DbOrTx } from '../src/db/database';
import { isUniqueViolation } from '../src/lib/db-errors';
import { createBettingRepository, type NewBet } from '../src/modules/betting/betting.repository';
import { betRow, fakeBets, legRows, type FakeBetsRepository } from '../src/modules/betting/testing/fake-bets';
import type { AccountKey } from '../src/modules/wallet/wallet.repository';
import { createWalletRepository } from '../src/modules/wallet/wallet.repository';
import type { LedgerRepository } from '../src/modules/wallet/wallet.service';
import { fakeLedger } from '../src/modules/wallet/testing/fake-ledger';
import { createTestDatabase } from './support/databases';

/** A repository's calls inside one transaction (committed unless `fn` throws), and the store's end. */
interface Subject<R> {
  run<T>(fn: (repo: R) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

interface Implementation<R> {
  name: string;
  open(): Promise<Subject<R>>;
}

/** The SQL on a fresh migrated PGlite database. */
function onPglite<R>(make: (db: DbOrTx) => R): Implementation<R>['open'] {
  return async () => {
    const database = await createTestDatabase('pglite');
    return {
      run: (fn) => database.db.transaction((tx) => fn(make(tx))),
      close: () => database.close(),
    };
  };
}

function contract<R>(
  title: string,
  implementations: Implementation<R>[],
  cases: (s: () => Subject<R>) => void,
) {
  for (const implementation of implementations)
    describe(`${title}: ${implementation.name}`, () => {
      let subject: Subject<R>;
      beforeAll(async () => {
        subject = await implementation.open();
      });
      afterAll(() => subject.close());
      cases(() => subject);
    });
}

// Each case takes brands, clients and selections of its own: the cases share one store per implementation.
let serial = 1_000;
const fresh = () => ++serial;
const T0 = Date.UTC(2026, 10, 29, 12);
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const movement = (appId: number, idempotencyKey: string) => ({
  appId,
  idempotencyKey,
  type: 'adjustment' as const,
  userId: null,
  info: { key: 'test' },
  createdAt: at(0),
});
const entry = (movementId: number, accountId: number, amount: number) => ({
  movementId,
  accountId,
  amount: cents(amount),
  balanceAfter: null,
  createdAt: at(0),
});

contract<LedgerRepository>(
  'ledger repository contract',
  [
    { name: 'SQL (PGlite)', open: onPglite(createWalletRepository) },
    {
      name: 'fake',
      open: async () => {
        const ledger = fakeLedger();
        return { run: (fn) => ledger.db.transaction(() => fn(ledger.repository)), close: async () => {} };
      },
    },
  ],
  (subject) => {
    const key = (appId: number, kind: AccountKey['kind'], ownerId = 1, currency = 'TRY'): AccountKey => ({
      appId,
      kind,
      ownerId,
      currency,
    });

    it('creates an account once per key; only the house, a reseller and a debt may go negative', async () => {
      const app = fresh();
      await subject().run(async (repo) => {
        expect(await repo.findAccount(key(app, 'client_cash'))).toBeNull();
        const cash = await repo.ensureAccount(key(app, 'client_cash'));
        expect(cash).toMatchObject({ ...key(app, 'client_cash'), balance: 0, allowNegative: false });
        expect((await repo.ensureAccount(key(app, 'client_cash'))).id).toBe(cash.id);
        expect((await repo.findAccount(key(app, 'client_cash')))?.id).toBe(cash.id);
        expect((await repo.ensureAccount(key(app, 'client_cash', 1, 'EUR'))).id).not.toBe(cash.id);
        const negative = async (kind: AccountKey['kind']) =>
          (await repo.ensureAccount(key(app, kind, 7))).allowNegative;
        expect(await negative('house')).toBe(true);
        expect(await negative('reseller')).toBe(true);
        expect(await negative('client_debt')).toBe(true);
        expect(await negative('client_bonus')).toBe(false);
      });
    });

    it("lists a client's cash and bonus accounts only, of that brand and owner", async () => {
      const app = fresh();
      await subject().run(async (repo) => {
        const mine = [
          await repo.ensureAccount(key(app, 'client_cash', 5)),
          await repo.ensureAccount(key(app, 'client_bonus', 5)),
          await repo.ensureAccount(key(app, 'client_cash', 5, 'EUR')),
        ];
        await repo.ensureAccount(key(app, 'client_debt', 5));
        await repo.ensureAccount(key(app, 'client_cash', 6));
        await repo.ensureAccount(key(fresh(), 'client_cash', 5));
        const listed = await repo.accountsOfOwner(app, 5);
        expect(listed.map((a) => a.id).sort((a, b) => a - b)).toEqual(
          mine.map((a) => a.id).sort((a, b) => a - b),
        );
      });
    });

    it('keeps a movement once per brand and key', async () => {
      const [app, other] = [fresh(), fresh()];
      await subject().run(async (repo) => {
        const first = await repo.insertMovement(movement(app, 'k'));
        expect(first).toMatchObject({
          appId: app,
          idempotencyKey: 'k',
          type: 'adjustment',
          info: { key: 'test' },
        });
        expect(await repo.insertMovement({ ...movement(app, 'k'), type: 'deposit' })).toBeNull();
        expect(await repo.insertMovement(movement(other, 'k'))).not.toBeNull();
        expect((await repo.findMovement(app, 'k'))?.id).toBe(first!.id);
        expect((await repo.findMovement(app, 'k'))?.type).toBe('adjustment');
        expect(await repo.findMovement(app, 'none')).toBeNull();
      });
    });

    it('never takes a guarded balance below zero', async () => {
      const app = fresh();
      await subject().run(async (repo) => {
        const cash = await repo.ensureAccount(key(app, 'client_cash'));
        expect(await repo.applyToGuarded(cash.id, cents(500))).toBe(500);
        expect(await repo.applyToGuarded(cash.id, cents(-501))).toBeNull();
        expect((await repo.lockAccount(cash.id))?.balance).toBe(500);
        expect(await repo.applyToGuarded(cash.id, cents(-500))).toBe(0);
        expect(await repo.lockAccount(999_999_999)).toBeNull();
      });
    });

    it('sums entries per account and audits a brand: total, balances off their entries, unbalanced movements', async () => {
      const app = fresh();
      await subject().run(async (repo) => {
        const cash = await repo.ensureAccount(key(app, 'client_cash'));
        const house = await repo.ensureAccount(key(app, 'house', 0));
        const m = (await repo.insertMovement(movement(app, 'deposit')))!;
        await repo.insertEntries([entry(m.id, cash.id, 300), entry(m.id, house.id, -300)]);
        expect((await repo.entriesOf(m.id)).map((e) => [e.accountId, e.amount])).toEqual([
          [cash.id, 300],
          [house.id, -300],
        ]);
        expect(await repo.entrySum(cash.id)).toBe(300);
        expect(await repo.entriesTotal(house.id)).toBe(-300);
        expect(await repo.entriesTotal(999_999_999)).toBe(0);
        // The cash row's balance was not moved with its entry: the audit names it; the house keeps no balance.
        expect(await repo.audit(app)).toEqual({ total: 0, mismatched: [cash.id], unbalancedMovements: 0 });
        await repo.applyToGuarded(cash.id, cents(300));
        expect(await repo.audit(app)).toEqual({ total: 0, mismatched: [], unbalancedMovements: 0 });
        const lopsided = (await repo.insertMovement(movement(app, 'lopsided')))!;
        await repo.insertEntries([entry(lopsided.id, house.id, 5)]);
        expect(await repo.audit(app)).toEqual({ total: 5, mismatched: [], unbalancedMovements: 1 });
      });
    });

    it('locks the balances of the accounts that exist, in id order', async () => {
      const app = fresh();
      await subject().run(async (repo) => {
        const a = await repo.ensureAccount(key(app, 'client_cash'));
        const b = await repo.ensureAccount(key(app, 'client_bonus'));
        await repo.applyToGuarded(b.id, cents(42));
        const locked = await repo.lockBalances([b.id, 999_999_999, a.id]);
        expect([...locked]).toEqual([
          [a.id, 0],
          [b.id, 42],
        ]);
        expect((await repo.lockBalances([])).size).toBe(0);
      });
    });

    it('writes a batch: new movements with their entries and the balances; a key posted before is left out', async () => {
      const app = fresh();
      await subject().run(async (repo) => {
        const cash = await repo.ensureAccount(key(app, 'client_cash'));
        const house = await repo.ensureAccount(key(app, 'house', 0));
        const before = (await repo.insertMovement(movement(app, 'k1')))!;
        await repo.lockBalances([cash.id]);
        const line = (idempotencyKey: string, accountId: number, amount: number) => ({
          appId: app,
          idempotencyKey,
          accountId,
          amount: cents(amount),
          balanceAfter: null,
          createdAt: at(0),
        });
        const ids = await repo.writeBatch(
          [movement(app, 'k1'), movement(app, 'k2')],
          new Map<number, Cents>([[cash.id, cents(700)]]),
          [line('k1', cash.id, 111), line('k2', cash.id, 700), line('k2', house.id, -700)],
        );
        expect([...ids.keys()]).toEqual([`${app}:k2`]);
        expect((await repo.entriesOf(ids.get(`${app}:k2`)!)).map((e) => e.amount)).toEqual([700, -700]);
        expect(await repo.entriesOf(before.id)).toEqual([]);
        expect((await repo.lockAccount(cash.id))?.balance).toBe(700);
        expect((await repo.writeBatch([], new Map(), [])).size).toBe(0);
      });
    });
  },
);

contract<FakeBetsRepository>(
  'bets repository contract',
  [
    { name: 'SQL (PGlite)', open: onPglite(createBettingRepository) },
    {
      name: 'fake',
      open: async () => {
        const store = fakeBets();
        return { run: (fn) => store.db.transaction(() => fn(store.repository)), close: async () => {} };
      },
    },
  ],
  (subject) => {
    /** A waiting single of `userId` under `key`, placed at T0 (fields as placement writes them). */
    const newBet = (userId: number, key: string, patch: Partial<NewBet> = {}): NewBet => {
      const { id: _id, ...bet } = betRow(0, { userId, idempotencyKey: key, createdAt: at(0), ...patch });
      return bet;
    };
    const legs = (selections: number[]) =>
      legRows(
        0,
        selections,
        selections.map(() => 2),
      ).map(({ betId: _b, ...l }) => l);
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

    it('keeps one bet per client and key: a repeat is a unique violation, another client may use the key', async () => {
      const [client, other, sel] = [fresh(), fresh(), fresh()];
      await subject().run(async (repo) => {
        const bet = await repo.insertBet(newBet(client, 'k'), legs([sel]));
        expect(bet).toMatchObject({
          userId: client,
          idempotencyKey: 'k',
          status: 'waiting',
          totalStake: 1_000,
        });
        expect((await repo.byKey(client, 'k'))?.id).toBe(bet.id);
        expect(await repo.byKey(client, 'other')).toBeNull();
        expect((await repo.insertBet(newBet(other, 'k'), legs([sel]))).id).not.toBe(bet.id);
      });
      const repeat = await subject()
        .run((repo) => repo.insertBet(newBet(client, 'k'), legs([sel])))
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(isUniqueViolation(repeat)).toBe(true);
    });

    it('inserts a batch, leaving out a key used before and the repeat of a key within the batch', async () => {
      const [client, s1, s2, s3, s4] = [fresh(), fresh(), fresh(), fresh(), fresh()];
      await subject().run(async (repo) => {
        await repo.insertBet(newBet(client, 'used'), legs([s1]));
        const rows = await repo.insertBetsWithLegs([
          { bet: newBet(client, 'used'), legs: legs([s2]) },
          { bet: newBet(client, 'a'), legs: legs([s2, s3]) },
          { bet: newBet(client, 'a'), legs: legs([s4]) },
          { bet: newBet(client, 'b'), legs: legs([s4]) },
        ]);
        expect(rows.map((r) => r.idempotencyKey).sort()).toEqual(['a', 'b']);
        const a = rows.find((r) => r.idempotencyKey === 'a')!;
        expect(a).toMatchObject({ userId: client, status: 'waiting', stakePerBet: 1_000, combinations: 1 });
        const stored = await repo.legsOf(rows.map((r) => r.id));
        expect(stored.filter((l) => l.betId === a.id).map((l) => l.selectionId)).toEqual([s2, s3]);
        expect(stored.map((l) => l.selectionId).sort((x, y) => x - y)).toEqual(sorted([s2, s3, s4]));
        expect(await repo.insertBetsWithLegs([])).toEqual([]);
      });
    });

    it('moves a bet only from the states named, and updates and deletes it', async () => {
      const [client, sel] = [fresh(), fresh()];
      await subject().run(async (repo) => {
        const bet = await repo.insertBet(newBet(client, 'k'), legs([sel]));
        expect(await repo.transition(bet.id, ['win', 'loss'], { status: 'refund' })).toBe(false);
        expect(await repo.transition(bet.id, ['waiting'], { status: 'win', settledAt: at(60) })).toBe(true);
        expect(await repo.lock(bet.id)).toMatchObject({ status: 'win', settledAt: at(60) });
        expect(await repo.transition(999_999_999, ['win'], { status: 'loss' })).toBe(false);
        expect(await repo.byId(999_999_999)).toBeNull();
        expect(await repo.lock(999_999_999)).toBeNull();
        await repo.update(bet.id, { paid: cents(2_000) });
        expect((await repo.byId(bet.id))?.paid).toBe(2_000);
        await repo.deleteBets([bet.id]);
        expect(await repo.byId(bet.id)).toBeNull();
        expect(await repo.legsOf([bet.id])).toEqual([]);
        await repo.deleteBets([]);
      });
    });

    it('answers legs by bet and index; a leg result set alone; open and matching selections', async () => {
      const [client, s1, s2, s3, s4] = [fresh(), fresh(), fresh(), fresh(), fresh()];
      await subject().run(async (repo) => {
        const one = await repo.insertBet(newBet(client, 'one'), legs([s1, s2, s3]));
        const two = await repo.insertBet(newBet(client, 'two'), legs([s4, s1]));
        const both = await repo.legsOf([two.id, one.id]);
        expect(both.map((l) => [l.betId, l.idx])).toEqual([
          [one.id, 0],
          [one.id, 1],
          [one.id, 2],
          [two.id, 0],
          [two.id, 1],
        ]);
        expect(await repo.legsOf([])).toEqual([]);
        await repo.setLegResult(one.id, 1, 'win');
        expect((await repo.legsOf([one.id])).map((l) => l.result)).toEqual([null, 'win', null]);
        const open = await repo.openLegSelections();
        expect(open).toEqual(expect.arrayContaining([s1, s3, s4]));
        expect(open).not.toContain(s2);
        expect(await repo.betsWithSelections([s1], ['waiting'])).toEqual(sorted([one.id, two.id]));
        expect(await repo.betsWithSelections([s1, s4], ['win', 'loss'])).toEqual([]);
        expect(await repo.betsWithSelections([], ['waiting'])).toEqual([]);
        await repo.transition(two.id, ['waiting'], { status: 'loss', settledAt: at(10) });
        expect(await repo.openLegSelections()).not.toContain(s4);
        expect(await repo.betsWithSelections([s4], ['loss'])).toEqual([two.id]);
      });
    });

    it('finds settled legs since a time and the bets whose recorded results differ from the current ones', async () => {
      const [client, s1, s2] = [fresh(), fresh(), fresh()];
      await subject().run(async (repo) => {
        const bet = await repo.insertBet(newBet(client, 'k'), legs([s1, s2]));
        await repo.setLegResult(bet.id, 0, 'win');
        const waiting = await repo.settledLegSelections(at(-3600));
        expect(waiting).not.toContain(s1);
        await repo.transition(bet.id, ['waiting'], { status: 'win', settledAt: at(100) });
        expect(await repo.settledLegSelections(at(100))).toEqual(expect.arrayContaining([s1, s2]));
        expect(await repo.settledLegSelections(at(101))).not.toContain(s1);
        expect(await repo.betsWithChangedResults(at(0), [[s1, 'loss']])).toEqual([bet.id]);
        expect(await repo.betsWithChangedResults(at(0), [[s1, 'win']])).toEqual([]);
        // Null is a result too: a leg recorded won whose selection is undecided again, and an undecided one.
        expect(await repo.betsWithChangedResults(at(0), [[s1, null]])).toEqual([bet.id]);
        expect(await repo.betsWithChangedResults(at(0), [[s2, null]])).toEqual([]);
        expect(await repo.betsWithChangedResults(at(101), [[s1, 'loss']])).toEqual([]);
        expect(await repo.betsWithChangedResults(at(0), [])).toEqual([]);
      });
    });

    it('numbers a referral from its insert on, moves it only from the states named and lists the due ones soonest first', async () => {
      const [client, sel] = [fresh(), fresh()];
      await subject().run(async (repo) => {
        const referred = (key: string, due: number) =>
          repo.insertBet(newBet(client, key, { referral: 'open', referralDueAt: at(due) }), legs([sel]));
        const late = await referred('late', 10);
        const soon = await referred('soon', 5);
        expect(late.referralSeq).not.toBeNull();
        expect(soon.referralSeq!).toBeGreaterThan(late.referralSeq!);
        expect((await repo.insertBet(newBet(client, 'plain'), legs([sel]))).referralSeq).toBeNull();
        expect(await repo.referralTransition(late.id, ['offered'], { referral: 'accepted' })).toBe(false);
        expect(
          await repo.referralTransition(late.id, ['open'], { referral: 'offered', offerStake: cents(500) }),
        ).toBe(true);
        const moved = (await repo.byId(late.id))!;
        expect(moved).toMatchObject({ referral: 'offered', offerStake: 500 });
        expect(moved.referralSeq!).toBeGreaterThan(soon.referralSeq!);
        const ours = (ids: number[]) => ids.filter((id) => id === late.id || id === soon.id);
        expect(ours(await repo.dueReferrals(at(20), 1_000))).toEqual([soon.id, late.id]);
        expect(ours(await repo.dueReferrals(at(7), 1_000))).toEqual([soon.id]);
        await repo.referralTransition(soon.id, ['open'], { referral: 'rejected' });
        expect(ours(await repo.dueReferrals(at(20), 1_000))).toEqual([late.id]);
      });
    });
  },
);
