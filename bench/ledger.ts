// Ledger benchmark: concurrent wallet credits/debits per second on PostgreSQL, against plain single-row
// UPDATE transactions measured in the same run on the same database and pool.
// Run: node --import tsx bench/ledger.ts   (PostgreSQL at TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
// a throwaway database is created and dropped).
import { cents } from '@sb/betting';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/database';
import { systemClock } from '../apps/server/src/lib/clock';
import { createWalletModule, type WalletService } from '../apps/server/src/modules/wallet/index';
import { median, timed, withThrowawayDatabase } from './support/postgres';

const OPS = Number(process.env.BENCH_OPS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const POOL = CONCURRENCY;
const ACCOUNTS_SPREAD = 100;
/** Baseline and ledger alternate this many times per scenario; the table shows medians (the machine is noisy). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const APP = 1;

async function plainUpdates(database: Database, accounts: number): Promise<number> {
  await database.db.execute(
    sql.raw(`create table if not exists bench_plain (id int primary key, balance bigint not null)`),
  );
  await database.db.execute(sql.raw(`truncate bench_plain`));
  await database.db.execute(
    sql.raw(`insert into bench_plain select g, 1000000000 from generate_series(0, ${accounts - 1}) g`),
  );
  return timed(OPS, CONCURRENCY, (i) =>
    database.db.transaction(async (tx) => {
      await tx.execute(
        sql`update bench_plain set balance = balance + ${i % 2 === 0 ? 100 : -100} where id = ${i % accounts}`,
      );
    }),
  );
}

async function ledgerMoves(wallet: WalletService, accounts: number, tag: string): Promise<number> {
  const user = (i: number) => 10_000 + (i % accounts);
  for (let a = 0; a < accounts; a++) {
    // Same key every round: the first round funds the account, later rounds replay and move nothing.
    await wallet.credit({
      appId: APP,
      userId: user(a),
      currency: 'TRY',
      amount: cents(1_000_000_000),
      type: 'deposit',
      idempotencyKey: `seed:${accounts}:${a}`,
    });
  }
  return timed(OPS, CONCURRENCY, (i) => {
    const t = {
      appId: APP,
      userId: user(i),
      currency: 'TRY',
      amount: cents(100),
      idempotencyKey: `${tag}:${i}`,
    };
    return i % 2 === 0
      ? wallet.credit({ ...t, type: 'deposit' })
      : wallet.debit({ ...t, type: 'withdrawal' });
  });
}

async function main(): Promise<void> {
  await withThrowawayDatabase(POOL, async (database) => {
    const wallet = createWalletModule({ db: database.db, clock: systemClock }).service;
    // Warm-up: connections, plans, JIT.
    await timed(200, CONCURRENCY, (i) => database.db.transaction((tx) => tx.execute(sql`select ${i}`)));

    const rows: { scenario: string; baseline: number; ledger: number; ratio: number }[] = [];
    for (const [label, accounts] of [
      ['one hot account', 1],
      [`${ACCOUNTS_SPREAD} accounts`, ACCOUNTS_SPREAD],
    ] as const) {
      const baseline: number[] = [];
      const ledger: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        baseline.push(OPS / (await plainUpdates(database, accounts)));
        ledger.push(OPS / (await ledgerMoves(wallet, accounts, `${accounts}:${round}`)));
      }
      rows.push({
        scenario: label,
        baseline: median(baseline),
        ledger: median(ledger),
        ratio: median(ledger.map((l, i) => l / (baseline[i] ?? NaN))),
      });
    }
    const audit = await wallet.audit(APP);
    if (audit.total !== 0 || audit.mismatched.length > 0 || audit.unbalancedMovements > 0)
      throw new Error(`ledger audit failed: ${JSON.stringify(audit)}`);

    console.log(
      `\nLedger benchmark — PostgreSQL, ${OPS} ops per measurement, ${CONCURRENCY} in flight, pool ${POOL}, median of ${ROUNDS} alternating rounds`,
    );
    console.log(
      'baseline = plain single-row UPDATE transactions (same pool, same run); ledger = wallet credit/debit',
    );
    console.log('(movement row + 2 entries + guarded balance update + idempotency key, one transaction)\n');
    const header = ['scenario', 'baseline ops/s', 'ledger ops/s', 'ledger / baseline'];
    const lines = rows.map((r) => [
      r.scenario,
      r.baseline.toFixed(0),
      r.ledger.toFixed(0),
      `${r.ratio.toFixed(2)}×`,
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
    const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
    console.log(fmt(header));
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const l of lines) console.log(fmt(l));
    console.log(
      `\nledger audit after the run: entries sum ${audit.total}, unbalanced movements ${audit.unbalancedMovements}, mismatched balances ${audit.mismatched.length}`,
    );
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
