// Reports benchmark (issue 35 §4): a year of 1,000,000 bets (and casino rounds, clients) generated in PostgreSQL,
// then each report over the whole year, timed against a plain indexed count(*) of the same bets in the same run.
// Run: node --import tsx bench/reports.ts --db postgres://postgres@127.0.0.1:5432/sb_reports_bench
//   --db: a scratch database that must not exist: created, migrated, seeded, and dropped at the end.
//   --bets 1000000 --rounds 3 (each case's median of that many runs; the machine is shared and noisy).
import pg from 'pg';
import type { OpsBookGroup } from '@sb/contract';
import { openDatabase, runMigrations, type Database } from '../apps/server/src/db/database';
import { createReportsRepository, type ReportRange } from '../apps/server/src/modules/ops/reports.repository';
import { marketTypeFamilies } from '../apps/server/src/modules/sports/index';
import { arg } from './support/args';
import { median } from './support/postgres';
import { cpuPressureUs, printTable } from './support/report';
import { countBets, explainCount, seedReports } from './support/reports-seed.repository';

const BETS = Number(arg('bets', '1000000'));
const ROUNDS = Number(arg('rounds', '3'));
const FROM = new Date('2025-01-01T00:00:00Z');
const TO = new Date('2026-01-01T00:00:00Z');

async function scratch<T>(url: string, fn: (database: Database) => Promise<T>): Promise<T> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--db: a scratch database name, not "${name}"`);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    await runMigrations(database);
    return await fn(database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = process.hrtime.bigint();
    await fn();
    runs.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(runs);
}

async function main(): Promise<void> {
  const url = arg('db', '');
  if (!url) throw new Error('--db postgres://…/<scratch database> is required');
  await scratch(url, async (database) => {
    const seedStart = Date.now();
    await seedReports(database.db, {
      bets: BETS,
      clients: Math.max(1_000, BETS / 20),
      events: 5_000,
      casinoRounds: BETS / 2,
      from: FROM,
    });
    console.log(
      `seeded ${BETS} bets, ${BETS / 2} casino rounds in ${((Date.now() - seedStart) / 1000).toFixed(0)} s`,
    );
    console.log(`baseline plan: ${await explainCount(database.db, FROM, TO)}`);
    const repo = createReportsRepository(database.db, marketTypeFamilies);
    const range: ReportRange = { from: FROM, to: TO, timeZone: 'UTC', brandId: null };
    const brand = { ...range, brandId: 2 };
    const book =
      (groups: OpsBookGroup[], r = range) =>
      () =>
        repo.book(r, groups);
    const pressure = cpuPressureUs();
    const started = process.hrtime.bigint();
    const baseline = await time(() => countBets(database.db, FROM, TO));
    const cases: [string, () => Promise<unknown>][] = [
      ['book by day', book(['day'])],
      ['book by day, one brand', book(['day'], brand)],
      ['book by sport', book(['sport'])],
      ['book by competition', book(['competition'])],
      ['book by market family', book(['marketFamily'])],
      ['casino by provider, game', () => repo.casino(range, ['provider', 'game'])],
      ['casino by day', () => repo.casino(range, ['day'])],
      ['clients', () => repo.clients(range, new Date())],
      ['cashouts', () => repo.cashouts(range)],
    ];
    const rows = [];
    for (const [name, fn] of cases) rows.push({ name, value: await time(fn), unit: 'ms' });
    const wall = Number(process.hrtime.bigint() - started) / 1e3;
    const after = cpuPressureUs();
    printTable(
      `Reports over a year (${BETS} bets), median of ${ROUNDS}`,
      { name: 'count(*) of the year’s bets', value: baseline, unit: 'ms' },
      rows,
    );
    if (pressure !== null && after !== null)
      console.log(
        `\nCPU pressure: some task waited for a CPU ${(((after - pressure) / wall) * 100).toFixed(0)}% of the run`,
      );
  });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
