// The multi-instance promise, end to end: two servers sharing one PostgreSQL database and
// one Redis, the simulator running on exactly one of them, and WebSocket clients of both seeing
// the same simulator updates. Needs both servers; skipped (so counted) otherwise.
import { describe, expect, it } from 'vitest';
import type { FeedServerMessage, MatchUpdate } from '@sb/contract';
import { SHARED_BACKENDS_AVAILABLE, useSimulatedPair, type Instance } from './support/instances';
import { waitFor } from './support/wait';
import { connectFeed, isType, type FeedTestClient } from './support/feed-client';

const matchUpdates = (client: FeedTestClient, eventId: number) =>
  client.messages.filter(
    (m): m is Extract<FeedServerMessage, { type: 'match_update' }> =>
      m.type === 'match_update' && m.eventId === eventId,
  );

/** What the simulator said, without the per-instance sequence number. */
const story = (updates: MatchUpdate[]) =>
  updates.map((u) => `${u.ts}:${u.status}:${u.periodTime}:${u.data.score.home}-${u.data.score.away}`);

(SHARED_BACKENDS_AVAILABLE ? describe : describe.skip)(
  'simulator on one of two instances, feed on both',
  () => {
    const pair = useSimulatedPair();
    const clients = pair.clients;

    it('runs one simulator, and clients of both instances see the same match unfold', async () => {
      const [a, b] = pair.instances as [Instance, Instance];
      await pair.roles();
      // The follower asks for the lock again meanwhile (refused twice), and still one instance leads.
      const refusals = () => a.modules.producer.lockRefusals() + b.modules.producer.lockRefusals();
      await waitFor(() => refusals() >= 2, 30_000);
      expect(refusals()).toBeGreaterThanOrEqual(2);
      expect([a, b].filter((i) => i.modules.producer.isLeader())).toHaveLength(1);

      const [event] = await a.modules.producer.operatorEvents(['not_started'], 1);
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
      await b.modules.producer.operator.enqueue(eventId, 'speed', { factor: 600 });
      await b.modules.producer.operator.enqueue(eventId, 'start', {});
      const [onA, onB] = clients as [FeedTestClient, FeedTestClient];
      await waitFor(
        () => matchUpdates(onA, eventId).length >= 5 && matchUpdates(onB, eventId).length >= 5,
        30_000,
      );

      const fromA = story(matchUpdates(onA, eventId));
      const fromB = story(matchUpdates(onB, eventId));
      expect(fromA.length).toBeGreaterThanOrEqual(5);
      // The same match on both: the updates both clients got are the same ones in the same order (a client may
      // get one update fewer than the other: the feed folds a connection's updates inside its merge window).
      const inA = new Set(fromA);
      const inB = new Set(fromB);
      const shared = fromA.filter((u) => inB.has(u));
      expect(shared).toEqual(fromB.filter((u) => inA.has(u)));
      expect(shared.length).toBeGreaterThanOrEqual(3);
      expect(matchUpdates(onA, eventId).some((u) => u.isLive)).toBe(true);
      // Still exactly one simulator after the match got going.
      expect([a, b].filter((i) => i.modules.producer.isLeader())).toHaveLength(1);
    });
  },
);
