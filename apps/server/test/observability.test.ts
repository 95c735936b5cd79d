// Metrics on their own listener, liveness vs readiness, load shedding and request ids.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config';
import { matchUpdate } from '../src/modules/feed/feed.test-support';
import { startMetricsServer } from '../src/observability/metrics-server';
import { describeEachBackend } from './support/databases';
import { connectFeed, isType } from './support/feed-client';
import { createTestServer, type TestServer } from './support/server';
import { bearer, login } from './support/accounts';
import { placeBet, preMatchPicks, slipForm, type Pick } from './support/betting';
import { waitFor } from './support/wait';

/** Every metric the issue names: each must be exposed once a bet, a cash-out and a feed message went through. */
const METRIC_NAMES = [
  'nodejs_eventloop_lag_seconds',
  'process_cpu_user_seconds_total',
  'sb_http_request_duration_seconds',
  'sb_bets_placed_total',
  'sb_bets_refused_total',
  'sb_bet_place_duration_seconds',
  'sb_settlement_lag_seconds',
  'sb_cashouts_total',
  'sb_feed_clients',
  'sb_feed_messages_sent_total',
  'sb_feed_delivery_lag_seconds',
  'sb_feed_clients_dropped_total',
  'sb_producer_leader',
  'sb_producer_stale',
  'sb_ledger_transfers_total',
  'sb_casino_rounds_total',
];

/** The value of one sample line (`name{labels} value`), or null when absent. */
function sample(text: string, name: string, labels = ''): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line ? Number(line.split(' ').pop()) : null;
}

