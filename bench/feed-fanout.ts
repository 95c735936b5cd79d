// Live-feed fan-out benchmark: N WebSocket clients on loopback, a producer publishing on the bus at
// a fixed rate. Reports updates/s delivered, p50/p99 delivery latency and server memory growth,
// each as a ratio to a bare `ws` broadcast server (same clients, same rate, same run).
// Run: node --import tsx bench/feed-fanout.ts [--clients 50,200,500] [--rate 100] [--seconds 3] [--repeat 3]
// Baseline and feed runs alternate `repeat` times per client count; each figure is the median of its runs.
// Bounded: fixed client counts and durations, loopback only, a hard deadline kills everything.
// Instances mode (issue 38 item 8): `--players 1000,10000 --db postgres://… [--redis redis://…] [--seconds 20]
// [--pin off]` measures two real server instances behind Redis instead (feed-fanout.instances.ts).
import { fork, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import type { MemorySample, ServerCommand, ServerReply } from './feed-fanout.server';
import { fanoutOnInstances } from './feed-fanout.instances';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '50,200,500' },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string' },
    repeat: { type: 'string', default: '3' },
    players: { type: 'string' },
    db: { type: 'string', default: process.env.TEST_DATABASE_URL ?? '' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
    pin: { type: 'string', default: 'on' },
  },
});
const CLIENT_COUNTS = values.clients
  .split(',')
  .map(Number)
  .filter((n) => n > 0 && n <= 2_000);
const RATE = Math.min(Number(values.rate), 1_000);
const DURATION_MS = Math.min(Number(values.seconds ?? '3'), 30) * 1_000;
const REPEAT = Math.max(1, Math.min(Number(values.repeat), 5));
const HARD_DEADLINE_MS = 10 * 60_000;

interface RunResult {
  delivered: number;
  perSecond: number;
  p50: number;
  p99: number;
  rssDelta: number;
  heapDelta: number;
}

const nowMicros = () => Math.round((performance.timeOrigin + performance.now()) * 1_000);
const children = new Set<ChildProcess>();

function startServer(mode: 'feed' | 'raw') {
  const child = fork(new URL('./feed-fanout.server.ts', import.meta.url).pathname, [mode], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  const next = () =>
    new Promise<ServerReply>((resolve) => child.once('message', (m) => resolve(m as ServerReply)));
  return { child, next, send: (command: ServerCommand) => child.send(command) };
}

/** Opens N clients; the feed's subscribe to `live` so every update reaches each of them. */
async function openClients(
  url: string,
  count: number,
  feed: boolean,
  latencies: number[],
  counter: { n: number },
) {
  const open = Array.from({ length: count }, async () => {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    let subscribed = !feed;
    const ready = new Promise<void>((resolve) => {
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as { type: string; ts?: number };
        if (message.type === 'subscribed') {
          subscribed = true;
          resolve();
        }
        if (message.type === 'match_update' && subscribed) {
          counter.n += 1;
          latencies.push((nowMicros() - message.ts!) / 1_000);
        }
      });
      if (!feed) resolve();
    });
    if (feed) socket.send(JSON.stringify({ type: 'subscribe', topics: ['live'] }));
    await ready;
    return socket;
  });
  return Promise.all(open);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

async function run(mode: 'feed' | 'raw', clients: number): Promise<RunResult> {
  const server = startServer(mode);
  const ready = await server.next();
  if (ready.kind !== 'ready') throw new Error('server did not start');
  const latencies: number[] = [];
  const counter = { n: 0 };
  const sockets = await openClients(ready.url, clients, mode === 'feed', latencies, counter);
  server.send({ cmd: 'produce', rate: RATE, durationMs: DURATION_MS });
  const produced = await server.next();
  if (produced.kind !== 'produced') throw new Error('producer failed');
  const expected = produced.count * clients;
  const drainUntil = performance.now() + 2_000; // let messages in flight arrive, bounded
  while (counter.n < expected && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 20));
  sockets.forEach((s) => s.terminate());
  server.send({ cmd: 'stop' });
  latencies.sort((a, b) => a - b);
  return {
    delivered: counter.n / expected,
    perSecond: counter.n / (DURATION_MS / 1_000),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    ...memoryDelta(ready.memory, produced.memory),
  };
}

