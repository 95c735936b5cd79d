import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchUpdate, marketUpdate } from '../src/modules/feed/feed.test-support';
import { SHARED_BACKENDS_AVAILABLE, startInstances, type Instance } from './support/instances';
import { connectFeed, isType, type FeedTestClient } from './support/feed-client';

/**
 * Two server instances as in production: each its own pool on one PostgreSQL database, both on
 * one Redis. Needs both servers; skipped (so counted) otherwise.
 */
(SHARED_BACKENDS_AVAILABLE ? describe : describe.skip)(
  'two instances share the live feed through Redis',
  () => {
    let shared: Awaited<ReturnType<typeof startInstances>>;
    let instances: Instance[] = [];
    const clients: FeedTestClient[] = [];

    const subscribe = async (instance: Instance, topic: string) => {
      const client = await connectFeed(instance.baseUrl);
      clients.push(client);
      const hello = await client.next(isType('hello'));
      client.send({ type: 'subscribe', topics: [topic as never] });
      await client.next(isType('subscribed'));
      return { client, hello };
    };

    beforeAll(async () => {
      shared = await startInstances(2);
      instances = shared.instances;
    });
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.close()));
      await shared?.close();
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
      // The update reaches each instance through Redis, a round trip later: wait until both have it (their
      // clients of the event get it) before a new client asks either for a snapshot.
      const watchers = await Promise.all([subscribe(a, 'event:88'), subscribe(b, 'event:88')]);
      await a.bus.publish('fixture.match', matchUpdate(88, { periodTime: 60 }));
      for (const { client } of watchers)
        expect(await client.next(isType('match_update'))).toMatchObject({ eventId: 88, periodTime: 60 });
      const onA = await subscribe(a, 'event:88');
      const seen = onA.client.messages.find((m) => m.type === 'match_update');
      expect(seen).toMatchObject({ periodTime: 60 });
      await onA.client.close();

      const moved = await connectFeed(b.baseUrl);
      clients.push(moved);
      await moved.next(isType('hello'));
      moved.send({ type: 'subscribe', topics: ['event:88'], sinceSeq: seen!.seq, epoch: onA.hello.epoch });
      expect(await moved.next(isType('subscribed'))).toMatchObject({ mode: 'snapshot' });
      expect(moved.messages.find((m) => m.type === 'match_update')).toMatchObject({
        eventId: 88,
        periodTime: 60,
      });
    });
  },
);
