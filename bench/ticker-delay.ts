// The desk's ticker delay as a ratio to the player feed's own delivery, measured in the same run (issue 34, the
// closing note's figure). Ticker: from a betPlace answer to the bet's arrival on the operators' ticker socket
// (/ops/v1/ticker). Feed: from an operator price override's answer to the market_update that carries the new price on
// a player's feed socket (/ws/feed, topic event:<id>). Both sockets and both clocks are this process's; the app runs
// in it (PGlite, or --db postgres://…) with the simulator on. Rounds alternate a bet and a price change on one
// pre-match football event, one at a time, each waited for before the next.
// Run: node --import tsx bench/ticker-delay.ts [--rounds 20] [--scale 0.1] [--db URL]
import WebSocket from 'ws';
import { simulatedBook } from './support/simulated-book';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const rounds = Number(arg('rounds', '20'));
const scale = Number(arg('scale', '0.1'));
const url = arg('db', '');
const OPERATOR_TOKEN = 'bench-ticker-delay-operator-token-2026';
/** The longest one arrival is awaited (a hang guard: a missing arrival fails the bench). */
const PATIENCE_MS = 60_000;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * (s.length - 1)))]! : NaN;
};

/** Resolves with the arrival time `key` gets (now or later), or fails after PATIENCE_MS. */
function arrivals() {
  const seen = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  return {
    mark(key: string, at: number) {
      if (seen.has(key)) return;
      seen.set(key, at);
      waiting.get(key)?.(at);
    },
    wait(key: string): Promise<number> {
      const at = seen.get(key);
      if (at !== undefined) return Promise.resolve(at);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${key}: nothing in ${PATIENCE_MS} ms`)),
          PATIENCE_MS,
        );
        waiting.set(key, (t) => {
          clearTimeout(timer);
          resolve(t);
        });
      });
    },
  };
}

async function open(address: string, path: string, first: unknown | null): Promise<WebSocket> {
  const ws = new WebSocket(`${address.replace('http', 'ws')}${path}`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  if (first !== null) ws.send(JSON.stringify(first));
  return ws;
}

async function main(): Promise<void> {
  const { app, database } = await simulatedBook(url, scale, { OPERATOR_TOKEN });
  const listening = await app.listen({ port: 0, host: '127.0.0.1' });
  // The demo brand answers on localhost.
  const address = listening.replace('127.0.0.1', 'localhost');
  const ops = { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'application/json' };

  // The demo client's token.
  const cred = (await (await fetch(`${address}/api/v1/get/client`)).json()) as {
    client_id: string;
    client_secret: string;
  };
  const login = await fetch(`${address}/oauth/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      ...cred,
      username: 'demo',
      password: 'demo-pass-2026',
    }).toString(),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };

  // A pre-match football event more than an hour away and its 1X2 selections.
  const list = (await (
    await fetch(`${address}/api/v2/fixture/full?sport=1&onlyPre=1&per_page=100`)
  ).json()) as { result: { id: number; startDate: string }[] };
  const eventId = list.result.find((e) => Date.parse(e.startDate) > Date.now() + 3_600_000)!.id;
  const detail = (await (await fetch(`${address}/api/v2/fixture/e/${eventId}`)).json()) as {
    result: { markets: { t: number; selections: { id: number; odd: number }[] }[] };
  };
  const [bet, priced] = detail.result.markets.find((m) => m.t === 1)!.selections;

  const ticker = arrivals();
  const tickerSocket = await open(address, '/ops/v1/ticker', { type: 'auth', token: OPERATOR_TOKEN });
  const authed = new Promise<void>((resolve) =>
    tickerSocket.on('message', (raw) => {
      const at = performance.now();
      const msg = JSON.parse(String(raw)) as { type: string; bets?: { id: number }[] };
      if (msg.type === 'authenticated') resolve();
      if (msg.type === 'bets') for (const b of msg.bets ?? []) ticker.mark(String(b.id), at);
    }),
  );
  await authed;

  const feed = arrivals();
  const feedSocket = await open(address, '/ws/feed', null);
  const subscribed = new Promise<void>((resolve) =>
    feedSocket.on('message', (raw) => {
      const at = performance.now();
      const msg = JSON.parse(String(raw)) as {
        type: string;
        markets?: { selections: { id: number; odd: number }[] }[];
      };
      if (msg.type === 'hello')
        feedSocket.send(JSON.stringify({ type: 'subscribe', topics: [`event:${eventId}`], locale: 'en' }));
      if (msg.type === 'subscribed') resolve();
      if (msg.type === 'market_update')
        for (const s of msg.markets?.flatMap((m) => m.selections) ?? [])
          if (s.id === priced!.id) feed.mark(`${s.odd}`, at);
    }),
  );
  await subscribed;

  const tickerMs: number[] = [];
  const feedMs: number[] = [];
  const model = priced!.odd;
  for (let i = 0; i < rounds; i++) {
    // A bet: its answer, then its arrival on the ticker.
    const form = new URLSearchParams({ walletType: 'cash', type: '1', amount: '100' });
    form.append('bets[0][eventId]', String(eventId));
    form.append('bets[0][oddId]', String(bet!.id));
    form.append('bets[0][odd]', String(bet!.odd));
    form.append('bets[0][banker]', '0');
    form.append('bets[0][isLive]', '0');
    const placed = await fetch(`${address}/api/v1/betPlace`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': `bench-ticker-${Date.now()}-${i}`,
      },
      body: form,
    });
    const answered = performance.now();
    const body = (await placed.json()) as { result?: { id: number } };
    if (!placed.ok || !body.result) throw new Error(`betPlace ${placed.status}: ${JSON.stringify(body)}`);
    tickerMs.push((await ticker.wait(String(body.result.id))) - answered);

    // A price change: a new price each round (model + 0.01 × (i + 1)), then its market_update.
    const odd = Math.round((model + 0.01 * (i + 1)) * 100) / 100;
    const changed = await fetch(`${address}/ops/v1/selections/${priced!.id}/override`, {
      method: 'POST',
      headers: ops,
      body: JSON.stringify({
        odd,
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        reason: 'ticker delay bench',
      }),
    });
    const changedAt = performance.now();
    if (!changed.ok) throw new Error(`override ${changed.status}: ${await changed.text()}`);
    feedMs.push((await feed.wait(`${odd}`)) - changedAt);
  }

  const row = (name: string, xs: number[]) =>
    `${name.padEnd(46)}${quantile(xs, 0.5).toFixed(1).padStart(9)}${quantile(xs, 0.9).toFixed(1).padStart(9)}${Math.max(
      ...xs,
    )
      .toFixed(1)
      .padStart(9)}`;
  console.log(
    `\nticker delay vs feed delivery — ${database.kind}, scale ${scale}, ${rounds} rounds, event ${eventId}`,
  );
  console.log(`${'path'.padEnd(46)}${'p50 ms'.padStart(9)}${'p90 ms'.padStart(9)}${'max ms'.padStart(9)}`);
  console.log(row('betPlace answer → ops ticker socket', tickerMs));
  console.log(row('price override answer → player market_update', feedMs));
  console.log(
    `\nticker ÷ feed: p50 ${(quantile(tickerMs, 0.5) / quantile(feedMs, 0.5)).toFixed(2)}×, p90 ${(quantile(tickerMs, 0.9) / quantile(feedMs, 0.9)).toFixed(2)}×`,
  );
  tickerSocket.close();
  feedSocket.close();
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
