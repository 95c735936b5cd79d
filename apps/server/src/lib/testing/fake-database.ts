// The transactions of the in-memory fakes the money services' unit tests use (the bets store, the ledger): a
// transaction runs its callback on the stores as they are and, when the callback throws, puts every store back as
// it was when the transaction began, as a rollback does. Nested transactions are one transaction (the services
// hand theirs down). Calls are serial, so the row locks have nothing to wait for.
import type { Db, DbOrTx } from '../../db/database';

/** A store that can be put back: `snapshot()` answers the function that restores it. */
export interface Restorable {
  snapshot(): () => void;
}

export function fakeDatabase(...stores: Restorable[]): Db {
  let depth = 0;
  const db = {
    async transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
      const restore = depth === 0 ? stores.map((s) => s.snapshot()) : [];
      depth++;
      try {
        return await fn(db as unknown as DbOrTx);
      } catch (error) {
        for (const undo of restore) undo();
        throw error;
      } finally {
        depth--;
      }
    },
  };
  return db as unknown as Db;
}
