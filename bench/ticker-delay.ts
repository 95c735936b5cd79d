// The desk's ticker delay as a ratio to the player feed's own delivery, measured in the same run (issue 34, the
// closing note's figure). Ticker: from a betPlace answer to the bet's arrival on the operators' ticker socket
// (/ops/v1/ticker). Feed (the baseline): from an operator price override's answer to the market_update that carries
// the new price on a player's feed socket (/ws/feed, topic event:<id>). Both sockets and both clocks are this
// process's; the app runs in it (PGlite, or --db postgres://…) with the simulator on. Rounds alternate a bet and a
// price change on one pre-match football event, one at a time, each waited for before the next.
//
// It cannot hang: every socket has its listeners before it connects (the feed greets with `hello` at once, and a
// listener attached after `open` missed it), every wait has a deadline that names what did not come, a progress
// line goes to stderr every few seconds, and the whole run is bounded by --max-seconds.
// Run: node --import tsx bench/ticker-delay.ts [--rounds 20] [--scale 0.1] [--db URL] [--max-seconds 600]
import WebSocket from 'ws';
import { arg } from './support/args';
import { cpuPressureUs, printColumns, quantile } from './support/report';
import { simulatedBook } from './support/simulated-book';

const rounds = Number(arg('rounds', '20'));
const scale = Number(arg('scale', '0.1'));
const url = arg('db', '');
const maxSeconds = Number(arg('max-seconds', '600'));
const OPERATOR_TOKEN = 'bench-ticker-delay-operator-token-2026';
/** The longest one socket step (open, hello, sign-in, subscribe) or one arrival is awaited. */
const STEP_TIMEOUT_MS = 30_000;
/** How often a progress line goes to stderr while the bench runs. */
const PROGRESS_EVERY_MS = 10_000;

/** What the bench is doing now: named in the progress lines and in the message of a run that ran out of time. */
let doing = 'starting the app';

