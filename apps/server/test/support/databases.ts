// Test databases: every integration test runs on PGlite, and on real PostgreSQL when
// TEST_DATABASE_URL (or DATABASE_URL) is set. Each test gets its own database.
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe } from 'vitest';
import { openDatabase, runMigrations, type Database } from '../../src/db/database';

export type BackendName = 'pglite' | 'postgres';

// Tests are the one place besides config/ that read the environment: they choose the back-ends.
const env = process.env;
export const POSTGRES_URL = env.TEST_DATABASE_URL || env.DATABASE_URL || undefined;
export const REDIS_TEST_URL = env.TEST_REDIS_URL || env.REDIS_URL || undefined;

let template: Promise<PGlite> | null = null;

/** A migrated in-memory PGlite, made once per worker; tests get clones (~0.5 s instead of 2–3 s). */
function pgliteTemplate(): Promise<PGlite> {
  template ??= (async () => {
    const client = await PGlite.create();
    await runMigrations(await openDatabase({ pglite: client }));
    return client;
  })();
  return template;
}

/** A fresh, migrated database on the chosen back-end; `close()` drops it. */
export async function createTestDatabase(backend: BackendName, poolSize = 10): Promise<Database> {
  if (backend === 'pglite') {
    const clone = (await (await pgliteTemplate()).clone()) as PGlite;
    return openDatabase({ pglite: clone });
  }
  if (!POSTGRES_URL) throw new Error('no PostgreSQL URL for tests (set TEST_DATABASE_URL)');
  const name = `sb_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize });
  await runMigrations(database);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: POSTGRES_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** The back-ends to run on: PostgreSQL is listed (and skipped, so counted) when no URL is set. */
export const BACKENDS: { name: BackendName; available: boolean }[] = [
  { name: 'pglite', available: true },
  { name: 'postgres', available: Boolean(POSTGRES_URL) },
];

/** Declares the suite once per back-end; an unavailable back-end's copy is skipped. */
export function describeEachBackend(title: string, suite: (backend: BackendName) => void): void {
  for (const backend of BACKENDS) {
    (backend.available ? describe : describe.skip)(`${title} [${backend.name}]`, () => suite(backend.name));
  }
}
