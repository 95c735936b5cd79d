// Bet placement benchmark on PostgreSQL: placements per second through the whole path (HTTP betPlace: checks,
// bet and legs, the stake through the double-entry ledger, group-committed: see the betting README), as a ratio
// to pgbench's TPC-B-like transaction run in the same script on the same server; then the time to accept a
// pre-match bet at a fixed arrival rate of 0.4× that pgbench tps (BENCH_RATE_PER_S to fix it), beside /healthz at
// the same rate in the same seconds (and alone just before, printed for reference). Targets: placements ≥ 0.5×
// pgbench; betPlace p99 ≤ 5× /healthz p99; audit clean. The results are in bench/README.md.
// Run: node --import tsx bench/bets.ts   (PostgreSQL at TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
// pgbench on the PATH; a throwaway database is created and dropped).
import { cents } from '@sb/betting';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config/config';
import { createClient, login } from '../apps/server/test/support/accounts';
import { preMatchPicks, slipForm, type Pick } from '../apps/server/test/support/betting';
import { cpuPressureUs, quantile } from './support/report';
import { median, timed, withThrowawayDatabase } from './support/postgres';

const run = promisify(execFile);
const OPS = Number(process.env.BENCH_OPS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLIENTS = 50;
/** The open-loop rate: 0.4× the run's pgbench tps unless set. */
const RATE_SHARE = 0.4;
const FIXED_RATE = process.env.BENCH_RATE_PER_S ? Number(process.env.BENCH_RATE_PER_S) : null;
const RATE_SECONDS = Number(process.env.BENCH_RATE_SECONDS ?? 10);
const PGBENCH_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 10);
const STAKE = 100;

/** pgbench's built-in TPC-B-like script (5 statements, one hot branch row at scale 1): transactions per second. */
async function pgbench(url: string): Promise<number> {
  const { stdout } = await run('pgbench', ['-n', `-c${CONCURRENCY}`, '-j2', `-T${PGBENCH_SECONDS}`, url]);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
  if (!tps) throw new Error(`unexpected pgbench output:\n${stdout}`);
  return Number(tps[1]);
}

interface Player {
  token: string;
}