/** `promise`, or a failure naming `what` after `ms`. */
function within<T>(promise: Promise<T>, what: string, ms = STEP_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Arrival times by key; `wait` resolves with a key's time, whether it came before the call or after. */
function arrivals() {
  const seen = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  return {
    mark(key: string, at: number) {
      if (seen.has(key)) return;
      seen.set(key, at);
      waiting.get(key)?.(at);
      waiting.delete(key);
    },
    /** Drops an earlier arrival of `key`: only one after this call counts. */
    forget(key: string) {
      seen.delete(key);
    },
    wait(key: string, what: string): Promise<number> {
      const at = seen.get(key);
      if (at !== undefined) return Promise.resolve(at);
      return within(new Promise<number>((resolve) => waiting.set(key, resolve)), what);
    },
  };
}

/**
 * A socket whose message listener is attached before it connects, open. A server that speaks first is heard: ws
 * hands over a message that came with the upgrade's answer in the same turn as `open`, before an `await` on the
 * open resumes (the hang this bench had). `broken` fails if the socket errs or closes before the bench closes it.
 */
async function open(
  address: string,
  path: string,
  onMessage: (raw: WebSocket.RawData, at: number, ws: WebSocket) => void,
) {
  const ws = new WebSocket(`${address.replace('http', 'ws')}${path}`);
  let closing = false;
  ws.on('message', (raw) => onMessage(raw, performance.now(), ws));
  const broken = new Promise<never>((_, reject) => {
    ws.on('error', (error) => reject(new Error(`${path}: ${error.message}`)));
    ws.on('close', (code, reason) => {
      if (!closing) reject(new Error(`${path} closed by the server: ${code} ${String(reason)}`));
    });
  });
  broken.catch(() => undefined);
  await within(
    Promise.race([new Promise<void>((resolve) => ws.once('open', () => resolve())), broken]),
    `${path}: opening`,
  );
  return {
    ws,
    /** Fails when the socket breaks: raced against every wait on it. */
    broken,
    close() {
      closing = true;
      ws.close();
    },
  };
}

/** A promise resolved from a socket's listener (a message the bench waits for). */
function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

async function main(): Promise<void> {
  const started = performance.now();
  const progress = setInterval(() => {
    console.error(`[ticker-delay ${((performance.now() - started) / 1000).toFixed(0)} s] ${doing}`);
  }, PROGRESS_EVERY_MS);
  const deadline = setTimeout(() => {
    console.error(`ticker-delay: the run passed --max-seconds ${maxSeconds} while ${doing}`);
    process.exit(2);
  }, maxSeconds * 1000);

  const { app, database } = await simulatedBook(url, scale, { OPERATOR_TOKEN });
  const listening = await app.listen({ port: 0, host: '127.0.0.1' });
  // The demo brand answers on localhost.
  const address = listening.replace('127.0.0.1', 'localhost');
  const ops = { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'application/json' };

  doing = 'signing the demo client in';
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

  doing = 'choosing a pre-match football event';
  const list = (await (
    await fetch(`${address}/api/v2/fixture/full?sport=1&onlyPre=1&per_page=100`)
  ).json()) as { result: { id: number; startDate: string }[] };
  const eventId = list.result.find((e) => Date.parse(e.startDate) > Date.now() + 3_600_000)?.id;
  if (eventId === undefined) throw new Error('no pre-match football event more than an hour away');
  const detail = (await (await fetch(`${address}/api/v2/fixture/e/${eventId}`)).json()) as {
    result: { markets: { t: number; selections: { id: number; odd: number }[] }[] };
  };
  const [bet, priced] = detail.result.markets.find((m) => m.t === 1)?.selections ?? [];
  if (!bet || !priced) throw new Error(`event ${eventId} has no 1X2 market with two selections`);

  doing = 'signing in on the ops ticker socket';
  const ticker = arrivals();
  const authed = signal();
  const tickerSocket = await open(address, '/ops/v1/ticker', (raw, at) => {
    const msg = JSON.parse(String(raw)) as { type: string; bets?: { id: number }[] };
    if (msg.type === 'authenticated') authed.resolve();
    if (msg.type === 'bets') for (const b of msg.bets ?? []) ticker.mark(String(b.id), at);
  });
  tickerSocket.ws.send(JSON.stringify({ type: 'auth', token: OPERATOR_TOKEN }));
  await within(Promise.race([authed.promise, tickerSocket.broken]), '/ops/v1/ticker: authenticated');

  doing = `subscribing the player's feed socket to event:${eventId}`;
  const feed = arrivals();
  const subscribed = signal();
  let lastOdd: number | null = null;
  // The subscribe goes out on the socket handed to the listener: the `hello` can come before `open` resolves.
  const feedSocket = await open(address, '/ws/feed', (raw, at, ws) => {
    const msg = JSON.parse(String(raw)) as {
      type: string;
      markets?: { selections: { id: number; odd: number }[] }[];
    };
    if (msg.type === 'hello')
      ws.send(JSON.stringify({ type: 'subscribe', topics: [`event:${eventId}`], locale: 'en' }));
    if (msg.type === 'subscribed') subscribed.resolve();
    if (msg.type === 'market_update')
      for (const s of msg.markets?.flatMap((m) => m.selections) ?? [])
        if (s.id === priced.id) {
          lastOdd = s.odd;
          feed.mark(`${s.odd}`, at);
        }
  });
  await within(Promise.race([subscribed.promise, feedSocket.broken]), '/ws/feed: hello and subscribed');

  const tickerMs: number[] = [];
  const feedMs: number[] = [];
  const model = priced.odd;
  const waitedBefore = cpuPressureUs();
  const measuredFrom = performance.now();
  for (let i = 0; i < rounds; i++) {
    doing = `round ${i + 1} of ${rounds}: a bet, then its arrival on the ticker`;
    const form = new URLSearchParams({ walletType: 'cash', type: '1', amount: '100' });
    form.append('bets[0][eventId]', String(eventId));
    form.append('bets[0][oddId]', String(bet.id));
    form.append('bets[0][odd]', String(bet.odd));
    form.append('bets[0][banker]', '0');
    form.append('bets[0][isLive]', '0');
    const placed = await within(
      fetch(`${address}/api/v1/betPlace`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': `bench-ticker-${Date.now()}-${i}`,
        },
        body: form,
      }),
      `round ${i + 1}: betPlace's answer`,
    );
    const answered = performance.now();
    const body = (await placed.json()) as { result?: { id: number } };
    if (!placed.ok || !body.result) throw new Error(`betPlace ${placed.status}: ${JSON.stringify(body)}`);
    const betId = String(body.result.id);
    const onTicker = await Promise.race([
      ticker.wait(betId, `round ${i + 1}: bet ${betId} on /ops/v1/ticker`),
      tickerSocket.broken,
    ]);
    tickerMs.push(onTicker - answered);

    // A new price each round (model + 0.01 × (i + 1)), then the market_update that carries it.
    doing = `round ${i + 1} of ${rounds}: a price override, then its market_update`;
    const odd = Math.round((model + 0.01 * (i + 1)) * 100) / 100;
    feed.forget(`${odd}`);
    const changed = await within(
      fetch(`${address}/ops/v1/selections/${priced.id}/override`, {
        method: 'POST',
        headers: ops,
        body: JSON.stringify({
          odd,
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          reason: 'ticker delay bench',
        }),
      }),
      `round ${i + 1}: the override's answer`,
    );
    const changedAt = performance.now();
    if (!changed.ok) throw new Error(`override ${changed.status}: ${await changed.text()}`);
    const onFeed = await Promise.race([
      feed.wait(
        `${odd}`,
        `round ${i + 1}: selection ${priced.id} at ${odd} on /ws/feed (last seen at ${lastOdd})`,
      ),
      feedSocket.broken,
    ]);
    feedMs.push(onFeed - changedAt);
  }
  const waited = cpuPressureUs();
  const share =
    waited === null || waitedBefore === null
      ? 'CPU pressure unknown'
      : `some task waited for a CPU ${((100 * (waited - waitedBefore)) / 1000 / (performance.now() - measuredFrom)).toFixed(0)}% of the rounds`;

  const ms = (v: number) => v.toFixed(1);
  const ratio = (xs: number[], q: number) => `${(quantile(xs, q) / quantile(feedMs, q)).toFixed(2)}×`;
  const row = (name: string, xs: number[]) => [
    name,
    ms(quantile(xs, 0.5)),
    ms(quantile(xs, 0.9)),
    ms(Math.min(...xs)),
    ms(Math.max(...xs)),
    ratio(xs, 0.5),
    ratio(xs, 0.9),
  ];
  console.log(
    `\nticker delay vs feed delivery — ${database.kind}, scale ${scale}, ${rounds} rounds, event ${eventId}; ${share}\n`,
  );
  printColumns(
    [
      row('price override answer → player market_update (baseline)', feedMs),
      row('betPlace answer → ops ticker socket', tickerMs),
    ],
    ['path', 'p50 ms', 'p90 ms', 'min ms', 'max ms', 'p50 ÷ baseline', 'p90 ÷ baseline'],
  );
  console.log(`\nticker ÷ feed: p50 ${ratio(tickerMs, 0.5)}, p90 ${ratio(tickerMs, 0.9)}`);

  doing = 'closing';
  tickerSocket.close();
  feedSocket.close();
  await within(app.close(), 'closing the app');
  await within(database.close(), 'closing the database');
  clearInterval(progress);
  clearTimeout(deadline);
}

main().catch((error: unknown) => {
  console.error(`ticker-delay failed while ${doing}:`, error);
  process.exit(1);
});
