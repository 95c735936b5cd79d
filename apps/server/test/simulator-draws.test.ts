// Issue 31 item 1: a match's draws come from a CSPRNG key of its own (lib/outcome-draws.ts), never from the
// catalogue's seed; they are persisted with every segment, so a restart (or a new leader) re-decides nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig, type Config } from '../src/config/config';
import { manualClock } from '../src/lib/clock';
import { openDatabase, type Database } from '../src/db/database';
import type { SimState } from '../src/modules/producer/simulator/sim-state';
import type { CryptoDrawState } from '../src/lib/outcome-draws';
import { createMigratedPostgresDatabase, databaseUrl, POSTGRES_URL } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

type Built = Awaited<ReturnType<typeof buildApp>>;
const START = Date.UTC(2026, 10, 21, 12);

/** The first few football events not started yet (the same ids on servers with the same catalogue seed). */
async function footballEvents(server: Pick<TestServer, 'app'>, count: number): Promise<number[]> {
  const list = (
    await server.app.inject({
      method: 'GET',
      url: `/api/v2/fixture/full?sport=1&onlyPre=1&per_page=${count}`,
    })
  ).json();
  return (list.result as { id: number }[]).map((e) => e.id);
}

/** Plays the events to their end through the operator's `finish` and returns each one's stored match. */
async function playToEnd(server: Pick<Built, 'modules'>, ids: number[]) {
  const producer = server.modules.producer;
  for (const id of ids) await producer.operator.enqueue(id, 'finish', {});
  await producer.runOnce();
  const out: unknown[] = [];
  for (const id of ids) {
    const event = await server.modules.sports.ingest.simulator.event(id);
    expect(event?.status).toBe('ended');
    out.push({ match: (event!.sim as SimState).match, data: event!.data });
  }
  return out;
}