function memoryDelta(before: MemorySample, after: MemorySample) {
  return {
    rssDelta: (after.rss - before.rss) / 2 ** 20,
    heapDelta: (after.heapUsed - before.heapUsed) / 2 ** 20,
  };
}

/** Field-by-field median of several runs (runs on a shared 2-core loopback are noisy). */
function median(runs: RunResult[]): RunResult {
  const pick = (key: keyof RunResult) => {
    const sorted = runs.map((r) => r[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  return {
    delivered: pick('delivered'),
    perSecond: pick('perSecond'),
    p50: pick('p50'),
    p99: pick('p99'),
    rssDelta: pick('rssDelta'),
    heapDelta: pick('heapDelta'),
  };
}

const ratio = (value: number, base: number) =>
  base > 0 && Number.isFinite(value) ? `${(value / base).toFixed(2)}×` : 'n/a';
const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

function row(clients: number, label: string, r: RunResult, base?: RunResult): string {
  const cells = [
    String(clients),
    label,
    `${fixed(r.perSecond, 0)}${base ? ` (${ratio(r.perSecond, base.perSecond)})` : ''}`,
    `${fixed(r.delivered * 100)}%`,
    `${fixed(r.p50, 2)}${base ? ` (${ratio(r.p50, base.p50)})` : ''}`,
    `${fixed(r.p99, 2)}${base ? ` (${ratio(r.p99, base.p99)})` : ''}`,
    `${fixed(r.rssDelta)}${base ? ` (${ratio(r.rssDelta, base.rssDelta)})` : ''}`,
    `${fixed(r.heapDelta)}${base ? ` (${ratio(r.heapDelta, base.heapDelta)})` : ''}`,
  ];
  return `| ${cells.join(' | ')} |`;
}

async function main() {
  const deadline = setTimeout(() => {
    console.error('bench: hard deadline reached, stopping');
    children.forEach((c) => c.kill());
    process.exit(2);
  }, HARD_DEADLINE_MS);
  console.log(
    `feed fan-out: ${RATE} updates/s for ${DURATION_MS / 1_000} s per run, median of ${REPEAT} runs, loopback, node ${process.version}`,
  );
  console.log(
    'baseline: a bare `ws` server broadcasting the same messages to the same clients (ratios: feed ÷ baseline)\n',
  );
  console.log(
    '| clients | server | updates/s delivered | delivered | p50 ms | p99 ms | server RSS Δ MB | server heap Δ MB |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const clients of CLIENT_COUNTS) {
    const raws: RunResult[] = [];
    const feeds: RunResult[] = [];
    for (let i = 0; i < REPEAT; i += 1) {
      raws.push(await run('raw', clients));
      feeds.push(await run('feed', clients));
    }
    const raw = median(raws);
    console.log(row(clients, 'raw ws (baseline)', raw));
    console.log(row(clients, 'feed /ws/feed', median(feeds), raw));
  }
  clearTimeout(deadline);
}

const instancesRun = values.players
  ? fanoutOnInstances({
      players: values.players
        .split(',')
        .map(Number)
        .filter((n) => n > 0 && n <= 12_000),
      db: values.db || 'postgres://postgres@127.0.0.1:5432/postgres',
      redis: values.redis,
      seconds: Math.min(Number(values.seconds ?? '20'), 60),
      pin: values.pin,
    })
  : null;

(instancesRun ?? main()).catch((error) => {
  console.error(error);
  children.forEach((c) => c.kill());
  process.exit(1);
});
