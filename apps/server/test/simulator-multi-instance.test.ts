// Issue 3's multi-instance promise, end to end: two servers sharing one PostgreSQL database and
// one Redis, the simulator running on exactly one of them, and WebSocket clients of both seeing
// the same simulator updates. Needs both servers; skipped (so counted) otherwise.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedServerMessage, MatchUpdate } from '@sb/contract';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config/config';
import { openDatabase, runMigrations, type Database } from '../src/db/database';
import { POSTGRES_URL, REDIS_TEST_URL } from './support/databases';
import { connectFeed, isType, type FeedTestClient } from './support/feed-client';

type Instance = Awaited<ReturnType<typeof buildApp>> & { database: Database; baseUrl: string };

async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!condition() && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
}

const matchUpdates = (client: FeedTestClient, eventId: number) =>
  client.messages.filter((m): m is Extract<FeedServerMessage, { type: 'match_update' }> => m.type === 'match_update' && m.eventId === eventId);

/** What the simulator said, without the per-instance sequence number. */
const story = (updates: MatchUpdate[]) => updates.map((u) => `${u.ts}:${u.status}:${u.periodTime}:${u.data.score.home}-${u.data.score.away}`);

(POSTGRES_URL && REDIS_TEST_URL ? describe : describe.skip)('simulator on one of two instances, feed on both', () => {
  const dbName = `sb_test_${randomBytes(6).toString('hex')}`;
  const prefix = `sbtest:${randomBytes(5).toString('hex')}:`;
  const instances: Instance[] = [];
  const clients: FeedTestClient[] = [];

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  const start = async (migrate: boolean): Promise<Instance> => {
    const url = new URL(POSTGRES_URL!);
    url.pathname = `/${dbName}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 4 });
    if (migrate) await runMigrations(database);
    const config = testConfig({
      REDIS_URL: REDIS_TEST_URL,
      REDIS_CHANNEL_PREFIX: prefix,
      SIMULATOR_ENABLED: true,
      SIMULATOR_TICK_MS: 100,
      FEED_CONFLATE_MS: 50,
    });
    const built = await buildApp({ config, database, migrate: false });
    const baseUrl = await built.app.listen({ port: 0, host: '127.0.0.1' });
    return { ...built, database, baseUrl };
  };

  beforeAll(async () => {
    await admin(`create database ${dbName}`);
    instances.push(await start(true));
    instances.push(await start(false));
    await Promise.all(instances.map((i) => i.bus.ready()));
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    for (const instance of instances) {
      await instance.app.close();
      await instance.database.close();
    }
    await admin(`drop database if exists ${dbName} with (force)`);
  });

  it('runs one simulator, and clients of both instances see the same match unfold', async () => {
    const [a, b] = instances as [Instance, Instance];
    await waitFor(() => a.modules.fixtures.isSimulatorLeader() || b.modules.fixtures.isSimulatorLeader(), 15_000);
    await new Promise((r) => setTimeout(r, 500));
    expect([a, b].filter((i) => i.modules.fixtures.isSimulatorLeader())).toHaveLength(1);

    const [event] = await a.modules.fixtures.operatorEvents(['not_started'], 1);
    expect(event).toBeDefined();
    const eventId = event!.id;
    for (const instance of [a, b]) {
      const client = await connectFeed(instance.baseUrl);
      clients.push(client);
      await client.next(isType('hello'));
      client.send({ type: 'subscribe', topics: [`event:${eventId}`] });
      await client.next(isType('subscribed'));
    }

    // The operator's commands go through the database; whichever instance leads applies them.
    await b.modules.fixtures.operator.enqueue(eventId, 'speed', { factor: 600 });
    await b.modules.fixtures.operator.enqueue(eventId, 'start', {});
    const [onA, onB] = clients as [FeedTestClient, FeedTestClient];
    await waitFor(() => matchUpdates(onA, eventId).length >= 5 && matchUpdates(onB, eventId).length >= 5, 30_000);

    const fromA = story(matchUpdates(onA, eventId));
    const fromB = story(matchUpdates(onB, eventId));
    expect(fromA.length).toBeGreaterThanOrEqual(5);
    const common = Math.min(fromA.length, fromB.length);
    expect(fromA.slice(0, common)).toEqual(fromB.slice(0, common));
    expect(matchUpdates(onA, eventId).some((u) => u.isLive)).toBe(true);
    // Still exactly one simulator after the match got going.
    expect([a, b].filter((i) => i.modules.fixtures.isSimulatorLeader())).toHaveLength(1);
  });
});
