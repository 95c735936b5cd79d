// Test databases: every integration test runs on PGlite, and on real PostgreSQL when
// TEST_DATABASE_URL (or DATABASE_URL) is set. Each test gets its own database.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
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

/**
 * A Blob whose bytes are already in memory: PGlite reads a data folder's tarball and its file-system bundle with
 * `arrayBuffer()`, which on Node's own Blob reads the bytes out chunk by chunk (about 1 s of CPU per database for
 * the 42 MB tarball, most of a PGlite database's start after the WebAssembly itself). Here it is one copy (a few
 * milliseconds): each database gets bytes of its own, since PGlite's file system keeps the bundle's buffer as its
 * files' contents rather than copying it.
 */
class BytesBlob extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: ArrayBuffer) {
    super([]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.slice(0));
  }
}

const bytesOf = (buffer: Buffer): ArrayBuffer =>
  buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;

let pgliteFiles: Promise<Pick<PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>> | null =
  null;

/**
 * PGlite's WebAssembly compiled once per test process, and its file-system bundle read once: without them every
 * `PGlite.create` reads and compiles both modules and the bundle again. A worker runs many files in turn (no
 * per-file isolation), so they are made once per worker.
 */
function pgliteFilesOnce() {
  // The global (the server's TypeScript library has WebAssembly's types, not its value).
  const wasm = (
    globalThis as unknown as {
      WebAssembly: { compile(bytes: Buffer): Promise<NonNullable<PGliteOptions['pgliteWasmModule']>> };
    }
  ).WebAssembly;
  pgliteFiles ??= (async () => {
    let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    while (!existsSync(path.join(dir, 'pglite.wasm'))) dir = path.dirname(dir);
    return {
      pgliteWasmModule: await wasm.compile(readFileSync(path.join(dir, 'pglite.wasm'))),
      initdbWasmModule: await wasm.compile(readFileSync(path.join(dir, 'initdb.wasm'))),
      fsBundle: new BytesBlob(bytesOf(readFileSync(path.join(dir, 'pglite.data')))),
    };
  })();
  return pgliteFiles;
}

let template: Promise<Blob> | null = null;

/**
 * The data folder of a migrated PGlite, as a tarball: every PGlite test database is started from it
 * (`loadDataDir`, under a second) instead of running initdb (~4 s) and the migrations. Dumped once per machine to
 * a file named by PGlite's version and the migrations' digest, read once per test process. Written under a
 * temporary name and renamed, so a reader never sees half a file; two files making it at once both write a
 * complete one.
 */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = path.join(tmpdir(), `sb-pglite-template-${pgliteVersion()}-${migrationsDigest()}.tar`);
    if (existsSync(file)) return new BytesBlob(bytesOf(readFileSync(file)));
    const client = await PGlite.create(await pgliteFilesOnce());
    await runMigrations(await openDatabase({ pglite: client }));
    const dump = await client.dumpDataDir('none');
    await client.close();
    const bytes = await dump.arrayBuffer();
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(bytes));
    renameSync(partial, file);
    return new BytesBlob(bytes);
  })();
  return template;
}

/**
 * A test database's PostgreSQL settings in PGlite: 16 MB of shared buffers (not 128 MB), which still hold a whole
 * test database (a migrated one is under 10 MB) — what a fresh PGlite spent most of its start on was setting up
 * the 128 MB (a start's CPU 1.4–1.7 s → 0.9–1.0 s, measured beside each other at load 11).
 */
const PGLITE_TEST_CONF = 'shared_buffers = 16MB';

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

/**
 * A new PostgreSQL database cloned from the migrated template; returns its name (the caller drops it). Its commits
 * do not wait for the WAL's flush to disk (`synchronous_commit = off`, for every connection to it, as the chaos
 * tier's PostgreSQL): a commit's visibility, locks and isolation are unchanged, only a crash of the PostgreSQL
 * server itself could lose the last moments' commits, which no integration test does (the WAL flush was ~5 ms of a
 * ~0.6 ms insert here, and tests commit thousands of times: seeding, ledgers, bets).
 */
export async function createMigratedPostgresDatabase(): Promise<string> {
  if (!POSTGRES_URL) throw new Error('no PostgreSQL URL for tests (set TEST_DATABASE_URL)');
  postgresTemplateName ??= postgresTemplate();
  const template = await postgresTemplateName;
  const name = `sb_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  return name;
}

/** A fresh, migrated database on the chosen back-end; `close()` drops it. */
export async function createTestDatabase(backend: BackendName, poolSize = 10): Promise<Database> {
  if (backend === 'pglite') {
    return openDatabase({
      pglite: await PGlite.create({
        loadDataDir: await pgliteTemplate(),
        ...(await pgliteFilesOnce()),
        postgresqlconf: PGLITE_TEST_CONF,
      }),
      guard: 'throw',
    });
  }
  const name = await createMigratedPostgresDatabase();
  const database = await openDatabase({ url: databaseUrl(name), poolSize, guard: 'throw' });
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

/** The back-end of a suite or test whose subject does not depend on the database's flavour (below). */
export const ONE_BACKEND: BackendName = POSTGRES_URL ? 'postgres' : 'pglite';

/**
 * Declares the suite on one back-end, for a file whose subject does not depend on the database's flavour: prices
 * and what is on sale (pricing-soak, period-sports), the live feed (feed), the match view's frame (play-stream)
 * and request logs (log-redaction). Running them on both doubled their time in CI and proved nothing more.
 * PostgreSQL when configured (CI's back-end; its work runs outside the test process, PGlite's inside it), PGlite
 * otherwise, so the suite runs on every machine. Money, bets, accounts, SQL of a file's own and the database's
 * behaviour (locks, transactions, health) stay on both (`describeEachBackend`).
 */
export function describeOnOneBackend(title: string, suite: (backend: BackendName) => void): void {
  describe(`${title} [${ONE_BACKEND}]`, () => suite(ONE_BACKEND));
}

/** Declares the suite once per back-end; an unavailable back-end's copy is skipped. */
export function describeEachBackend(title: string, suite: (backend: BackendName) => void): void {
  for (const backend of BACKENDS) {
    (backend.available ? describe : describe.skip)(`${title} [${backend.name}]`, () => suite(backend.name));
  }
}