describeEachBackend('metrics', (backend) => {
  let server: TestServer;
  let metricsUrl = '';
  let closeMetrics: () => Promise<void> = async () => undefined;
  let token = '';
  let picks: Pick[] = [];

  beforeAll(async () => {
    server = await createTestServer(backend);
    const listener = await startMetricsServer(server.metrics, { port: 0, host: '127.0.0.1' });
    metricsUrl = listener.url;
    closeMetrics = listener.close;
    token = (await login(server, 'demo', 'demo-pass-2026')).access_token;
    picks = await preMatchPicks(server, 1);
  });
  afterAll(async () => {
    await closeMetrics();
    await server?.close();
  });

  it('exposes every named metric after a bet, a cash-out and a feed message', async () => {
    const placed = await placeBet(server, token, slipForm(1, 1000, [picks[0]!]));
    expect(placed.statusCode).toBe(200);
    const refused = await placeBet(
      server,
      token,
      slipForm(1, 1000, [{ ...picks[0]!, odd: picks[0]!.odd + 3 }]),
    );
    expect(refused.statusCode).toBe(400);
    const url = `/api/v1/bet-cash-out/${placed.json().result.id}`;
    const quote = (await server.app.inject({ method: 'GET', url, headers: bearer(token) })).json().result;
    const cashed = await server.app.inject({
      method: 'POST',
      url,
      headers: bearer(token),
      payload: { expected: quote.amount },
    });
    expect(cashed.json().result.status).toBe('cashed_out');

    const baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const client = await connectFeed(baseUrl);
    await client.next(isType('hello'));
    client.send({ type: 'subscribe', topics: ['live'] });
    await client.next(isType('subscribed'));
    await server.bus.publish('fixture.match', matchUpdate(9_001, { ts: Date.now() }));
    await client.next(isType('match_update'));

    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await res.text();
    await client.close();
    for (const name of METRIC_NAMES) expect(text, name).toContain(`# TYPE ${name} `);
    expect(sample(text, 'sb_bets_placed_total', 'type="single",live="prematch"')).toBe(1);
    expect(sample(text, 'sb_bets_refused_total', 'reason="odd_changed"')).toBe(1);
    expect(sample(text, 'sb_bet_place_duration_seconds_count', 'outcome="placed"')).toBe(1);
    expect(sample(text, 'sb_cashouts_total', 'outcome="cashed_out"')).toBe(1);
    expect(sample(text, 'sb_ledger_transfers_total', 'type="bet_stake"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'sb_feed_messages_sent_total')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'sb_feed_delivery_lag_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'sb_feed_clients')).toBe(1);
    expect(sample(text, 'sb_producer_leader', 'loop="simulator"')).toBe(0);
    expect(sample(text, 'sb_producer_stale', 'producer="simulator"')).toBe(0);
    expect(
      sample(
        text,
        'sb_http_request_duration_seconds_count',
        'route="/api/v1/betPlace",method="POST",status="200"',
      ),
    ).toBe(1);
    // Label values are templates and codes, never ids.
    expect(text).not.toContain(url);
    expect(text).not.toMatch(/bet-cash-out\/\d/);
  });

  it('is unreachable on the public port, and the listener answers /metrics only', async () => {
    for (const path of ['/metrics', '/metrics/', '/api/metrics'])
      expect((await server.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await fetch(metricsUrl.replace('/metrics', '/healthz'))).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(404);
  });
});

describe('metrics configuration', () => {
  it('needs METRICS_PUBLIC=true to listen on a non-loopback address', () => {
    expect(() => loadConfig({ METRICS_HOST: '0.0.0.0' })).toThrow(/METRICS_HOST/);
    expect(loadConfig({ METRICS_HOST: '0.0.0.0', METRICS_PUBLIC: 'true' }).METRICS_HOST).toBe('0.0.0.0');
    expect(loadConfig({}).METRICS_HOST).toBe('127.0.0.1');
    expect(loadConfig({}).METRICS_PORT).toBe(9464);
  });
});

describeEachBackend('probes', (backend) => {
  it('keeps liveness while readiness names the lost database', async () => {
    const server = await createTestServer(backend);
    try {
      const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', redis: 'not configured', shutdown: 'ok' },
      });
      // The database goes away (its pool ends: every new connection fails at once).
      await server.database.close();
      const lost = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(lost.statusCode).toBe(503);
      expect(lost.json()).toMatchObject({ error: 'not_ready', failing: ['database', 'migrations'] });
      expect(lost.json().message).toMatch(/database unreachable/);
      expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect(await server.metrics.text()).toMatch(/^sb_ready 0$/m);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('answers 503 from the moment shutdown begins', async () => {
    const server = await createTestServer(backend);
    try {
      expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      server.readiness.beginShutdown();
      const res = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().failing).toEqual(['shutdown']);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe('SIGTERM', () => {
  it('flips /readyz to 503 while still serving, then drains and exits 0', async () => {
    const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        REDIS_URL: '',
        DATA_DIR: 'memory',
        HOST: '127.0.0.1',
        PORT: '0',
        METRICS_PORT: '0',
        SHUTDOWN_DRAIN_MS: '3000',
        CATALOGUE_SCALE: '0.03',
        SIMULATOR_ENABLED: 'false',
        CASINO_TABLES_ENABLED: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', () => {
        const match = output.match(/running: http:\/\/localhost:(\d+)\//);
        if (match) resolve(Number(match[1]));
      });
      void exited.then((code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    child.kill('SIGTERM');
    // Until the server has taken the signal (it logs this right after /readyz turns), not a fixed 300 ms: on a busy
    // machine the handler may run later than that.
    await waitFor(() => /not ready, draining/.test(output), 60_000);
    const during = await fetch(`${base}/readyz`);
    expect(during.status).toBe(503);
    expect(((await during.json()) as { failing: string[] }).failing).toEqual(['shutdown']);
    // Still serving while load balancers notice.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await exited).toBe(0);
    expect(output).toMatch(/not ready, draining/);
  }, 120_000);
});

describe('load shedding', () => {
  let server: TestServer;
  let token = '';
  let pick: Pick;
  beforeAll(async () => {
    server = await createTestServer('pglite', {
      config: { SHED_MAX_EVENT_LOOP_DELAY_MS: 40, SHED_SAMPLE_INTERVAL_MS: 100, SHED_RETRY_AFTER_S: 7 },
    });
    // A busy machine can stall the loop past 40 ms while the server warms up, and then the reads behind the
    // login and the pick (app credentials, the fixture list) are shed too: wait for calm, and retry.
    for (let attempt = 1; ; attempt++) {
      await waitUntilCalm(server);
      try {
        token = (await login(server, 'demo', 'demo-pass-2026')).access_token;
        pick = (await preMatchPicks(server, 1))[0]!;
        break;
      } catch (error) {
        if (attempt === 10) throw error;
      }
    }
  });
  afterAll(async () => server?.close());

  it('sheds a list call with 503 + Retry-After under an event-loop stall while a bet is still placed', async () => {
    // Induced stall: the event loop is blocked 150 ms of every ~160 ms until the test ends.
    const stall = setInterval(() => {
      const until = performance.now() + 150;
      while (performance.now() < until);
    }, 10);
    try {
      const deadline = Date.now() + 10_000;
      while (!server.app.isUnderPressure() && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 5));
      expect(server.app.isUnderPressure()).toBe(true);
      const [list, bet, ready] = await Promise.all([
        server.app.inject({ method: 'GET', url: '/api/v2/fixture/full?sport=1&per_page=10' }),
        placeBet(server, token, slipForm(1, 500, [pick])),
        server.app.inject({ method: 'GET', url: '/readyz' }),
      ]);
      expect(list.statusCode).toBe(503);
      expect(list.headers['retry-after']).toBe('7');
      expect(list.json()).toMatchObject({ error: 'overloaded' });
      expect(bet.statusCode).toBe(200);
      expect(ready.statusCode).toBe(200);
    } finally {
      clearInterval(stall);
    }
    const text = await server.metrics.text();
    expect(text).toMatch(
      /^sb_http_shed_total\{route="\/api\/v2\/fixture\/full",pressure="eventLoopDelay"\} [1-9]/m,
    );
    // Once the loop recovers, the list is served again.
    let status = 0;
    for (let attempt = 1; attempt <= 10 && status !== 200; attempt++) {
      await waitUntilCalm(server);
      status = (await server.app.inject({ method: 'GET', url: '/api/v2/fixture/full?sport=1' })).statusCode;
    }
    expect(status).toBe(200);
  });
});

async function waitUntilCalm(server: TestServer): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (server.app.isUnderPressure() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(server.app.isUnderPressure()).toBe(false);
}

describe('request ids', () => {
  const lines: string[] = [];
  let trusting: TestServer;
  let untrusting: TestServer;
  beforeAll(async () => {
    const logStream = { write: (line: string) => void lines.push(line) };
    trusting = await createTestServer('pglite', {
      config: { TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info' },
      logStream,
    });
    untrusting = await createTestServer('pglite', { config: { LOG_LEVEL: 'info' }, logStream });
  });
  afterAll(async () => {
    await trusting?.close();
    await untrusting?.close();
  });
  const get = (server: TestServer, id?: string) =>
    server.app.inject({
      method: 'GET',
      url: '/api/v1/get/client',
      headers: { host: 'localhost', ...(id === undefined ? {} : { 'x-request-id': id }) },
    });
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it("takes a trusted proxy's id, generates one otherwise, and puts it on every response and log line", async () => {
    const kept = await get(trusting, 'edge-7f3a-0001');
    expect(kept.headers['x-request-id']).toBe('edge-7f3a-0001');
    const generated = await get(trusting);
    expect(generated.headers['x-request-id']).toMatch(UUID);
    const untrusted = await get(untrusting, 'edge-7f3a-0002');
    expect(untrusted.headers['x-request-id']).toMatch(UUID);
    const missing = await trusting.app.inject({ method: 'GET', url: '/no/such/route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(UUID);
    const requestLines = lines.map((l) => JSON.parse(l)).filter((l) => l.req || l.res);
    expect(requestLines.length).toBeGreaterThan(0);
    expect(requestLines.every((l) => typeof l.reqId === 'string')).toBe(true);
    expect(requestLines.some((l) => l.reqId === 'edge-7f3a-0001')).toBe(true);
    expect(lines.join('\n')).not.toContain('edge-7f3a-0002');
  });

  it('replaces a forged id that is too long or has control characters, and never logs it', async () => {
    const long = `forged-${'x'.repeat(130)}`;
    const forged = [long, 'a\tb-forged-tab', 'quote"and space forged'];
    for (const id of forged) {
      const res = await get(trusting, id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
    const exactly128 = 'y'.repeat(128);
    expect((await get(trusting, exactly128)).headers['x-request-id']).toBe(exactly128);
    const all = lines.join('\n');
    expect(all).not.toContain('forged');
  });

  it('logs the bet id of a placement with the request id', async () => {
    const token = (await login(trusting, 'demo', 'demo-pass-2026')).access_token;
    const [pick] = await preMatchPicks(trusting, 1);
    const res = await trusting.app.inject({
      method: 'POST',
      url: '/api/v1/betPlace',
      headers: {
        ...bearer(token),
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': 'obs-bet-1',
        'x-request-id': 'edge-bet-0001',
      },
      payload: slipForm(1, 500, [pick!]),
    });
    expect(res.statusCode).toBe(200);
    const line = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'bet placed');
    expect(line).toMatchObject({ reqId: 'edge-bet-0001', betId: res.json().result.id });
  });
});
