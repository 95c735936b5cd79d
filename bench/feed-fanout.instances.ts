// The instances mode of bench/feed-fanout.ts (`--players 1000,10000`, issue 38 item 8): two real server instances
// (`apps/server/src/main.ts`) on one throwaway PostgreSQL database and one Redis, the players split evenly across
// both. A third instance, started first, leads the simulator (and the other leader loops) and takes no player: it
// publishes the live book's match and market changes on Redis, and the two player instances' CPU is the fan-out's
// alone (with the simulator inside one of them, its ticks swamped that instance's per-socket figure). All three run
// the same code and settings, as every instance of a deployment does. Each player instance's players come from a
// generator process of its own (support/feed-players.ts), forked from this process and pinned with it to core 1
// (the servers run on core 0); each player subscribes like the web app (`live` and one `event:<id>`) and times
// every market_update from its `ts` to its arrival.
// The servers are started once; the player counts run one after another on them: a ramp, a settle, a measured
// window, then the players leave. Before the first, an idle window measures each instance's CPU and RSS with no
// player, so "per 1,000 sockets" is what the players cost above idle. The simulator's rate is the live book's, not
// a fixed one: CPU per message sent is printed beside it.
// Players connect from many loopback addresses (127.1x.y.z), fewer per address than the feed's per-address cap,
// as players would: the servers run with their production limits.
import { fork, type ChildProcess } from 'node:child_process';
import { cpuPressureUs, printColumns } from './support/report';
import { freePort } from '../apps/server/test/chaos/backends';
import {
  liveEventIds,
  openFilesLimit,
  pinApart,
  procStats,
  startServer,
  throwawayDatabase,
  type Server,
} from './support/instances';
import type { Measured, PlayersAnswer, PlayersOrder } from './support/feed-players';

type Instance = Server & { metricsPort: number };

/** `sb_feed_clients_dropped_total` of an instance by reason, e.g. `no_pong 12`. */
async function droppedClients(metricsPort: number): Promise<string> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const lines = [...text.matchAll(/^sb_feed_clients_dropped_total\{reason="([^"]+)"\} (\d+)/gm)];
    return lines.map((m) => `${m[1]} ${m[2]}`).join(', ') || 'none';
  } catch {
    return 'metrics not read';
  }
}

export interface InstancesOptions {
  players: number[];
  db: string;
  redis: string;
  /** Seconds of each measured window. */
  seconds: number;
  pin: string;
}

const INSTANCES = 2;
/** Players opened per second across both generators. */
const RAMP_PER_SECOND = 1_000;
/** After the last player subscribed, before measuring: the snapshots' writes drain. */
const SETTLE_S = 5;
const IDLE_S = 5;
/** The longest a ramp may take: the run is measured with the players that joined by then. */
const RAMP_LIMIT_S = 150;
/** Players per source address: under FEED_MAX_CONNECTIONS_PER_ADDRESS (50 by default). */
const PER_SOURCE = 40;
const HARD_DEADLINE_MS = 8 * 60_000;

interface Generator {
  child: ChildProcess;
  ask: (order: PlayersOrder) => Promise<PlayersAnswer>;
}

function forkGenerator(): Promise<Generator> {
  const child = fork(new URL('./support/feed-players.ts', import.meta.url).pathname, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<PlayersAnswer>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`a player generator exited ${code}`));
      child.once('exit', onExit);
      child.once('message', (m) => {
        child.off('exit', onExit);
        resolve(m as PlayersAnswer);
      });
    });
  const ask = (order: PlayersOrder) => {
    const answer = next();
    child.send(order);
    return answer;
  };
  return next().then(() => ({ child, ask }));
}

/** Source addresses of generator `g`: 127.(10+g).x.y, enough for `count` players at PER_SOURCE each. */
function sources(g: number, count: number): string[] {
  return Array.from(
    { length: Math.ceil(count / PER_SOURCE) },
    (_, k) => `127.${10 + g}.${Math.floor(k / 250)}.${(k % 250) + 1}`,
  );
}

