import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MatchUpdate } from '@sb/contract';
import type { EventBus } from '../src/plugins/bus';
import { createRedisBus } from '../src/plugins/redis-bus';
import { matchUpdate } from '../src/modules/feed/feed.test-support';
import { REDIS_TEST_URL } from './support/databases';

// Against the real Redis server: skipped (so counted) when TEST_REDIS_URL is not set.
(REDIS_TEST_URL ? describe : describe.skip)('Redis event bus', () => {
  const url = REDIS_TEST_URL!;
  const opened: EventBus[] = [];
  const open = (prefix: string, extra: { onResubscribed?: () => void } = {}) => {
    const bus = createRedisBus({ url, channelPrefix: prefix, ...extra });
    opened.push(bus);
    return bus;
  };
  const uniquePrefix = () => `sbtest:${randomBytes(5).toString('hex')}:`;
  const collect = (bus: EventBus) => {
    const got: MatchUpdate[] = [];
    bus.subscribe('fixture.match', (m) => got.push(m));
    return got;
  };

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((bus) => bus.close()));
  });

  it('delivers a publish to every bus of the same prefix, the publisher included, and no other', async () => {
    const prefix = uniquePrefix();
    const [a, b, stranger] = [open(prefix), open(prefix), open(uniquePrefix())];
    const [gotA, gotB, gotStranger] = [collect(a), collect(b), collect(stranger)];
    await Promise.all([a.ready(), b.ready(), stranger.ready()]);
    await a.publish('fixture.match', matchUpdate(1, { periodTime: 12 }));
    await vi.waitFor(() => {
      expect(gotA).toHaveLength(1);
      expect(gotB).toHaveLength(1);
    });
    expect(gotB[0]).toEqual(matchUpdate(1, { periodTime: 12 }));
    // A second message through the same path proves the stranger had its chance at the first.
    await stranger.publish('fixture.match', matchUpdate(2));
    await vi.waitFor(() => expect(gotStranger).toHaveLength(1));
    expect(gotStranger[0]?.eventId).toBe(2);
    expect(gotA).toHaveLength(1);
  });

  it('keeps message order and stops delivering to an unsubscribed handler', async () => {
    const prefix = uniquePrefix();
    const bus = open(prefix);
    const got: number[] = [];
    const stop = bus.subscribe('fixture.match', (m) => got.push(m.periodTime));
    const all: number[] = [];
    bus.subscribe('fixture.match', (m) => all.push(m.periodTime));
    await bus.ready();
    for (let minute = 1; minute <= 20; minute += 1)
      await bus.publish('fixture.match', matchUpdate(1, { periodTime: minute }));
    await vi.waitFor(() => expect(all).toHaveLength(20));
    expect(got).toEqual(all);
    expect(all).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    stop();
    await bus.publish('fixture.match', matchUpdate(1, { periodTime: 21 }));
    await vi.waitFor(() => expect(all).toHaveLength(21));
    expect(got).toHaveLength(20);
  });

  it('reconnects and re-subscribes after its connection is killed', async () => {
    const prefix = uniquePrefix();
    let resubscribed = 0;
    const bus = open(prefix, { onResubscribed: () => (resubscribed += 1) });
    const got = collect(bus);
    await bus.ready();
    const admin = new Redis(url);
    try {
      const list = await admin.client('LIST');
      const id = String(list)
        .split('\n')
        .find((line) => line.includes(`name=${prefix}sub`))
        ?.match(/id=(\d+)/)?.[1];
      expect(id).toBeDefined();
      await admin.client('KILL', 'ID', id!);
      await vi.waitFor(() => expect(resubscribed).toBe(1), { timeout: 10_000 });
      await vi.waitFor(
        async () => {
          await bus.publish('fixture.match', matchUpdate(9));
          expect(got.length).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await admin.quit();
    }
  });

  it('closes cleanly: its connections leave Redis and later publishes are no-ops', async () => {
    const prefix = uniquePrefix();
    const bus = open(prefix);
    collect(bus);
    await bus.ready();
    await bus.close();
    await bus.close();
    await bus.publish('fixture.match', matchUpdate(1));
    const admin = new Redis(url);
    try {
      await vi.waitFor(async () =>
        expect(String(await admin.client('LIST'))).not.toContain(`name=${prefix}`),
      );
    } finally {
      await admin.quit();
    }
  });
});
