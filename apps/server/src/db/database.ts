import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import {
  checkBefore,
  insideTransaction,
  outsideTransactionCheck,
  type QueryOutsideTransactionError,
  type TransactionGuardMode,
} from './transaction-guard';

/** The one database type every repository takes: PGlite and node-postgres share it. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle, accepted wherever a repository may run inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `fn` on one dedicated connection (advisory locks are per connection). */
  withConnection<T>(
    fn: (query: (sql: string, params?: unknown[]) => Promise<unknown[]>) => Promise<T>,
  ): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  url?: string | undefined;
  /** PGlite data folder, or 'memory'. */
  dataDir?: string;
  /** An already started PGlite (tests clone a migrated one). */
  pglite?: PGlite;
  poolSize?: number;
  /** A query on the database's own handle inside a transaction's callback (transaction-guard.ts); `log` by default. */
  guard?: TransactionGuardMode;
  /** Where `log` mode reports such a query. */
  report?: (error: QueryOutsideTransactionError) => void;
}

const MIGRATION_LOCK_KEY = 7_201_001;

/** Finds the drizzle-kit migrations folder both from source (src/db) and from the bundle (dist). */
export function migrationsFolder(): string {
  const candidates = ['../../drizzle', '../drizzle', './drizzle'].map((p) =>
    fileURLToPath(new URL(p, import.meta.url)),
  );
  const found = candidates.find((dir) => existsSync(`${dir}/meta/_journal.json`));
  if (!found) throw new Error(`drizzle migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** The transaction's callback runs marked as inside it (transaction-guard.ts), nested savepoints included. */
function markTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = ((callback, config) =>
    transaction((tx) => insideTransaction(() => callback(tx)), config)) as Db['transaction'];
  return db;
}

const reportToStderr = (error: QueryOutsideTransactionError) => console.error(error);

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const check = outsideTransactionCheck(options.guard ?? 'log', options.report ?? reportToStderr);
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10, check);
  const client =
    options.pglite ??
    (await PGlite.create(options.dataDir && options.dataDir !== 'memory' ? options.dataDir : undefined));
  // PGlite runs one statement at a time, a transaction's whole: a query of `db` that the transaction awaits
  // never runs. Its driver sends `db`'s statements through these (the transaction's go through its own handle).
  for (const name of ['query', 'exec', 'transaction'] as const)
    checkBefore(client, name, () => check(`a ${name === 'transaction' ? 'transaction' : 'query'}`));
  const db = markTransactions(drizzlePglite({ client }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    async withConnection(fn) {
      return fn(async (sql, params) => (await client.query(sql, params)).rows);
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * drizzle-orm's node-postgres `transaction()` (0.45.x, drizzle-team/drizzle-orm#6241) runs BEGIN before the
 * try/finally that releases the pooled client: a BEGIN on a connection that died while idle (database restart,
 * terminated backend) leaks the client, and after `max` such failures every query waits forever. Here a failed
 * BEGIN releases its client with the error, so the pool destroys it; drizzle never reaches its own release then.
 */
function releaseWhenBeginFails(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (!(result instanceof Promise) || !text || !/^\s*begin\b/i.test(text)) return result;
    return result.catch((error: unknown) => {
      client.release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
  };
}

async function openPostgres(url: string, poolSize: number, check: (what: string) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // `db`'s statements go through the pool's query; a transaction's through the client it checked out.
  checkBefore(pool, 'query', () => check('a query'));
  checkBefore(pool, 'connect', () => check('a connection'));
  // A client whose connection dies (server restart, terminated backend) must not crash the process: idle ones
  // are replaced by the pool; a checked-out one fails its query, and its error event needs a listener too.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    releaseWhenBeginFails(client);
  });
  const db = markTransactions(drizzlePg({ client: pool }) as unknown as Db);
  return {
    db,
    kind: 'postgres',
    async withConnection(fn) {
      const conn = await pool.connect();
      try {
        return await fn(async (sql, params) => (await conn.query(sql, params)).rows);
      } finally {
        conn.release();
      }
    },
    async close() {
      // Idempotent, like the PGlite side: closing twice is not an error.
      if (!pool.ended) await pool.end();
    },
  };
}

/** Applies pending migrations; on PostgreSQL an advisory lock keeps concurrent instances from racing. */
export async function runMigrations(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: folder });
    return;
  }
  await database.withConnection(async (query) => {
    await query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(database.db as never, { migrationsFolder: folder });
    } finally {
      await query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  });
}
