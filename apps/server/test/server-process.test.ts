// The real entry point as a process: configuration errors stop it with a message naming the
// variable; SIGTERM shuts it down cleanly; request logs never carry query strings or tokens.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { connectFeed } from './support/feed-client';
import { POSTGRES_URL } from './support/databases';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: 'memory',
      HOST: '127.0.0.1',
      PORT: '0',
      // A free port for the metrics listener too: 9464 may be held by another server on the machine (a parallel
      // test file, a leftover), and the listener's failure to bind is an error in the log these tests read.
      METRICS_PORT: '0',
      // No load shedding: on a busy machine a fresh process's event loop lags while it compiles, and a 503 is
      // not what these tests are about (the shedding has its own tests in observability.test.ts).
      SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<number>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = output.match(/running: http:\/\/localhost:(\d+)\//);
      if (match) resolve(Number(match[1]));
    });
    void exited.then((code) => reject(new Error(`exited ${code}: ${output}`)));
  });
  ready.catch(() => undefined); // a test that expects an early exit never awaits `ready`
  started.push(child);
  return { child, exited, ready, output: () => output };
}

/** Every process started: one a failed test left running is killed, so it holds no port for the next. */
const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

describe('server process', () => {
  it('refuses to start on a bad configuration value and names it', async () => {
    const server = startServer({ PORT: 'eighty', DATABASE_URL: 'mysql://nope' });
    expect(await server.exited).toBe(2);
    expect(server.output()).toMatch(/PORT/);
    expect(server.output()).toMatch(/DATABASE_URL/);
  });

  it('serves, keeps secrets out of the logs, and exits cleanly on SIGTERM', async () => {
    // The drain and the shutdown timeout are set for a busy machine: this test is about the logs and a clean exit,
    // and the full catalogue's last simulator tick can take longer than the default 10 s to finish there.
    const server = startServer({ LOG_LEVEL: 'info', SHUTDOWN_DRAIN_MS: '0', SHUTDOWN_TIMEOUT_MS: '60000' });
    const port = await server.ready;
    const res = await fetch(
      `http://127.0.0.1:${port}/api/v1/get/client?password=hunter2-secret&access_token=tok-secret`,
      { headers: { authorization: 'Bearer bearer-secret', 'x-app-session': 'Bearer session-secret' } },
    );
    expect(res.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited, shutdownProblems(server.output()).join('\n')).toBe(0);
    const log = server.output();
    expect(log).toMatch(/"path":"\/api\/v1\/get\/client"/);
    for (const secret of ['hunter2-secret', 'tok-secret', 'bearer-secret', 'session-secret']) {
      expect(log).not.toContain(secret);
    }
    expect(log).toMatch(/shutting down/);
  });
});

/** Errors and warnings a clean shutdown must not log (pino levels ≥ 40), and the timeout's own message. */
function shutdownProblems(log: string): string[] {
  return log
    .split('\n')
    .filter((line) => /"level":(4|5|6)0/.test(line) || /timed out|Cannot use a pool/.test(line));
}

/**
 * Producers stop before the database pool closes, so SIGTERM on an idle server exits at once
 * with code 0 and no error. A server that waited for SHUTDOWN_TIMEOUT_MS would exit 1 ("shutdown timed out").
 */
describe('server process shutdown', () => {
  const backends = [
    { name: 'pglite', url: undefined as string | undefined },
    { name: 'postgres', url: POSTGRES_URL },
  ];
  for (const backend of backends) {
    (backend.name === 'pglite' || backend.url ? it : it.skip)(
      `[${backend.name}] SIGTERM with the simulator leading and a feed client connected exits 0 and logs no error`,
      async () => {
        const dbName = `sb_test_${randomBytes(6).toString('hex')}`;
        const admin = async (sql: string) => {
          const client = new pg.Client({ connectionString: backend.url });
          await client.connect();
          await client.query(sql);
          await client.end();
        };
        let databaseUrl = '';
        if (backend.url) {
          await admin(`create database ${dbName}`);
          const url = new URL(backend.url);
          url.pathname = `/${dbName}`;
          databaseUrl = url.toString();
        }
        try {
          const server = startServer({
            LOG_LEVEL: 'info',
            DATABASE_URL: databaseUrl,
            SIMULATOR_ENABLED: 'true',
            SIMULATOR_TICK_MS: '100',
            CATALOGUE_SCALE: '0.03',
            SHUTDOWN_TIMEOUT_MS: '20000',
          });
          const port = await server.ready;
          const feed = await connectFeed(`http://127.0.0.1:${port}`);
          // Until this process leads the simulator (its metrics say so), so that its ticks run (every 100 ms) and
          // one is in flight or due when the signal arrives: a condition, not 1.5 s.
          const metricsUrl = /"url":"(http:\/\/[^"]+\/metrics)"/.exec(server.output())?.[1];
          expect(
            metricsUrl,
            'the metrics listener logs its address before the server is ready',
          ).toBeDefined();
          await expect
            .poll(async () => (await fetch(metricsUrl!)).text(), { timeout: 60_000, interval: 100 })
            .toMatch(/sb_producer_leader\{loop="simulator"\} 1/);
          server.child.kill('SIGTERM');
          expect(await server.exited, shutdownProblems(server.output()).join('\n')).toBe(0);
          await feed.closed;
          expect(shutdownProblems(server.output())).toEqual([]);
        } finally {
          if (backend.url) await admin(`drop database if exists ${dbName} with (force)`);
        }
      },
    );
  }
});
