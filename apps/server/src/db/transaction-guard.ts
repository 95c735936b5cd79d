import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What happens to a query sent on the database's own handle (`db`, not the transaction's `tx`) from inside a
 * transaction's callback: `throw` refuses it, `log` reports it and lets it run, `off` does nothing.
 *
 * On PGlite such a query waits for the transaction to end (one connection: every query runs after the open
 * transaction) while the transaction waits for the query: the server's database stops for good, and every page
 * and call after it hangs. On PostgreSQL it takes a second connection of the pool and reads what the transaction
 * has not committed yet as missing; under load, callbacks each holding a connection and waiting for another empty
 * the pool the same way. Either way the query belongs on `tx`.
 */
export type TransactionGuardMode = 'throw' | 'log' | 'off';

interface OpenTransaction {
  open: boolean;
}

const current = new AsyncLocalStorage<OpenTransaction>();

export class QueryOutsideTransactionError extends Error {
  constructor(what: string) {
    super(
      `${what} on the database's own handle inside a transaction's callback: it would wait for the transaction ` +
        'that waits for it (send it on the transaction, or after it)',
    );
    this.name = 'QueryOutsideTransactionError';
  }
}

/** Runs a transaction's callback marked as inside it, until the callback settles. */
export function insideTransaction<T>(callback: () => Promise<T>): Promise<T> {
  const mark: OpenTransaction = { open: true };
  return current.run(mark, async () => {
    try {
      return await callback();
    } finally {
      mark.open = false;
    }
  });
}

/** Whether the running code is a transaction's callback that has not settled (work it started and left counts). */
function inOpenTransaction(): boolean {
  return current.getStore()?.open === true;
}

/**
 * A check for a query on the database's own handle: refuses or reports it inside an open transaction's callback,
 * per `mode`; `report` gets the error (with the caller's stack) in `log` mode.
 */
export function outsideTransactionCheck(
  mode: TransactionGuardMode,
  report: (error: QueryOutsideTransactionError) => void,
): (what: string) => void {
  return (what) => {
    if (mode === 'off' || !inOpenTransaction()) return;
    const error = new QueryOutsideTransactionError(what);
    if (mode === 'throw') throw error;
    report(error);
  };
}

/** Calls of checked methods running now (a pool's query takes a connection through its own checked connect). */
let checkedCalls = 0;

/** Wraps `target[name]` (a method) so that `check` runs before each call (once, not again for the calls it makes). */
export function checkBefore<T extends object>(target: T, name: keyof T & string, check: () => void): void {
  const method = (target[name] as (...args: unknown[]) => unknown).bind(target);
  (target as Record<string, unknown>)[name] = (...args: unknown[]) => {
    if (checkedCalls === 0) check();
    checkedCalls += 1;
    try {
      return method(...args);
    } finally {
      checkedCalls -= 1;
    }
  };
}
