// An in-memory ledger standing in for the wallet repository, for the wallet service's unit tests: the same answers
// as the SQL for the calls the service makes (unique idempotency keys, guarded balances that refuse to go below
// zero, allow-negative contra accounts that keep no balance), no database. Its transactions roll back
// (lib/testing/fake-database.ts); pass `fakeDatabase` other stores to share them (the placement tests).
import { cents } from '@sb/betting';
import { fakeDatabase, type Restorable } from '../../../lib/testing/fake-database';
import type { AccountKey, AccountRow, EntryRow, MovementRow } from '../wallet.repository';
import type { LedgerRepository } from '../wallet.service';

interface Store {
  accounts: AccountRow[];
  movements: MovementRow[];
  entries: EntryRow[];
}

const copy = (store: Store): Store => ({
  accounts: store.accounts.map((a) => ({ ...a })),
  movements: store.movements.map((m) => ({ ...m })),
  entries: store.entries.map((e) => ({ ...e })),
});

export function fakeLedger() {
  let store: Store = { accounts: [], movements: [], entries: [] };
  const sameKey = (a: AccountRow, key: AccountKey) =>
    a.appId === key.appId && a.kind === key.kind && a.ownerId === key.ownerId && a.currency === key.currency;
  const accountById = (id: number) => store.accounts.find((a) => a.id === id) ?? null;
  const sum = (accountId: number) =>
    cents(store.entries.filter((e) => e.accountId === accountId).reduce((s, e) => s + e.amount, 0));

  const repository: LedgerRepository = {
    async findAccount(key) {
      return store.accounts.find((a) => sameKey(a, key)) ?? null;
    },
    async ensureAccount(key) {
      const found = store.accounts.find((a) => sameKey(a, key));
      if (found) return found;
      const allowNegative = key.kind === 'house' || key.kind === 'reseller' || key.kind === 'client_debt';
      const row: AccountRow = { id: store.accounts.length + 1, ...key, balance: cents(0), allowNegative };
      store.accounts.push(row);
      return row;
    },
    async accountsOfOwner(appId, ownerId) {
      return store.accounts.filter(
        (a) =>
          a.appId === appId &&
          a.ownerId === ownerId &&
          (a.kind === 'client_cash' || a.kind === 'client_bonus'),
      );
    },
    async insertMovement(movement) {
      if (
        store.movements.some(
          (m) => m.appId === movement.appId && m.idempotencyKey === movement.idempotencyKey,
        )
      )
        return null;
      const row: MovementRow = {
        id: store.movements.length + 1,
        appId: movement.appId,
        idempotencyKey: movement.idempotencyKey,
        type: movement.type,
        userId: movement.userId ?? null,
        info: movement.info,
        createdAt: movement.createdAt,
      };
      store.movements.push(row);
      return row;
    },
    async findMovement(appId, idempotencyKey) {
      return store.movements.find((m) => m.appId === appId && m.idempotencyKey === idempotencyKey) ?? null;
    },
    async entriesOf(movementId) {
      return store.entries.filter((e) => e.movementId === movementId);
    },
    async entrySum(accountId) {
      return sum(accountId);
    },
    async lockAccount(id) {
      return accountById(id);
    },
    async applyToGuarded(accountId, amount) {
      const account = accountById(accountId);
      if (!account || account.balance + amount < 0) return null;
      account.balance = cents(account.balance + amount);
      return account.balance;
    },
    async lockBalances(ids) {
      return new Map(
        [...ids]
          .sort((a, b) => a - b)
          .flatMap((id) => {
            const account = accountById(id);
            return account ? [[id, account.balance] as const] : [];
          }),
      );
    },
    async writeBatch(movements, balances, entries) {
      const ids = new Map<string, number>();
      for (const movement of movements) {
        const row = await repository.insertMovement(movement);
        if (row) ids.set(`${row.appId}:${row.idempotencyKey}`, row.id);
      }
      for (const [id, balance] of balances) {
        const account = accountById(id);
        if (account) account.balance = balance;
      }
      for (const { appId, idempotencyKey, ...entry } of entries) {
        const movementId = ids.get(`${appId}:${idempotencyKey}`);
        if (movementId !== undefined) await repository.insertEntries([{ ...entry, movementId }]);
      }
      return ids;
    },
    async insertEntries(rows) {
      return rows.map((r) => {
        const row: EntryRow = {
          id: store.entries.length + 1,
          movementId: r.movementId,
          accountId: r.accountId,
          amount: r.amount,
          balanceAfter: r.balanceAfter ?? null,
          createdAt: r.createdAt,
        };
        store.entries.push(row);
        return row;
      });
    },
    async entriesTotal(accountId) {
      return sum(accountId);
    },
    async audit(appId) {
      const accounts = store.accounts.filter((a) => a.appId === appId);
      const ids = new Set(accounts.map((a) => a.id));
      const movements = store.movements.filter((m) => m.appId === appId);
      return {
        total: store.entries.filter((e) => ids.has(e.accountId)).reduce((s, e) => s + e.amount, 0),
        mismatched: accounts.filter((a) => !a.allowNegative && a.balance !== sum(a.id)).map((a) => a.id),
        unbalancedMovements: movements.filter(
          (m) => store.entries.filter((e) => e.movementId === m.id).reduce((s, e) => s + e.amount, 0) !== 0,
        ).length,
      };
    },
  };

  const restorable: Restorable = {
    snapshot: () => {
      const before = copy(store);
      return () => {
        store = before;
      };
    },
  };

  return {
    /** Transactions over the ledger alone. */
    db: fakeDatabase(restorable),
    restorable,
    repository,
    /** The cached balance of an account, found by its key (0 before it exists). */
    balance: (key: AccountKey) => store.accounts.find((a) => sameKey(a, key))?.balance ?? 0,
    /** The sum of an account's entries (a contra account's position). */
    entriesTotal: (key: AccountKey) => {
      const account = store.accounts.find((a) => sameKey(a, key));
      return account ? sum(account.id) : 0;
    },
    movements: () => store.movements.length,
  };
}
