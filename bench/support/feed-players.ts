// A load generator of bench/feed-fanout.ts --players, in a process of its own (forked by the bench, so pinned with it
// to core 1): opens WebSocket players against one server instance, each subscribed like the web app (`live` and one
// `event:<id>`, locale en), and times every market_update and match_update from its `ts` to its arrival. Takes
// orders over IPC and answers with what it measured. Latencies go into a histogram of whole milliseconds (10,000
// players get hundreds of thousands of messages a second; a list of each would be the generator's own load).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { feedTimer } from './feed-timer';

export type PlayersOrder =
  | {
      kind: 'open';
      url: string;
      count: number;
      /** Players opened per second (a ramp, not a thundering herd). */
      perSecond: number;
      /** Source addresses: player i connects from `sources[floor(i / perSource)]`. */
      sources: string[];
      perSource: number;
      eventIds: number[];
      /** Players not subscribed this long after the ramp began count as failed ("still joining"). */
      rampLimitS: number;
    }
  | { kind: 'measure'; seconds: number }
  | { kind: 'close' };

/** Milliseconds, one bucket each; the last bucket holds everything slower. */
export const HISTOGRAM_MS = 60_000;

export interface Measured {
  kind: 'measured';
  /** Delivery histograms by message type: counts[ms]. */
  histograms: Record<'market_update' | 'match_update', number[]>;
  bytes: number;
  /** Every message received in the window, of any type. */
  messages: number;
  cpuSeconds: number;
  loopP99Ms: number;
  /** Sockets open at the start and at the end of the window (the rest closed or failed before). */
  openAtStart: number;
  open: number;
}

export type PlayersAnswer =
  | {
      kind: 'opened';
      subscribed: number;
      /** Players that failed before their subscribe was answered, by reason (error code or close code). */
      failed: Record<string, number>;
      seconds: number;
    }
  | Measured
  | { kind: 'closed' }
  | { kind: 'ready' };

/** Players at most waiting for their subscribe to be answered at once. */
const MAX_JOINING = 200;

const sockets: WebSocket[] = [];
let measuring = false;
let bytes = 0;
let messages = 0;
const histograms = {
  market_update: new Uint32Array(HISTOGRAM_MS + 1),
  match_update: new Uint32Array(HISTOGRAM_MS + 1),
};

function record(type: 'market_update' | 'match_update', ms: number): void {
  if (!measuring) return;
  histograms[type][Math.max(0, Math.min(HISTOGRAM_MS, Math.round(ms)))]! += 1;
}

/** One player: resolves with null once its subscribe is answered, or why the socket failed first. */
function player(url: string, localAddress: string, eventId: number): Promise<string | null> {
  const ws = new WebSocket(url, { localAddress });
  sockets.push(ws);
  const onMessage = feedTimer(record);
  return new Promise((resolve) => {
    ws.on('open', () =>
      ws.send(JSON.stringify({ type: 'subscribe', topics: ['live', `event:${eventId}`], locale: 'en' })),
    );
    ws.on('message', (data: Buffer) => {
      if (measuring) {
        bytes += data.length;
        messages += 1;
      }
      if (data.toString('latin1', 0, 20) === '{"type":"subscribed"') resolve(null);
      onMessage(data, Date.now());
    });
    ws.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message.slice(0, 60)));
    ws.on('close', (code: number) => resolve(`close ${code}`));
  });
}

async function open(order: Extract<PlayersOrder, { kind: 'open' }>): Promise<PlayersAnswer> {
  const started = performance.now();
  const pending: Promise<string | null>[] = [];
  const batch = Math.max(1, Math.round(order.perSecond / 20)); // every 50 ms
  let inFlight = 0;
  const limit = started + order.rampLimitS * 1_000;
  for (let i = 0; i < order.count && performance.now() < limit; i++) {
    const source = order.sources[Math.floor(i / order.perSource) % order.sources.length]!;
    const joined = player(order.url, source, order.eventIds[i % order.eventIds.length]!);
    inFlight += 1;
    void joined.then(() => (inFlight -= 1));
    pending.push(joined);
    if (i % batch === batch - 1) await new Promise((r) => setTimeout(r, 50));
    // Players arrive at a rate, but no faster than the server answers them: past its listen backlog a burst of
    // connections waits for SYN retries (seconds), a thundering herd no real evening has.
    while (inFlight >= MAX_JOINING && performance.now() < limit) await new Promise((r) => setTimeout(r, 20));
  }
  const failed: Record<string, number> = {};
  let subscribed = 0;
  const late = new Promise<'late'>((r) =>
    setTimeout(() => r('late'), Math.max(0, limit - performance.now())),
  );
  const outcomes = await Promise.all(pending.map((p) => Promise.race([p, late])));
  if (pending.length < order.count) failed['never opened: ramp limit'] = order.count - pending.length;
  for (const reason of outcomes.map((o) => (o === 'late' ? 'still joining at the ramp limit' : o)))
    if (reason === null) subscribed += 1;
    else failed[reason] = (failed[reason] ?? 0) + 1;
  return {
    kind: 'opened',
    subscribed,
    failed,
    seconds: (performance.now() - started) / 1_000,
  };
}

const openCount = () => sockets.filter((s) => s.readyState === WebSocket.OPEN).length;

async function measure(seconds: number): Promise<PlayersAnswer> {
  histograms.market_update.fill(0);
  histograms.match_update.fill(0);
  bytes = 0;
  messages = 0;
  const openAtStart = openCount();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const cpu = process.cpuUsage();
  loop.enable();
  measuring = true;
  await new Promise((r) => setTimeout(r, seconds * 1_000));
  measuring = false;
  loop.disable();
  const used = process.cpuUsage(cpu);
  return {
    kind: 'measured',
    histograms: {
      market_update: Array.from(histograms.market_update),
      match_update: Array.from(histograms.match_update),
    },
    bytes,
    messages,
    cpuSeconds: (used.user + used.system) / 1e6,
    loopP99Ms: loop.percentile(99) / 1e6,
    openAtStart,
    open: openCount(),
  };
}

async function close(): Promise<PlayersAnswer> {
  const closed = sockets.map(
    (s) => new Promise((r) => (s.readyState === WebSocket.CLOSED ? r(null) : s.once('close', r))),
  );
  sockets.forEach((s) => s.terminate());
  await Promise.all(closed);
  sockets.length = 0;
  return { kind: 'closed' };
}

process.on('message', (order: PlayersOrder) => {
  const answer =
    order.kind === 'open' ? open(order) : order.kind === 'measure' ? measure(order.seconds) : close();
  void answer.then((a) => process.send!(a));
});
process.on('disconnect', () => process.exit(0)); // the bench is gone: never linger
process.send!({ kind: 'ready' } satisfies PlayersAnswer);