async function main(): Promise<void> {
  await withThrowawayDatabase(CONCURRENCY, async (database, url) => {
    await run('pgbench', ['-i', '-q', '-s', '1', url]);
    const config = testConfig({
      CATALOGUE_SCALE: 0.3,
      CATALOGUE_DAYS_AHEAD: 3,
      BET_PLACE_PER_MINUTE: 10_000,
      // BENCH_BATCH_LANES=0 measures the path without group commit (every bet in its own transaction).
      ...(process.env.BENCH_BATCH_LANES ? { BET_BATCH_LANES: Number(process.env.BENCH_BATCH_LANES) } : {}),
    });
    const built = await buildApp({ config, database, migrate: false });
    const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const picks = await preMatchPicks(built, 30);
      const players: Player[] = [];
      let appId = 0;
      for (let i = 0; i < CLIENTS; i++) {
        const user = await createClient(built, `bench${i}`, `bench-secret-${i}-2026`);
        appId = user.appId;
        await built.modules.wallet.service.credit({
          appId: user.appId,
          userId: user.id,
          currency: user.currencyIso,
          amount: cents(1_000_000_000),
          type: 'deposit',
          idempotencyKey: `bench-fund:${i}`,
        });
        players.push({ token: (await login(built, `bench${i}`, `bench-secret-${i}-2026`)).access_token });
      }

      const place = async (i: number, legs: (i: number) => Pick[]): Promise<number> => {
        const player = players[i % players.length]!;
        const chosen = legs(i);
        const started = performance.now();
        const res = await fetch(`${address}/api/v1/betPlace`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${player.token}`,
            'content-type': 'application/x-www-form-urlencoded',
            'idempotency-key': randomUUID(),
          },
          body: slipForm(chosen.length === 1 ? 1 : 2, STAKE, chosen),
        });
        const body = await res.text();
        if (res.status !== 200) throw new Error(`betPlace ${res.status}: ${body}`);
        return performance.now() - started;
      };
      const single = (i: number) => [picks[i % picks.length]!];
      const treble = (i: number) => [0, 1, 2].map((k) => picks[(i + k * 7) % picks.length]!);

      // Warm-up: connections, plans, JIT.
      await timed(200, CONCURRENCY, (i) => place(i, single));

      const scenarios = [
        { name: `singles, ${CLIENTS} clients`, legs: single },
        { name: `trebles (3 legs), ${CLIENTS} clients`, legs: treble },
      ];
      const baseline: number[] = [];
      const measured = scenarios.map(() => [] as number[]);
      for (let round = 0; round < ROUNDS; round++) {
        baseline.push(await pgbench(url));
        for (const [k, scenario] of scenarios.entries())
          measured[k]!.push(OPS / (await timed(OPS, CONCURRENCY, (i) => place(i, scenario.legs))));
      }

      // Open loop: a bet every 1000/rate ms whatever the answers, so slow answers cannot slow the arrivals.
      const rate = FIXED_RATE ?? Math.round(RATE_SHARE * median(baseline));
      const atRate = async (send: (i: number) => Promise<number>): Promise<number[]> => {
        const count = rate * RATE_SECONDS;
        const start = performance.now();
        return Promise.all(
          Array.from({ length: count }, async (_, i) => {
            const due = start + (i * 1000) / rate;
            await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
            // A request that fails (a connect timeout when the server has fallen far behind) counts as never
            // answered: its time is Infinity, so the percentiles show it rather than the run dying.
            return send(i).catch(() => Infinity);
          }),
        );
      };
      const healthz = async () => {
        const started = performance.now();
        await (await fetch(`${address}/healthz`)).text();
        return performance.now() - started;
      };
      // /healthz alone at the rate, then beside the bets (same rate, same seconds): the ratio is taken against
      // the latter, the server's responsiveness while it takes the bets (as bench/peak.ts does); both printed.
      const alone = await atRate(healthz);
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const pressure = cpuPressureUs();
      const [health, accept] = await Promise.all([atRate(healthz), atRate((i) => place(i, single))]);
      loop.disable();
      const waited = pressure === null ? null : (cpuPressureUs()! - pressure) / 1e6 / RATE_SECONDS;

      const audit = await built.modules.wallet.service.audit(appId);
      printResults(baseline, scenarios, measured, rate, { alone, beside: health }, accept, audit);
      console.log(
        `this process (server and client) during it: event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms${waited === null ? '' : `; some task on the machine waited for a CPU ${(waited * 100).toFixed(0)}% of the time (PSI)`}`,
      );
      const stats = built.modules.betting.service.batchStats();
      console.log(
        `group commit: ${stats.batches} transactions for ${stats.items} placements (${(stats.items / Math.max(1, stats.batches)).toFixed(1)} per transaction), ${stats.failed} batches failed whole`,
      );
    } finally {
      await built.app.close();
    }
  });
}

function printResults(
  baseline: number[],
  scenarios: { name: string }[],
  measured: number[][],
  rate: number,
  health: { alone: number[]; beside: number[] },
  accept: number[],
  audit: { total: number; unbalancedMovements: number; mismatched: unknown[] },
): void {
  console.log(
    `\nBet placement — PostgreSQL, ${OPS} placements per measurement, ${CONCURRENCY} in flight, median of ${ROUNDS} alternating rounds`,
  );
  console.log(
    `baseline = pgbench TPC-B-like (scale 1, ${CONCURRENCY} clients, ${PGBENCH_SECONDS} s) on the same server in the same run`,
  );
  console.log(
    'placement = HTTP betPlace: validation, selections and limits checked, bet + legs, stake debited through the ledger (group commit)\n',
  );
  const rows = [
    ['pgbench TPC-B-like', `${median(baseline).toFixed(0)} tps`, '1.00× (baseline)'],
    ...scenarios.map((s, k) => [
      s.name,
      `${median(measured[k]!).toFixed(0)} bets/s`,
      `${median(measured[k]!.map((v, i) => v / baseline[i]!)).toFixed(2)}×`,
    ]),
  ];
  table(['case', 'rate', 'ratio to pgbench'], rows);

  console.log(
    `\nTime to accept a pre-match single at a fixed ${rate}/s (${FIXED_RATE ? 'set' : `${RATE_SHARE}× pgbench`}) for ${RATE_SECONDS} s (open loop)\n`,
  );
  const p = (xs: number[], q: number) => quantile(xs, q);
  const base = health.beside;
  const row = (name: string, xs: number[]) => [
    name,
    p(xs, 0.5).toFixed(1),
    p(xs, 0.99).toFixed(1),
    `${(p(xs, 0.5) / p(base, 0.5)).toFixed(2)}×`,
    `${(p(xs, 0.99) / p(base, 0.99)).toFixed(2)}×`,
  ];
  table(
    ['case', 'p50 ms', 'p99 ms', 'p50 ratio', 'p99 ratio'],
    [
      row('/healthz beside the bets (baseline)', base),
      row('/healthz alone, before', health.alone),
      row('betPlace', accept),
    ],
  );
  const verdict = (against: number[]) => {
    const ratio = p(accept, 0.99) / p(against, 0.99);
    return `${ratio.toFixed(2)}× (${ratio <= 5 ? 'met' : 'missed'})`;
  };
  console.log(
    `target betPlace p99 ≤ 5× /healthz p99: ${verdict(base)} against /healthz beside the bets, ${verdict(health.alone)} against /healthz alone`,
  );
  const failed = accept.filter((t) => t === Infinity).length;
  if (failed > 0)
    console.log(`betPlace: ${failed} of ${accept.length} requests failed (counted as never answered)`);
  console.log(
    `\nledger audit after the run: entries sum ${audit.total}, unbalanced movements ${audit.unbalancedMovements}, mismatched balances ${audit.mismatched.length}`,
  );
  if (audit.total !== 0 || audit.unbalancedMovements > 0 || audit.mismatched.length > 0)
    throw new Error('ledger audit failed');
}

function table(header: string[], lines: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(fmt(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