/** The q-quantile (0..1) of a histogram of whole milliseconds. */
function histogramQuantile(counts: number[], q: number): number {
  const total = counts.reduce((a, b) => a + b, 0);
  let seen = 0;
  for (let ms = 0; ms < counts.length; ms++) {
    seen += counts[ms]!;
    if (seen > 0 && seen >= q * total) return ms;
  }
  return NaN;
}

const sumHistograms = (lists: number[][]) => lists[0]!.map((_, i) => lists.reduce((a, l) => a + l[i]!, 0));

interface RunFigures {
  players: number;
  subscribed: number;
  failed: Record<string, number>;
  /** Sockets still open at the end of the measured window. */
  open: number;
  /** Per player instance: the clients it dropped since it started, by reason (its metrics). */
  dropped: string[];
  rampSeconds: number;
  marketP50: number;
  marketP99: number;
  matchP99: number;
  marketPerSecond: number;
  mibPerSecond: number;
  /**
   * Per instance: CPU seconds per second, CPU above idle per 1,000 of its sockets and per message its players
   * received, RSS, RSS above idle per 1,000 sockets.
   */
  cpu: number[];
  /** The simulator leader's CPU seconds per second (no player). */
  producerCpu: number;
  cpuPer1000: number[];
  cpuMicrosPerMessage: number[];
  rssMb: number[];
  rssPer1000: number[];
  generatorCpu: number;
  generatorLoopP99: number;
  pressure: number | null;
}

/** Each server's CPU seconds per second over IDLE_S with no player, and its RSS at the end. */
async function idleWindow(servers: Server[]): Promise<{ cpu: number; rssMb: number }[]> {
  const before = servers.map((s) => procStats(s.child.pid!).cpu);
  await new Promise((r) => setTimeout(r, IDLE_S * 1_000));
  return servers.map((s, i) => {
    const now = procStats(s.child.pid!);
    return { cpu: (now.cpu - before[i]!) / IDLE_S, rssMb: now.rssMb };
  });
}

