// Several server instances as in production: each its own pool on one PostgreSQL database, all on
// one Redis (a fresh channel prefix), listening on free ports. For tests that need both servers.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { connectFeed, isType, type FeedTestClient } from './feed-client';
import { until } from './wait';
import { buildApp } from '../../src/app';
import { testConfig, type Config } from '../../src/config/config';
import type { Clock } from '../../src/lib/clock';
import { openDatabase, type Database } from '../../src/db/database';
import { createMigratedPostgresDatabase, databaseUrl, POSTGRES_URL, REDIS_TEST_URL } from './databases';
import { scannedLogs } from './log-scan';

export type Instance = Awaited<ReturnType<typeof buildApp>> & { database: Database; baseUrl: string };

/** Whether PostgreSQL and Redis are both configured for tests. */
export const SHARED_BACKENDS_AVAILABLE = Boolean(POSTGRES_URL && REDIS_TEST_URL);

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
}

/**
 * Starts `count` instances on a new database; `close()` stops them and drops it. `clock`, when given, is every
 * instance's (a test that plays real-time rounds can run them faster than the wall clock).
 */
export async function startInstances(
  count: number,
  overrides: Partial<Config> = {},
  clock?: Clock,
  options: {
    /** Where every instance writes its log lines (a test that scans them for secrets). */
    logStream?: { write(line: string): void };
    /** The URL the instances open instead of the database's own (a proxy a test can cut). */
    viaUrl?: (url: string) => string;
  } = {},
) {
  // Every line the instances log is scanned for secrets (support/log-scan.ts), at `info` unless the test chose.
  const { logStream, level } = scannedLogs(options.logStream);
  // A clone of the migrated template, as every PostgreSQL test database.
  const dbName = await createMigratedPostgresDatabase();
  const prefix = `sbtest:${randomBytes(5).toString('hex')}:`;
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++) {
    const url = databaseUrl(dbName);
    const database = await openDatabase({ url: options.viaUrl?.(url) ?? url, poolSize: 4 });
    const config = testConfig({
      ...(level ? { LOG_LEVEL: level } : {}),
      REDIS_URL: REDIS_TEST_URL,
      REDIS_CHANNEL_PREFIX: prefix,
      FEED_CONFLATE_MS: 50,
      ...overrides,
    });
    const built = await buildApp({
      config,
      database,
      migrate: false,
      ...(clock ? { clock } : {}),
      ...(logStream ? { logStream } : {}),
    });
    const baseUrl = await built.app.listen({ port: 0, host: '127.0.0.1' });
    instances.push({ ...built, database, baseUrl });
  }
  await Promise.all(instances.map((i) => i.bus.ready()));
  return {
    instances,
    dbName,
    async close() {
      for (const instance of instances) {
        await instance.app.close();
        await instance.database.close();
      }
      await admin(`drop database if exists ${dbName} with (force)`);
    },
  };
}

/**
 * Two instances with the simulator competing for leadership (fast ticks), started before the suite's tests
 * and stopped after; feed clients the test opens are closed too. `roles()` waits for the leader.
 */
export function useSimulatedPair() {
  const state: { shared?: Awaited<ReturnType<typeof startInstances>>; clients: FeedTestClient[] } = {
    clients: [],
  };
  beforeAll(async () => {
    state.shared = await startInstances(2, { SIMULATOR_ENABLED: true, SIMULATOR_TICK_MS: 100 });
  });
  afterAll(async () => {
    await Promise.all(state.clients.map((c) => c.close()));
    await state.shared?.close();
  });
  return {
    clients: state.clients,
    get instances(): Instance[] {
      return state.shared?.instances ?? [];
    },
    /** The simulator's leader and the other instance, once one leads. */
    async roles(): Promise<{ leader: Instance; follower: Instance }> {
      const [a, b] = state.shared!.instances as [Instance, Instance];
      // A hang guard: the first election runs once both instances are up, its retries every 2 ticks.
      await until(
        () => a.modules.producer.isLeader() || b.modules.producer.isLeader(),
        'one of the two instances leads the simulator',
        60_000,
      );
      return a.modules.producer.isLeader() ? { leader: a, follower: b } : { leader: b, follower: a };
    },
  };
}

/**
 * A football match that starts in an hour or more (not one already due, which the leader may kick off before a
 * test's start command: the template database ages), with a feed client on each instance subscribed to it; the
 * clients are added to `clients` (closed by the caller) and returned in the instances' order.
 */
export async function watchLaterMatch(
  leader: Instance,
  instances: Instance[],
  clients: FeedTestClient[],
): Promise<{ eventId: number; watchers: FeedTestClient[] }> {
  const [event] = (await leader.modules.producer.operatorEvents(['not_started'], 200)).filter(
    (e) => e.sportId === 1 && e.startAt.getTime() > Date.now() + 3_600_000,
  );
  const eventId = event!.id;
  const watchers: FeedTestClient[] = [];
  for (const instance of instances) {
    const client = await connectFeed(instance.baseUrl);
    clients.push(client);
    watchers.push(client);
    await client.next(isType('hello'));
    client.send({ type: 'subscribe', topics: [`event:${eventId}`] });
    await client.next(isType('subscribed'));
  }
  return { eventId, watchers };
}
