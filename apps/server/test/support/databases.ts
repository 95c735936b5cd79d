// Test databases: every integration test runs on PGlite, and on real PostgreSQL when
// TEST_DATABASE_URL (or DATABASE_URL) is set. Each test gets its own database.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe } from 'vitest';
import { migrationsFolder, openDatabase, runMigrations, type Database } from '../../src/db/database';

export type BackendName = 'pglite' | 'postgres';

// Tests choose their back-ends from the environment (the server itself reads it only in config/).
const env = process.env;
export const POSTGRES_URL = env.TEST_DATABASE_URL || env.DATABASE_URL || undefined;
export const REDIS_TEST_URL = env.TEST_REDIS_URL || env.REDIS_URL || undefined;

/**
 * A digest of the migrations folder: a changed or added migration makes new templates (PGlite's file, PostgreSQL's
 * database).
 */
function migrationsDigest(): string {
  const folder = migrationsFolder();
  const digest = createHash('sha256');
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(folder, file);
    if (statSync(full).isFile()) digest.update(file).update(readFileSync(full));
  }
  return digest.digest('hex').slice(0, 16);
}

/** PGlite's version: a data folder dumped by one version is not loaded by another. */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

let template: Promise<Blob> | null = null;

/**
 * The data folder of a migrated PGlite, as a tarball: every PGlite test database is started from it
 * (`loadDataDir`, under a second) instead of running initdb (~4 s) and the migrations. Dumped once per machine to
 * a file named by PGlite's version and the migrations' digest, read once per test file (Vitest runs each file in a
 * fresh process). Written under a temporary name and renamed, so a reader never sees half a file; two files
 * making it at once both write a complete one.
 */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = path.join(tmpdir(), `sb-pglite-template-${pgliteVersion()}-${migrationsDigest()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const client = await PGlite.create();
    await runMigrations(await openDatabase({ pglite: client }));
    const dump = await client.dumpDataDir('none');
    await client.close();
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  })();
  return template;
}

/** Serialises the making of a template across workers and runs (an arbitrary key, unlike the app's locks). */
const TEMPLATE_LOCK_KEY = 7_221_005;

export const databaseUrl = (name: string) => {
  const url = new URL(POSTGRES_URL!);
  url.pathname = `/${name}`;
  return url.toString();
};

let postgresTemplateName: Promise<string> | null = null;

/**
 * A migrated PostgreSQL template database per migration set: tests clone it (`create database … template …`,
 * a file copy) instead of migrating each database one by one. Named by a hash of the migrations folder, so a
 * changed or added migration makes a new template; made once per machine under an advisory lock (parallel
 * workers and runs wait for the first), built under a temporary name and renamed when complete, so a run that
 * dies half-way never leaves a half-migrated template behind.
 */
async function postgresTemplate(): Promise<string> {
  const name = `sb_template_${migrationsDigest()}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  const exists = async () =>
    (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  try {
    if (await exists()) return name;
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      if (await exists()) return name;
      // Under the lock nobody else is building: a leftover of a run that died half-way is dropped.
      const leftovers = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like $1 || '\\_%'",
        [name],
      );
      for (const { datname } of leftovers.rows) await admin.query(`drop database ${datname} with (force)`);
      const building = `${name}_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${building}`);
      // Two connections: the migration holds one for its advisory lock and runs on the other.
      const database = await openDatabase({ url: databaseUrl(building), poolSize: 2 });
      try {
        await runMigrations(database);
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  } finally {
    await admin.end();
  }
}

/** A new PostgreSQL database cloned from the migrated template; returns its name (the caller drops it). */
export async function createMigratedPostgresDatabase(): Promise<string> {
  if (!POSTGRES_URL) throw new Error('no PostgreSQL URL for tests (set TEST_DATABASE_URL)');
  postgresTemplateName ??= postgresTemplate();
  const template = await postgresTemplateName;
  const name = `sb_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  return name;
}

/** A fresh, migrated database on the chosen back-end; `close()` drops it. */
export async function createTestDatabase(backend: BackendName, poolSize = 10): Promise<Database> {
  if (backend === 'pglite') {
    return openDatabase({ pglite: await PGlite.create({ loadDataDir: await pgliteTemplate() }) });
  }
  const name = await createMigratedPostgresDatabase();
  const database = await openDatabase({ url: databaseUrl(name), poolSize });
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
