// Child process of bench/feed-fanout.ts: one WebSocket server on loopback and a producer.
// `feed`: the real feed module (Fastify + @fastify/websocket + FeedHub on the memory bus).
// `raw`: the baseline, a bare `ws` server that sends every message to every client.
// The producer stamps `ts` in MICROseconds of wall time so the parent can compute latency.
import Fastify from 'fastify';
import websocket from '@fastify/websocket';
import { WebSocketServer } from 'ws';
import type { MatchUpdate } from '@sb/contract';
import { createMemoryBus } from '../apps/server/src/plugins/bus';
import { createFeedModule, type FeedLimits } from '../apps/server/src/modules/feed/index';
import { cryptoIds } from '../apps/server/src/lib/ids';
import { systemClock } from '../apps/server/src/lib/clock';

export type ServerCommand = { cmd: 'produce'; rate: number; durationMs: number } | { cmd: 'stop' };
export interface MemorySample {
  rss: number;
  heapUsed: number;
}
export type ServerReply =
  | { kind: 'ready'; url: string; memory: MemorySample }
  | { kind: 'produced'; count: number; memory: MemorySample };

const LIMITS: FeedLimits = {
  heartbeatMs: 5_000,
  conflateMs: 150,
  ringSize: 5_000,
  ringMaxBytes: 8 * 1024 * 1024,
  maxEvents: 5_000,
  maxMarketsPerEvent: 1_000,
  maxBufferedBytes: 1024 * 1024,
  maxStrikes: 3,
  maxTopics: 100,
};

const nowMicros = () => Math.round((performance.timeOrigin + performance.now()) * 1_000);

function update(i: number): MatchUpdate {
  const score = { home: i % 5, away: i % 3 };
  return {
    type: 'match_update',
    eventId: 1 + (i % 20),
    sportId: 1,
    competition: { id: 7, name: 'Bench League' },
    isLive: true,
    isSuspended: false,
    periodTime: i % 90,
    periodTimeLeft: 90 - (i % 90),
    periodCounter: 1,
    status: 'first_half',
    data: { score, stats: [{ period: 1, score, red: score, yellow: score, corner: score }] },
    resultName: null,
    ts: nowMicros(),
  };
}

function memory(): MemorySample {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

async function startFeed() {
  const bus = createMemoryBus();
  const feed = createFeedModule({ bus, clock: systemClock, ids: cryptoIds, limits: LIMITS });
  const app = Fastify({ logger: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(feed.routes);
  const url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws') + '/ws/feed';
  const publish = (i: number) => void bus.publish('fixture.match', update(i));
  const stop = async () => {
    feed.close();
    await app.close();
    await bus.close();
  };
  return { url, publish, stop };
}

async function startRaw() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const { port } = wss.address() as { port: number };
  const publish = (i: number) => {
    const text = JSON.stringify({ ...update(i), seq: i + 1 });
    for (const client of wss.clients) client.send(text);
  };
  const stop = async () => {
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  };
  return { url: `ws://127.0.0.1:${port}`, publish, stop };
}

/** Publishes `rate` messages per second in 10 ms ticks for `durationMs`. */
function produce(publish: (i: number) => void, rate: number, durationMs: number): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    let sent = 0;
    const timer = setInterval(() => {
      const elapsed = performance.now() - started;
      const due = Math.min(Math.floor((elapsed / 1_000) * rate), Math.floor((durationMs / 1_000) * rate));
      while (sent < due) publish(sent++);
      if (elapsed >= durationMs) {
        clearInterval(timer);
        resolve(sent);
      }
    }, 10);
  });
}

async function main() {
  const mode = process.argv[2] === 'raw' ? 'raw' : 'feed';
  const server = mode === 'raw' ? await startRaw() : await startFeed();
  const send = (reply: ServerReply) => process.send!(reply);
  process.on('message', async (command: ServerCommand) => {
    if (command.cmd === 'produce') {
      const count = await produce(server.publish, command.rate, command.durationMs);
      send({ kind: 'produced', count, memory: memory() });
    } else {
      await server.stop();
      process.exit(0);
    }
  });
  process.on('disconnect', () => process.exit(0)); // the parent is gone: never linger
  send({ kind: 'ready', url: server.url, memory: memory() });
}

void main();
