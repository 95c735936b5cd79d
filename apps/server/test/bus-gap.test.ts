// An instance whose Redis connection drops mid-match misses what was published meanwhile; it sees
// the gap, rebuilds from the database and resyncs its clients, who end with exactly the state of the other
// instance's clients. Needs PostgreSQL and Redis; skipped (so counted) otherwise.
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { FeedServerMessage } from '@sb/contract';
import { REDIS_TEST_URL } from './support/databases';
import { SHARED_BACKENDS_AVAILABLE, useSimulatedPair, watchLaterMatch } from './support/instances';
import { commandApplied, until } from './support/wait';
import type { FeedTestClient } from './support/feed-client';

/**
 * What a client shows, rebuilt from the messages it received: per event the shown match fields, per open
 * selection its odd and flags. A snapshot marker replaces the state of its topic, as the web client does.
 */
function clientState(messages: FeedServerMessage[], eventId: number) {
  let match = '';
  let markets = new Map<number, string>();
  for (const m of messages) {
    if (m.type === 'snapshot' && m.topic === `event:${eventId}`) {
      match = '';
      markets = new Map();
    }
    if (m.type === 'match_update' && m.eventId === eventId) {
      match = JSON.stringify([m.status, m.isLive, m.isSuspended, m.periodCounter, m.data.score]);
    }
    if (m.type === 'market_update' && m.eventId === eventId) {
      for (const market of m.markets)
        for (const s of market.selections)
          markets.set(s.id, s.isClosed ? 'closed' : `${s.odd}:${s.isDisabled}`);
    }
  }
  return { match, markets: Object.fromEntries([...markets].sort(([a], [b]) => a - b)) };
}

(SHARED_BACKENDS_AVAILABLE ? describe : describe.skip)('bus gap repair across two instances', () => {
  const pair = useSimulatedPair();
  const clients = pair.clients;

  it("rebuilds a disconnected instance and its clients end with the other instance's clients' state", async () => {
    // The instance that does not run the simulator is the one that loses its Redis connection.
    const { leader, follower } = await pair.roles();
    const { eventId, watchers } = await watchLaterMatch(leader, [leader, follower], clients);
    const [onLeader, onFollower] = watchers as [FeedTestClient, FeedTestClient];
    // 30× the match's time: a match of about three minutes, so it is still running when the repair is done and
    // paused (at 120× it lasted under a minute, less than a busy machine's repair and updates could take), and a
    // match minute every 2 s, so updates keep coming.
    await commandApplied(leader.modules.producer, eventId, 'speed', { factor: 30 });
    await commandApplied(leader.modules.producer, eventId, 'start');
    await until(
      () => onFollower.messages.some((m) => m.type === 'market_update'),
      "the follower's client receives the started match's prices",
      60_000,
    );

    // Cut the follower's subscriber connection mid-match: what is published until it is back is lost to it.
    const admin = new Redis(REDIS_TEST_URL!);
    try {
      const list = String(await admin.client('LIST'));
      const id = list
        .split('\n')
        .find((line) => line.includes(`sub:${follower.bus.id}`))
        ?.match(/id=(\d+)/)?.[1];
      expect(id).toBeDefined();
      const before = onFollower.messages.length;
      await admin.client('KILL', 'ID', id!);
      // Its clients are resynced with an ordinary snapshot once it has rebuilt from the database.
      await until(
        () => onFollower.messages.slice(before).some((m) => m.type === 'snapshot'),
        "the follower's client is resynced with a snapshot after its instance lost its Redis subscriber",
        60_000,
      );
    } finally {
      await admin.quit();
    }

    // The match goes on after the repair (more updates reach the leader's client), then it is paused: nothing
    // changes after that, and the follower's client ends with the leader's client's state once the last
    // messages have arrived (a follower that missed a message never does).
    const repairedAt = onLeader.messages.length;
    const updates = () =>
      onLeader.messages
        .slice(repairedAt)
        .filter((m) => m.type === 'match_update' || m.type === 'market_update');
    await until(
      () => updates().length >= 5,
      "5 updates of the running match reach the leader's client",
      120_000,
    );
    await commandApplied(leader.modules.producer, eventId, 'pause');
    const same = () =>
      JSON.stringify(clientState(onFollower.messages, eventId)) ===
      JSON.stringify(clientState(onLeader.messages, eventId));
    await until(
      same,
      "the follower's client shows the leader's client's state once the match is paused",
      60_000,
    );
    const expected = clientState(onLeader.messages, eventId);
    expect(expected.match).not.toBe('');
    expect(Object.keys(expected.markets).length).toBeGreaterThan(0);
    expect(clientState(onFollower.messages, eventId)).toEqual(expected);
    // A hang guard over the waits above (each names what it waited for), longer than their sum on a busy machine,
    // so the one that did not come is reported rather than the test's own limit.
  }, 900_000);
});