/** One player count: ramp, settle, measured window, players gone. `all` = the leader, then the player instances. */
async function measureRun(
  all: Instance[],
  generators: Generator[],
  players: number,
  eventIds: number[],
  seconds: number,
  idle: { cpu: number; rssMb: number }[],
): Promise<RunFigures> {
  const [producer, ...servers] = all as [Instance, ...Instance[]];
  const pids = servers.map((s) => s.child.pid!);
  const share = (g: number) => Math.floor(players / INSTANCES) + (g < players % INSTANCES ? 1 : 0);
  const opened = await Promise.all(
    generators.map((gen, g) =>
      gen.ask({
        kind: 'open',
        url: `${servers[g]!.base.replace('http', 'ws')}/ws/feed`,
        count: share(g),
        perSecond: RAMP_PER_SECOND / INSTANCES,
        sources: sources(g, share(g)),
        perSource: PER_SOURCE,
        eventIds,
        rampLimitS: RAMP_LIMIT_S,
      }),
    ),
  );
  await new Promise((r) => setTimeout(r, SETTLE_S * 1_000));
  const before = pids.map(procStats);
  const producerBefore = procStats(producer.child.pid!).cpu;
  const pressureBefore = cpuPressureUs();
  const measured = (await Promise.all(
    generators.map((gen) => gen.ask({ kind: 'measure', seconds })),
  )) as Measured[];
  const after = pids.map(procStats);
  const producerCpu = (procStats(producer.child.pid!).cpu - producerBefore) / seconds;
  const pressureAfter = cpuPressureUs();
  await Promise.all(generators.map((gen) => gen.ask({ kind: 'close' })));

  const market = sumHistograms(measured.map((m) => m.histograms.market_update));
  const match = sumHistograms(measured.map((m) => m.histograms.match_update));
  const cpu = after.map((a, i) => (a.cpu - before[i]!.cpu) / seconds);
  // The sockets each instance held over the window (the mean of its start and end: the server may drop some).
  const thousands = (i: number) => (measured[i]!.openAtStart + measured[i]!.open) / 2 / 1_000;
  const dropped = await Promise.all(servers.map((s) => droppedClients(s.metricsPort)));
  return {
    players,
    subscribed: opened.reduce((a, o) => a + (o.kind === 'opened' ? o.subscribed : 0), 0),
    failed: opened.reduce<Record<string, number>>((all, o) => {
      if (o.kind === 'opened')
        for (const [reason, n] of Object.entries(o.failed)) all[reason] = (all[reason] ?? 0) + n;
      return all;
    }, {}),
    open: measured.reduce((a, m) => a + m.open, 0),
    dropped,
    rampSeconds: Math.max(...opened.map((o) => (o.kind === 'opened' ? o.seconds : NaN))),
    marketP50: histogramQuantile(market, 0.5),
    marketP99: histogramQuantile(market, 0.99),
    matchP99: histogramQuantile(match, 0.99),
    marketPerSecond: market.reduce((a, b) => a + b, 0) / seconds,
    mibPerSecond: measured.reduce((a, m) => a + m.bytes, 0) / 2 ** 20 / seconds,
    producerCpu,
    cpu,
    cpuPer1000: cpu.map((c, i) => (c - idle[i]!.cpu) / thousands(i)),
    cpuMicrosPerMessage: cpu.map((c, i) => ((c - idle[i]!.cpu) * 1e6) / (measured[i]!.messages / seconds)),
    rssMb: after.map((a) => a.rssMb),
    rssPer1000: after.map((a, i) => (a.rssMb - idle[i]!.rssMb) / thousands(i)),
    generatorCpu: measured.reduce((a, m) => a + m.cpuSeconds, 0) / seconds,
    generatorLoopP99: Math.max(...measured.map((m) => m.loopP99Ms)),
    pressure:
      pressureBefore === null || pressureAfter === null
        ? null
        : (pressureAfter - pressureBefore) / 1e6 / seconds,
  };
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

/** Figures as rows, runs as columns, and each later run's figure as a ratio to the first run's. */
function printRuns(runs: RunFigures[]): void {
  const rows: [string, (r: RunFigures) => number, number][] = [
    ['market_update delivery p50, ms', (r) => r.marketP50, 0],
    ['market_update delivery p99, ms', (r) => r.marketP99, 0],
    ['match_update delivery p99, ms', (r) => r.matchP99, 0],
    ['market_update messages delivered / s', (r) => r.marketPerSecond, 0],
    ['… per player / s', (r) => r.marketPerSecond / r.subscribed, 2],
    ['feed MiB / s received (all messages)', (r) => r.mibPerSecond, 1],
    ...Array.from({ length: INSTANCES }, (_, i): [string, (r: RunFigures) => number, number][] => [
      [`instance ${i + 1}: CPU s / s`, (r) => r.cpu[i]!, 3],
      [`instance ${i + 1}: CPU s / s per 1,000 sockets, above idle`, (r) => r.cpuPer1000[i]!, 3],
      [`instance ${i + 1}: CPU µs per message sent, above idle`, (r) => r.cpuMicrosPerMessage[i]!, 1],
      [`instance ${i + 1}: RSS, MB`, (r) => r.rssMb[i]!, 0],
      [`instance ${i + 1}: RSS per 1,000 sockets, above idle, MB`, (r) => r.rssPer1000[i]!, 1],
    ]).flat(),
    ['simulator leader (no player): CPU s / s', (r) => r.producerCpu, 3],
    ['generators: CPU s / s (core 1)', (r) => r.generatorCpu, 2],
    ['generators: event-loop delay p99, ms', (r) => r.generatorLoopP99, 0],
    ['machine: share of time some task waited for a CPU (PSI), %', (r) => (r.pressure ?? NaN) * 100, 0],
  ];
  const first = runs[0]!;
  const header = [
    'figure',
    ...runs.map((r) => `${r.players.toLocaleString('en')} players`),
    ...runs.slice(1).map((r) => `${r.players.toLocaleString('en')} ÷ ${first.players.toLocaleString('en')}`),
  ];
  printColumns(
    rows.map(([name, pick, digits]) => [
      name,
      ...runs.map((r) => fmt(pick(r), digits)),
      ...runs.slice(1).map((r) => `${fmt(pick(r) / pick(first), 2)}×`),
    ]),
    header,
  );
}

/** Runs the player counts one after another on two instances behind Redis and prints the table. */
export async function fanoutOnInstances(options: InstancesOptions): Promise<void> {
  const largest = Math.max(...options.players);
  // Each server holds its half of the sockets, each generator the same half (its own process): one fd each.
  if (largest / INSTANCES + 500 > openFilesLimit())
    throw new Error(
      `${largest} players need ${largest / INSTANCES + 500} open files per process; the limit is ${openFilesLimit()} (ulimit -n)`,
    );
  const pinned = pinApart(options.pin);
  /** The simulator leader first, then the player instances. */
  const servers: Instance[] = [];
  const generators: Generator[] = [];
  const killAll = () => {
    generators.forEach((g) => g.child.kill());
    servers.forEach((s) => s.child.kill('SIGTERM'));
  };
  const deadline = setTimeout(() => {
    console.error('bench: hard deadline reached, stopping');
    killAll();
    process.exit(2);
  }, HARD_DEADLINE_MS);
  const db = await throwawayDatabase(options.db, 'bench_fanout');
  try {
    const env = {
      SIMULATOR_ENABLED: 'true',
      REDIS_URL: options.redis,
      REDIS_CHANNEL_PREFIX: `fanout:${db.name}:`,
    };
    // Each its own metrics port (several instances on one machine); read for the clients each one dropped.
    const start = async () => {
      const metricsPort = await freePort();
      const server = await startServer(db.url, { ...env, METRICS_PORT: String(metricsPort) }, pinned);
      servers.push({ ...server, metricsPort });
      return server;
    };
    // The leader first: it holds the simulator's lock before the player instances start.
    const producer = await start();
    const eventIds = await liveEventIds(producer.base, 5);
    for (let i = 0; i < INSTANCES; i++) await start();
    for (let i = 0; i < INSTANCES; i++) generators.push(await forkGenerator());
    const idle = await idleWindow(servers);
    console.log(
      `feed fan-out: ${INSTANCES} instances behind Redis (PostgreSQL) take the players, split evenly; a third leads the ` +
        `simulator (${eventIds.length} live events) and takes none; ${pinned ? 'servers pinned to core 0, generators to core 1' : 'not pinned'}; ` +
        `ramp ${RAMP_PER_SECOND}/s, settle ${SETTLE_S} s, measured ${options.seconds} s per run; node ${process.version}`,
    );
    console.log(
      `idle (no player, ${IDLE_S} s): ${idle.map((x, i) => `${i === 0 ? 'simulator leader' : `instance ${i}`} CPU ${x.cpu.toFixed(3)} s/s, RSS ${x.rssMb.toFixed(0)} MB`).join('; ')}`,
    );
    const runs: RunFigures[] = [];
    for (const players of options.players) {
      const run = await measureRun(servers, generators, players, eventIds, options.seconds, idle.slice(1));
      console.log(
        `${players} players: ${run.subscribed} subscribed, failed ${JSON.stringify(run.failed)}, ramp ${run.rampSeconds.toFixed(1)} s, ${run.open} open at the end of the window; clients dropped by the servers so far: ${run.dropped.map((d, i) => `instance ${i + 1} ${d}`).join('; ')}`,
      );
      runs.push(run);
      await new Promise((r) => setTimeout(r, 2_000)); // the servers let the closed sockets go
    }
    console.log('');
    printRuns(runs);
  } finally {
    clearTimeout(deadline);
    killAll();
    await new Promise((r) => setTimeout(r, 1_500));
    await db.drop();
  }
}
