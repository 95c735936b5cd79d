// The PostgreSQL pool survives connections that die under it (a database restart, a terminated backend).
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, POSTGRES_URL } from './support/databases';

const rows = (result: unknown) => (result as { rows: { v?: number; name?: string }[] }).rows;

(POSTGRES_URL ? describe : describe.skip)('PostgreSQL pool [postgres]', () => {
  it('keeps serving when transactions begin on connections that were just terminated', async () => {
    const database = await createTestDatabase('postgres', 2);
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    try {
      const { db } = database;
      const name = rows(await db.execute(sql`select current_database() as name`))[0]!.name;
      for (let round = 0; round < 20; round++) {
        // Both pooled connections are idle; end them, and begin transactions before the pool hears of it:
        // their BEGIN fails. A client leaked by a failed BEGIN would take its pool slot for good.
        await db.execute(sql`select 1`);
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        await Promise.all(
          [0, 1].map(() => db.transaction(async (tx) => tx.execute(sql`select 1`)).catch(() => 0)),
        );
      }
      for (let i = 0; i < 3; i++) {
        const value = await db.transaction(async (tx) => tx.execute(sql`select ${i}::int as v`));
        expect(rows(value)[0]!.v).toBe(i);
      }
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
