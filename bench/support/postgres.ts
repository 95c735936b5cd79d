// PostgreSQL helpers shared by the benches: a throwaway database per run, and a closed-loop timer.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, runMigrations, type Database } from '../../apps/server/src/db/database';

export const BASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh migrated database for `fn`, dropped afterwards; `fn` also gets its URL (for pgbench). */
export async function withThrowawayDatabase<T>(
  poolSize: number,
  fn: (database: Database, url: string) => Promise<T>,
): Promise<T> {
  const name = `sb_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize });
  try {
    await runMigrations(database);
    return await fn(database, url.toString());
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** Runs `ops` calls of `fn` with `concurrency` in flight; returns seconds taken. */
export async function timed(
  ops: number,
  concurrency: number,
  fn: (i: number) => Promise<unknown>,
): Promise<number> {
  let next = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < ops) await fn(next++);
    }),
  );
  return Number(process.hrtime.bigint() - start) / 1e9;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