describe('match draws (issue 31 item 1)', () => {
  async function twoServers(config: Partial<Config>) {
    const a = await createTestServer('pglite', { clock: manualClock(START), config });
    const b = await createTestServer('pglite', { clock: manualClock(START), config });
    return { a, b, close: () => Promise.all([a.close(), b.close()]) };
  }

  it('two fresh servers with the same CATALOGUE_SEED play the same matches to different results', async () => {
    const { a, b, close } = await twoServers({ CATALOGUE_SEED: 4242, OUTCOME_TEST_SEED: undefined });
    try {
      const ids = await footballEvents(a, 2);
      expect(ids).toHaveLength(2);
      expect(await footballEvents(b, 2)).toEqual(ids);
      const [played, other] = [await playToEnd(a, ids), await playToEnd(b, ids)];
      // The same teams and fixtures, but every match played differently (goal minutes, scorers, corners, cards).
      for (let i = 0; i < ids.length; i++) expect(other[i]).not.toEqual(played[i]);
      // The CSPRNG's key is the server's own: nothing in the match row a client reads carries it.
      const detail = await a.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${ids[0]}` });
      const stored = (await a.modules.sports.ingest.simulator.event(ids[0]!))!.sim as SimState;
      expect(typeof stored.rng).toBe('object');
      expect(detail.body).not.toContain((stored.rng as { key: string }).key);
    } finally {
      await close();
    }
  });

  it('with the test-only seed, two servers replay the same matches (what deterministic tests rely on)', async () => {
    const { a, b, close } = await twoServers({ CATALOGUE_SEED: 4242, OUTCOME_TEST_SEED: 99 });
    try {
      const ids = await footballEvents(a, 2);
      expect(await playToEnd(b, ids)).toEqual(await playToEnd(a, ids));
    } finally {
      await close();
    }
  });

  it('a server built as production refuses the test-only seed', async () => {
    await expect(
      createTestServer('pglite', { config: { NODE_ENV: 'production', OUTCOME_TEST_SEED: 1 } }),
    ).rejects.toThrowError(/OUTCOME_TEST_SEED/);
  });
});

describe.skipIf(!POSTGRES_URL)('match draws across a restart, on PostgreSQL (issue 31 item 1)', () => {
  it('a match in progress keeps what it drew and plays on exactly as the stored state decided', async () => {
    const name = await createMigratedPostgresDatabase();
    const clock = manualClock(START);
    const config = testConfig({ OUTCOME_TEST_SEED: undefined });
    const pools: Database[] = [];
    const servers: Built[] = [];
    const start = async () => {
      const database = await openDatabase({ url: databaseUrl(name), poolSize: 4 });
      pools.push(database);
      const built = await buildApp({ config, database, clock, migrate: false });
      servers.push(built);
      return built;
    };
    try {
      const first = await start();
      const [id] = await footballEvents(first, 1);
      const producer = first.modules.producer;
      await producer.operator.enqueue(id!, 'speed', { factor: 60 });
      await producer.operator.enqueue(id!, 'start', {});
      const stored = async (server: Built) => (await server.modules.sports.ingest.simulator.event(id!))!;
      // Into the second half: both halves' added time drawn, goals and cards maybe.
      while ((await stored(first)).phase !== 'second_half') {
        await producer.runOnce();
        clock.advance(1000);
      }
      // The first server stops here as after kill -9: no shutdown, whatever it drew is what it committed.
      const atCrash = await stored(first);
      const simAtCrash = atCrash.sim as SimState;
      // What the stored state decides: the rest of the match played from it by the step function alone.
      const second = await start();
      const ctx = second.modules.producer.simulator.contextOf(
        atCrash,
        await second.modules.sports.catalogue.reference(),
      )!;
      let expected = simAtCrash;
      while (ctx.project(expected).status !== 'ended') expected = ctx.step(expected, 100_000).sim;
      // Down for five minutes, then the new instance (leader) catches up and plays to the end.
      clock.advance(300_000);
      while ((await stored(second)).status !== 'ended') {
        await second.modules.producer.runOnce();
        clock.advance(1000);
      }
      const final = (await stored(second)).sim as SimState;
      expect(final.match).toEqual(expected.match);
      expect(final.added).toEqual(expected.added);
      // Nothing drawn before the restart changed: its goals are the first goals of the final match.
      const goals = (s: SimState) => (s.match.kind === 'football' ? s.match.football.facts.goals : []);
      expect(goals(final).slice(0, goals(simAtCrash).length)).toEqual(goals(simAtCrash));
      expect(final.added[0]).toBe(simAtCrash.added[0]);
    } finally {
      for (const server of servers) await server.app.close();
      for (const database of pools) await database.close();
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const processes: ChildProcess[] = [];
afterEach(() => {
  for (const child of processes.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** The real server as a process on `url`, leading the simulator; resolves with its port once it listens. */
function serverProcess(url: string, token: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      REDIS_URL: '',
      HOST: '127.0.0.1',
      PORT: '0',
      METRICS_PORT: '0',
      SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
      OPERATOR_TOKEN: token,
      SIMULATOR_TICK_MS: '100',
      CATALOGUE_SCALE: '0.03',
      CATALOGUE_DAYS_AHEAD: '1',
      MARKETS_WINDOW_HOURS: '0',
      PRICING_THREADS: '0',
      CASINO_TABLES_ENABLED: 'false',
      CRASH_ENABLED: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  processes.push(child);
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const port = new Promise<number>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = output.match(/running: http:\/\/localhost:(\d+)\//);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
  return { child, port };
}

describe.skipIf(!POSTGRES_URL)('match draws across kill -9 of the simulator leader (issue 31 item 1)', () => {
  it('the next leader plays the match on from the committed state: same stream, nothing drawn again', async () => {
    const name = await createMigratedPostgresDatabase();
    const url = databaseUrl(name);
    const token = randomBytes(24).toString('hex');
    const sql = new pg.Client({ connectionString: url });
    await sql.connect();
    const row = async (id: number) =>
      (await sql.query('select status, phase, sim from events where id = $1', [id])).rows[0] as {
        status: string;
        phase: string;
        sim: SimState | null;
      };
    const until = async (check: () => Promise<boolean>) => {
      while (!(await check())) await new Promise((r) => setTimeout(r, 50));
    };
    try {
      const first = serverProcess(url, token);
      const port = await first.port;
      const command = (id: number, body: object) =>
        fetch(`http://127.0.0.1:${port}/ops/v1/fixtures/${id}/commands`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      let id = 0;
      await until(async () => {
        const found = await sql.query(
          // Ten minutes ahead: a just-started leader catches up with every match whose kick-off has passed, and
          // the operator's `start` of one of those would answer that it has already started.
          "select id from events where sport_id = 1 and status = 'not_started' and start_at > now() + interval '10 minutes' order by start_at limit 1",
        );
        id = (found.rows[0]?.id as number | undefined) ?? 0;
        return id > 0;
      });
      // Applied by the leader (200), or queued for it while it takes the lead (202): the waits below see it.
      expect([200, 202]).toContain((await command(id, { command: 'speed', factor: 200 })).status);
      expect([200, 202]).toContain((await command(id, { command: 'start' })).status);
      await until(async () => (await row(id)).phase === 'second_half');
      first.child.kill('SIGKILL');
      await new Promise((r) => first.child.once('exit', r));
      // What the leader had committed when it died: a match in progress, with its draws so far.
      const atKill = await row(id);
      expect(atKill.status).toBe('live');
      const drawn = atKill.sim!;
      // A new process takes the lead and plays the match to its end.
      const second = serverProcess(url, token);
      await second.port;
      await until(async () => (await row(id)).status === 'ended');
      const final = (await row(id)).sim!;
      // The new leader opened the match's own stream at the committed position and went on from there: the same
      // key, further on. (The continuation's exact path also depends on where the new leader's segments fall,
      // since a step draws a quiet stretch at once; its law does not.)
      const stream = (s: SimState) => s.rng as CryptoDrawState;
      expect(stream(final).key).toBe(stream(drawn).key);
      expect(stream(final).at).toBeGreaterThan(stream(drawn).at);
      // Nothing decided before the kill is decided again: the first half's added time and statistics, and every
      // goal up to the kill, stand.
      type Facts = { goals: unknown[]; h1: number; a1: number; ch1: number; ca1: number };
      const facts = (s: SimState) => (s.match as unknown as { football: { facts: Facts } }).football.facts;
      const [was, is] = [facts(drawn), facts(final)];
      expect(final.added[0]).toBe(drawn.added[0]);
      expect([is.h1, is.a1, is.ch1, is.ca1]).toEqual([was.h1, was.a1, was.ch1, was.ca1]);
      expect(is.goals.slice(0, was.goals.length)).toEqual(was.goals);
      second.child.kill('SIGKILL');
    } finally {
      await sql.end();
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 300_000);
});
