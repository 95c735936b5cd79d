// Issue 32 item 10: Redis stopped under two instances. The instances stay ready (Redis reported as degraded) and
// keep taking bets; the producer (the simulator's leader) keeps feeding its own clients in process; when Redis is
// back, the other instance resyncs its clients and they receive live data again. The Redis here is the test's own
// (a private redis-server on a free port, killed and restarted): the machine's shared one is never touched.
// Needs PostgreSQL and redis-server; skipped (so counted) otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedServerMessage } from '@sb/contract';
import { redisBin, startRedis, type RedisServer } from './chaos/backends';
import { login } from './support/accounts';
import { placeBet, preMatchPicks, slipForm } from './support/betting';
import type { FeedTestClient } from './support/feed-client';
import {
  SHARED_BACKENDS_AVAILABLE,
  startInstances,
  watchLaterMatch,
  type Instance,
} from './support/instances';
import type { TestServer } from './support/server';
import { commandApplied, waitFor } from './support/wait';

const isData = (m: FeedServerMessage) => m.type === 'match_update' || m.type === 'market_update';

/** Live data messages after `from`: data that is not part of a snapshot (its seq is past the last marker's). */
function liveData(messages: FeedServerMessage[], from: number): FeedServerMessage[] {
  let snapshotSeq = -1;
  const out: FeedServerMessage[] = [];
  for (const m of messages.slice(from)) {
    if (m.type === 'snapshot') snapshotSeq = m.seq;
    else if (isData(m) && 'seq' in m && m.seq > snapshotSeq) out.push(m);
  }
  return out;
}

const bin = redisBin();

(SHARED_BACKENDS_AVAILABLE && bin ? describe : describe.skip)('Redis stopped (issue 32 item 10)', () => {
  let redis: RedisServer;
  let shared: Awaited<ReturnType<typeof startInstances>>;
  const clients: FeedTestClient[] = [];
  beforeAll(async () => {
    redis = await startRedis(bin!);
    shared = await startInstances(2, {
      REDIS_URL: redis.url,
      SIMULATOR_ENABLED: true,
      SIMULATOR_TICK_MS: 100,
    });
  }, 240_000);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await shared?.close();
    await redis?.destroy();
  });

  it('keeps both instances ready and taking bets, the producer feeding its own sockets, and the other resyncs when Redis is back', async () => {
    const [a, b] = shared.instances as [Instance, Instance];
    await waitFor(() => a.modules.producer.isLeader() || b.modules.producer.isLeader(), 30_000);
    const [leader, follower] = a.modules.producer.isLeader() ? [a, b] : [b, a];
    expect(leader.modules.producer.isLeader()).toBe(true);

    const { eventId, watchers } = await watchLaterMatch(leader, [leader, follower], clients);
    const [onLeader, onFollower] = watchers as [FeedTestClient, FeedTestClient];
    // A football match at 40× (a match minute every 1.5 s): it runs through the whole test.
    await commandApplied(leader.modules.producer, eventId, 'speed', { factor: 40 });
    await commandApplied(leader.modules.producer, eventId, 'start');
    // Through Redis, both instances' clients receive the match.
    await waitFor(() => liveData(onFollower.messages, 0).length > 0, 30_000);
    expect(liveData(onFollower.messages, 0).length).toBeGreaterThan(0);
    const picks = await preMatchPicks(follower, 1);
    const token = (await login(follower, 'demo', 'demo-pass-2026')).access_token;

    await redis.stop();
    await waitFor(() => !leader.bus.connected!() && !follower.bus.connected!(), 30_000);
    expect([leader.bus.connected!(), follower.bus.connected!()]).toEqual([false, false]);
    const down = onLeader.messages.length;

    // Both instances still serve: ready, with Redis reported as degraded, and a bet goes through.
    for (const instance of [leader, follower]) {
      const ready = await instance.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'degraded', degraded: ['redis'] });
    }
    const bet = await placeBet(follower as unknown as TestServer, token, slipForm(1, 100, picks));
    expect(bet.statusCode).toBe(200);

    // The producer's own client keeps receiving the match without Redis.
    await waitFor(() => liveData(onLeader.messages, down).length >= 3, 30_000);
    expect(liveData(onLeader.messages, down).length).toBeGreaterThanOrEqual(3);
    expect(leader.bus.connected!()).toBe(false);

    // Redis is back: the other instance rebuilds from the database, resyncs its client, and live data flows again.
    const back = onFollower.messages.length;
    await redis.start();
    await waitFor(() => leader.bus.connected!() && follower.bus.connected!(), 30_000);
    expect([leader.bus.connected!(), follower.bus.connected!()]).toEqual([true, true]);
    await waitFor(() => onFollower.messages.slice(back).some((m) => m.type === 'snapshot'), 30_000);
    expect(onFollower.messages.slice(back).some((m) => m.type === 'snapshot')).toBe(true);
    await waitFor(() => liveData(onFollower.messages, back).length >= 2, 30_000);
    expect(liveData(onFollower.messages, back).length).toBeGreaterThanOrEqual(2);
    expect((await follower.app.inject({ method: 'GET', url: '/readyz' })).json().status).toBe('ready');
  });
});
