// A query on the database's own handle inside a transaction's callback is refused (tests) or reported: on PGlite
// it would wait for the transaction that waits for it, and the server's database would stop for good.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { QueryOutsideTransactionError } from '../src/db/transaction-guard';
import { createTestDatabase, describeEachBackend, POSTGRES_URL } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

/** The guard's error, as thrown or as the cause of the driver's "Failed query". */
async function refused(work: Promise<unknown>): Promise<void> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  const cause =
    error instanceof Error && !(error instanceof QueryOutsideTransactionError) ? error.cause : error;
  expect(cause).toBeInstanceOf(QueryOutsideTransactionError);
}

const value = (result: unknown) => (result as { rows: { v: number }[] }).rows[0]!.v;

describeEachBackend('transaction guard', (backend) => {
  it("refuses a query, a transaction or a connection of the database's own handle inside a transaction", async () => {
    const database = await createTestDatabase(backend, 2);
    const { db } = database;
    try {
      await refused(
        db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          return db.execute(sql`select 2 as v`);
        }),
      );
      await refused(db.transaction(async () => db.transaction(async (tx) => tx.execute(sql`select 1`))));
      await refused(db.transaction(async () => database.withConnection((query) => query('select 1'))));
      // Inside a nested transaction (a savepoint) too.
      await refused(db.transaction(async (tx) => tx.transaction(async () => db.execute(sql`select 3 as v`))));
    } finally {
      await database.close();
    }
  });

  it('lets the transaction use its own handle, and the database afterwards, from the same code', async () => {
    const database = await createTestDatabase(backend, 2);
    const { db } = database;
    try {
      let committed!: () => void;
      const gate = new Promise<void>((resolve) => (committed = resolve));
      let later: Promise<unknown> | null = null;
      const inside = await db.transaction(async (tx) => {
        const read = value(await tx.execute(sql`select 5 as v`));
        // Work set up inside and run once the transaction is over (a publish after commit) is not refused.
        later = gate.then(() => db.execute(sql`select 6 as v`));
        return read + value(await tx.transaction(async (nested) => nested.execute(sql`select 1 as v`)));
      });
      committed();
      expect(inside).toBe(6);
      expect(value(await later!)).toBe(6);
      expect(value(await db.execute(sql`select 7 as v`))).toBe(7);
    } finally {
      await database.close();
    }
  });
});

describe("transaction guard's log mode", () => {
  it('reports the query with its stack and lets it run (PostgreSQL: another connection answers it)', async () => {
    if (!POSTGRES_URL) return;
    const reported: QueryOutsideTransactionError[] = [];
    const database = await openDatabase({
      url: POSTGRES_URL,
      poolSize: 2,
      guard: 'log',
      report: (e) => reported.push(e),
    });
    try {
      const v = await database.db.transaction(async () =>
        value(await database.db.execute(sql`select 8 as v`)),
      );
      expect(v).toBe(8);
      expect(reported).toHaveLength(1);
      expect(reported[0]!.message).toContain('inside a transaction');
    } finally {
      await database.close();
    }
  });
});

/** Paths that read on the database's own handle from inside their transaction (each hung a PGlite server). */
describeEachBackend('no transaction waits for its own database', (backend) => {
  const TOKEN = 'transaction-guard-operator-token-0123';
  let server: TestServer;
  /** The server's clock: the wall clock, moved ahead past the brand cache's life. */
  let skew = 0;
  beforeAll(async () => {
    server = await createTestServer(backend, {
      clock: { now: () => Date.now() + skew },
      config: { OPERATOR_TOKEN: TOKEN, CATALOGUE_SCALE: 0.1 },
    });
  });
  afterAll(() => server?.close());
  const ops = (method: 'POST' | 'PUT', url: string, payload: object) =>
    server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${TOKEN}` } });

  it("pauses and ends a campaign when the brand's name is no longer cached", async () => {
    const [brand] = (
      (await server.database.db.execute(sql`select id from apps where name = 'Demo Bet'`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const created = await ops('POST', '/ops/v1/promotions', {
      kind: 'free_bet',
      brandId: brand!.id,
      name: 'Cold cache',
      terms: { product: 'sport', amount: 500, minOdds: 1.5, expiresInDays: 7 },
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().result.id as number;
    for (const status of ['paused', 'paused', 'ended']) {
      // The brand cache keeps a name 30 s: a minute on, the name is read from the database again.
      skew += 60_000;
      const changed = await ops('PUT', `/ops/v1/promotions/${id}/status`, { status });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().result).toMatchObject({ status, brand: 'Demo Bet' });
    }
  });
});
