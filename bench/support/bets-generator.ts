// The load generator of bench/bets.ts, in a process of its own (pinned to its own core where it can be), so the
// placements per second are the server's and not the server's less what the HTTP client costs on the same event
// loop. It takes orders from the bench over IPC and answers with what it measured.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { slipForm, type Pick } from '../../apps/server/test/support/betting';
import { send } from './http';
import { timed } from './postgres';

export type GeneratorOrder =
  | { kind: 'setup'; address: string; tokens: string[]; picks: Pick[]; stake: number }
  | { kind: 'closed'; ops: number; concurrency: number; legs: 'single' | 'treble' }
  | { kind: 'open'; rate: number; seconds: number; calls: ('healthz' | 'single')[] };

export type GeneratorAnswer =
  | { kind: 'ready' }
  | { kind: 'closed'; seconds: number }
  /** One list of milliseconds per call of the order, Infinity for a request never answered. */
  | { kind: 'open'; times: number[][] };

let address = '';
let tokens: string[] = [];
let picks: Pick[] = [];
let stake = 0;

const single = (i: number) => [picks[i % picks.length]!];
const treble = (i: number) => [0, 1, 2].map((k) => picks[(i + k * 7) % picks.length]!);

/** Kept-alive connections, as many as requests in flight. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1_024 });

/** A browser's Accept-Encoding, so the server compresses what it would for a phone (the body is not decoded). */
const ACCEPT = { 'accept-encoding': 'gzip, deflate, br' };

async function place(i: number, legs: (i: number) => Pick[]): Promise<number> {
  const chosen = legs(i);
  const body = slipForm(chosen.length === 1 ? 1 : 2, stake, chosen);
  const started = performance.now();
  const res = await send(agent, `${address}/api/v1/betPlace`, {
    method: 'POST',
    headers: {
      ...ACCEPT,
      authorization: `Bearer ${tokens[i % tokens.length]!}`,
      'content-type': 'application/x-www-form-urlencoded',
      'idempotency-key': randomUUID(),
    },
    body,
    keepBody: true,
  });
  if (res.status !== 200) throw new Error(`betPlace ${res.status}: ${res.body}`);
  return performance.now() - started;
}

async function healthz(): Promise<number> {
  const started = performance.now();
  await send(agent, `${address}/healthz`, { headers: ACCEPT });
  return performance.now() - started;
}

/** Open loop: a call every 1000/rate ms whatever the answers, so slow answers cannot slow the arrivals. */
function atRate(rate: number, seconds: number, send: (i: number) => Promise<number>): Promise<number[]> {
  const count = rate * seconds;
  const start = performance.now();
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const due = start + (i * 1000) / rate;
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      // A request that fails (a connect timeout when the server has fallen far behind) counts as never answered.
      return send(i).catch(() => Infinity);
    }),
  );
}

async function handle(order: GeneratorOrder): Promise<GeneratorAnswer> {
  switch (order.kind) {
    case 'setup':
      ({ address, tokens, picks, stake } = order);
      return { kind: 'ready' };
    case 'closed': {
      const legs = order.legs === 'single' ? single : treble;
      return { kind: 'closed', seconds: await timed(order.ops, order.concurrency, (i) => place(i, legs)) };
    }
    case 'open': {
      const calls = order.calls.map((call) =>
        atRate(order.rate, order.seconds, call === 'healthz' ? healthz : (i) => place(i, single)),
      );
      return { kind: 'open', times: await Promise.all(calls) };
    }
  }
}

process.on('message', (order: GeneratorOrder) => {
  handle(order).then(
    (answer) => process.send!(answer),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
