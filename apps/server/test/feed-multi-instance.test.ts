import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config/config';
import { openDatabase, runMigrations, type Database } from '../src/db/database';
import { matchUpdate, marketUpdate } from '../src/modules/feed/feed.test-support';
import { POSTGRES_URL, REDIS_TEST_URL } from './support/databases';
import { connectFeed, isType, type FeedTestClient } from './support/feed-client';

type Instance = Awaited<ReturnType<typeof buildApp>> & { database: Database; baseUrl: string };

/**
 * Two server instances as in production: each its own pool on one PostgreSQL database, both on
 * one Redis. Needs both servers; skipped (so counted) otherwise.
 */
(POSTGRES_URL && REDIS_TEST_URL ? describe : describe.skip)('two instances share the live feed through Redis', () => {
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
    const config = testConfig({ REDIS_URL: REDIS_TEST_URL, REDIS_CHANNEL_PREFIX: prefix, FEED_CONFLATE_MS: 50 });
    const built = await buildApp({ config, database, migrate: false });
    const baseUrl = await built.app.listen({ port: 0, host: '127.0.0.1' });
    return { ...built, database, baseUrl };
  };
  const subscribe = async (instance: Instance, topic: string) => {
    const client = await connectFeed(instance.baseUrl);
    clients.push(client);
    const hello = await client.next(isType('hello'));
    client.send({ type: 'subscribe', topics: [topic as never] });
    await client.next(isType('subscribed'));
    return { client, hello };
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

  it('delivers a publish on instance A to WebSocket clients of both A and B', async () => {
    const [a, b] = instances as [Instance, Instance];
    const onA = await subscribe(a, 'live');
    const onB = await subscribe(b, 'live');
    const onBEvent = await subscribe(b, 'event:77');
    expect(onA.hello.epoch).not.toBe(onB.hello.epoch);

    await a.bus.publish('fixture.match', matchUpdate(77, { periodTime: 41 }));
    await a.bus.publish('fixture.markets', marketUpdate(77, 3, 2.75));
    for (const { client } of [onA, onB, onBEvent]) {
      expect(await client.next(isType('match_update'))).toMatchObject({ eventId: 77, periodTime: 41 });
      const market = await client.next(isType('market_update'));
      expect(market.markets[0]?.selections[0]?.odd).toBe(2.75);
    }
  });

  it('lets a client that moves to the other instance resync by snapshot', async () => {
    const [a, b] = instances as [Instance, Instance];
    await a.bus.publish('fixture.match', matchUpdate(88, { periodTime: 60 }));
    const onA = await subscribe(a, 'event:88');
    const seen = onA.client.messages.find((m) => m.type === 'match_update');
    expect(seen).toMatchObject({ periodTime: 60 });
    await onA.client.close();

    const moved = await connectFeed(b.baseUrl);
    clients.push(moved);
    await moved.next(isType('hello'));
    moved.send({ type: 'subscribe', topics: ['event:88'], sinceSeq: seen!.seq, epoch: onA.hello.epoch });
    expect(await moved.next(isType('subscribed'))).toMatchObject({ mode: 'snapshot' });
    expect(moved.messages.find((m) => m.type === 'match_update')).toMatchObject({ eventId: 88, periodTime: 60 });
  });
});
