// Issue 3's multi-instance promise, end to end: two servers sharing one PostgreSQL database and
// one Redis, the simulator running on exactly one of them, and WebSocket clients of both seeing
// the same simulator updates. Needs both servers; skipped (so counted) otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedServerMessage, MatchUpdate } from '@sb/contract';
import { SHARED_BACKENDS_AVAILABLE, startInstances, type Instance } from './support/instances';
import { connectFeed, isType, type FeedTestClient } from './support/feed-client';

async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!condition() && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
}

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
    let shared: Awaited<ReturnType<typeof startInstances>>;
    let instances: Instance[] = [];
    const clients: FeedTestClient[] = [];

    beforeAll(async () => {
      shared = await startInstances(2, { SIMULATOR_ENABLED: true, SIMULATOR_TICK_MS: 100 });
      instances = shared.instances;
    });
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.close()));
      await shared?.close();
    });

    it('runs one simulator, and clients of both instances see the same match unfold', async () => {
      const [a, b] = instances as [Instance, Instance];
      await waitFor(
        () => a.modules.fixtures.isSimulatorLeader() || b.modules.fixtures.isSimulatorLeader(),
        15_000,
      );
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
      await waitFor(
        () => matchUpdates(onA, eventId).length >= 5 && matchUpdates(onB, eventId).length >= 5,
        30_000,
      );

      const fromA = story(matchUpdates(onA, eventId));
      const fromB = story(matchUpdates(onB, eventId));
      expect(fromA.length).toBeGreaterThanOrEqual(5);
      const common = Math.min(fromA.length, fromB.length);
      expect(fromA.slice(0, common)).toEqual(fromB.slice(0, common));
      expect(matchUpdates(onA, eventId).some((u) => u.isLive)).toBe(true);
      // Still exactly one simulator after the match got going.
      expect([a, b].filter((i) => i.modules.fixtures.isSimulatorLeader())).toHaveLength(1);
    });
  },
);
