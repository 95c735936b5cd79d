// Bet placement benchmark on PostgreSQL: placements per second through the whole path (HTTP betPlace: checks,
// bet and legs, the stake through the double-entry ledger, group-committed: see the betting README), as a ratio
// to pgbench's TPC-B-like transaction run in the same script on the same server; then the time to accept a
// pre-match bet at a fixed arrival rate of 0.4× that pgbench tps (BENCH_RATE_PER_S to fix it), beside /healthz at
// the same rate in the same seconds (and alone just before, printed for reference). Targets: placements ≥ 0.5×
// pgbench; betPlace p99 ≤ 5× /healthz p99; audit clean. The results are in bench/README.md.
// The HTTP clients run in a process of their own (support/bets-generator.ts); with `taskset` and two or more cores
// the server (this process) runs on core 0 and the generator on core 1, as in bench/peak.ts (BENCH_PIN=off shares
// both). PostgreSQL and pgbench are not pinned.
// Run: node --import tsx bench/bets.ts   (PostgreSQL at TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
// pgbench on the PATH; a throwaway database is created and dropped).
import { cents } from '@sb/betting';
import { execFile, execFileSync, fork, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config/config';
import { createClient, login } from '../apps/server/test/support/accounts';
import { preMatchPicks } from '../apps/server/test/support/betting';
import type { GeneratorAnswer, GeneratorOrder } from './support/bets-generator';
import { cpuPressureUs, quantile } from './support/report';
import { median, withThrowawayDatabase } from './support/postgres';

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

/** Pins this process (the server) to core 0 and `pid` (the generator) to core 1; false when it cannot. */
function pin(pid: number): boolean {
  if (process.env.BENCH_PIN === 'off' || availableParallelism() < 2) return false;
  try {
    execFileSync('taskset', ['-a', '-cp', '0', String(process.pid)], { stdio: 'ignore' });
    execFileSync('taskset', ['-a', '-cp', '1', String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Starts the V8 profiler on this process; the function returned stops it and gives the profile. */
async function startProfile(): Promise<() => Promise<object>> {
  const session = new Session();
  session.connect();
  const post = promisify(session.post.bind(session)) as (method: string) => Promise<{ profile?: object }>;
  await post('Profiler.enable');
  await post('Profiler.start');
  return async () => {
    const { profile } = await post('Profiler.stop');
    session.disconnect();
    return profile!;
  };
}

/** Each thread of this process: CPU time so far (ns), by "tid name". */
function threadTimes(): Map<string, number> {
  return new Map(
    readdirSync('/proc/self/task').map((t) => [
      `${t} ${readFileSync(`/proc/self/task/${t}/comm`, 'utf8').trim()}`,
      Number(readFileSync(`/proc/self/task/${t}/schedstat`, 'utf8').split(' ')[0]),
    ]),
  );
}

/** CPU time of every `postgres` process on the machine so far, in clock ticks (user + system). */
function postgresTicks(): number {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .reduce((sum, d) => {
      try {
        if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() !== 'postgres') return sum;
        const f = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return sum + Number(f[11]) + Number(f[12]);
      } catch {
        return sum;
      }
    }, 0);
}

/** The main thread's schedstat: on CPU (ns), waiting for a CPU (ns), timeslices. */
const mainSchedstat = () =>
  readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ').map(Number);

/**
 * BENCH_CPU_SPLIT=1: where a round's CPU went, per placement (this process's threads, PostgreSQL's processes,
 * the main thread's waits for a CPU). Starts counting now; the function returned prints the split of `ops`.
 */
function cpuSplit(): (ops: number, used: NodeJS.CpuUsage) => void {
  const threads0 = threadTimes();
  const pg0 = postgresTicks();
  const sched0 = mainSchedstat();
  return (ops, used) => {
    const sched1 = mainSchedstat();
    for (const [t, ns] of threadTimes()) {
      const spent = ns - (threads0.get(t) ?? 0);
      if (spent > 1e7) console.log(`  thread ${t}: ${(spent / 1e6 / ops).toFixed(3)} ms per placement`);
    }
    console.log(`postgres processes: ${(((postgresTicks() - pg0) * 10) / ops).toFixed(2)} ms per placement`);
    console.log(
      `main thread: on CPU ${((sched1[0]! - sched0[0]!) / 1e6 / ops).toFixed(2)} ms, waiting for a CPU ${((sched1[1]! - sched0[1]!) / 1e6 / ops).toFixed(2)} ms per placement, ${sched1[2]! - sched0[2]!} timeslices`,
    );
    console.log(
      `user ${(used.user / 1000 / ops).toFixed(2)} ms, system ${(used.system / 1000 / ops).toFixed(2)} ms`,
    );
  };
}

/** Counts the statements this process's PostgreSQL clients send from now until `stop()`, which returns the count. */
function countStatements(): { stop: () => number } {
  // Every statement a client sends is submitted once (clients bind their own query method at connect).
  const proto = pg.Query.prototype as unknown as { submit: (...args: unknown[]) => unknown };
  const original = proto.submit;
  let count = 0;
  proto.submit = function (this: unknown, ...args: unknown[]) {
    count++;
    return original.apply(this, args);
  };
  return {
    stop: () => {
      proto.submit = original;
      return count;
    },
  };
}

/** The generator process: `ask` sends it an order and resolves with its answer. */
function startGenerator(): { child: ChildProcess; ask: (order: GeneratorOrder) => Promise<GeneratorAnswer> } {
  // 'advanced' serialisation keeps Infinity (a request never answered) across the IPC channel.
  const child = fork(new URL('./support/bets-generator.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
  });
  const ask = (order: GeneratorOrder) =>
    new Promise<GeneratorAnswer>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`the load generator exited ${code}`));
      child.once('exit', onExit);
      child.once('message', (answer: GeneratorAnswer) => {
        child.off('exit', onExit);
        resolve(answer);
      });
      child.send(order);
    });
  return { child, ask };
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
    let generator: ChildProcess | undefined;
    try {
      const picks = await preMatchPicks(built, 30);
      const tokens: string[] = [];
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
        tokens.push((await login(built, `bench${i}`, `bench-secret-${i}-2026`)).access_token);
      }

      const { child, ask } = startGenerator();
      generator = child;
      const pinned = pin(child.pid!);
      await ask({ kind: 'setup', address, tokens, picks, stake: STAKE });
      const closed = async (ops: number, legs: 'single' | 'treble') => {
        const answer = await ask({ kind: 'closed', ops, concurrency: CONCURRENCY, legs });
        if (answer.kind !== 'closed') throw new Error(`unexpected answer ${answer.kind}`);
        return answer.seconds;
      };
      const open = async (calls: ('healthz' | 'single')[]) => {
        const answer = await ask({ kind: 'open', rate, seconds: RATE_SECONDS, calls });
        if (answer.kind !== 'open') throw new Error(`unexpected answer ${answer.kind}`);
        return answer.times;
      };

      // Warm-up: connections, plans, JIT, for both kinds of slip (a server at its peak has run for hours; 200
      // singles left V8's compiler threads busy through the first measured round, on the server's own core: its
      // main thread waited for a CPU 0.4 ms a placement there and 0.06 ms by the third round).
      await closed(1_000, 'single');
      await closed(1_000, 'treble');
      // BENCH_PROFILE=<file>: a CPU profile of this process (the server) over the closed-loop rounds only.
      const profile = process.env.BENCH_PROFILE ? await startProfile() : null;
      const statements = countStatements();

      const scenarios = [
        { name: `singles, ${CLIENTS} clients`, legs: 'single' as const },
        { name: `trebles (3 legs), ${CLIENTS} clients`, legs: 'treble' as const },
      ];
      const baseline: number[] = [];
      const measured = scenarios.map(() => [] as number[]);
      // The server's own CPU time (this process: the bench itself only waits meanwhile) per placement.
      const cpuMs = scenarios.map(() => [] as number[]);
      for (let round = 0; round < ROUNDS; round++) {
        baseline.push(await pgbench(url));
        for (const [k, scenario] of scenarios.entries()) {
          const cpu = process.cpuUsage();
          const split = process.env.BENCH_CPU_SPLIT ? cpuSplit() : null;
          measured[k]!.push(OPS / (await closed(OPS, scenario.legs)));
          const used = process.cpuUsage(cpu);
          split?.(OPS, used);
          cpuMs[k]!.push((used.user + used.system) / 1000 / OPS);
        }
      }

      const perPlacement = statements.stop() / (ROUNDS * OPS * scenarios.length);
      if (profile) writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(await profile()));

      // Open loop at a fixed rate: /healthz alone, then beside the bets (same rate, same seconds): the ratio is
      // taken against the latter, the server's responsiveness while it takes the bets (as bench/peak.ts does);
      // both printed.
      const rate = FIXED_RATE ?? Math.round(RATE_SHARE * median(baseline));
      const [alone] = await open(['healthz']);
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const pressure = cpuPressureUs();
      const [health, accept] = await open(['healthz', 'single']);
      loop.disable();
      const waited = pressure === null ? null : (cpuPressureUs()! - pressure) / 1e6 / RATE_SECONDS;

      const audit = await built.modules.wallet.service.audit(appId);
      printResults(baseline, scenarios, measured, rate, { alone: alone!, beside: health! }, accept!, audit);
      console.log(
        `the server's process during it${pinned ? ' (core 0, the generator on core 1)' : ' (unpinned)'}: event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms${waited === null ? '' : `; some task on the machine waited for a CPU ${(waited * 100).toFixed(0)}% of the time (PSI)`}`,
      );
      console.log(
        `statements sent to PostgreSQL by the server in the closed-loop rounds: ${perPlacement.toFixed(2)} per placement`,
      );
      console.log(
        `the server's CPU time per placement (median of the rounds): ${scenarios.map((s, k) => `${s.name} ${median(cpuMs[k]!).toFixed(2)} ms`).join(', ')}`,
      );
      const stats = built.modules.betting.service.batchStats();
      console.log(
        `group commit: ${stats.batches} transactions for ${stats.items} placements (${(stats.items / Math.max(1, stats.batches)).toFixed(1)} per transaction), ${stats.failed} batches failed whole`,
      );
    } finally {
      generator?.kill();
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
