import { describe, expect, it } from 'vitest';
import { startLeaderElection } from '../src/modules/fixtures/index';
import { BACKENDS, createTestDatabase } from './support/databases';

const postgres = BACKENDS.find((b) => b.name === 'postgres')!;

async function waitFor(condition: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
}

describe('simulator leadership [pglite]', () => {
  it('a single instance becomes leader and gives leadership up on stop', async () => {
    const database = await createTestDatabase('pglite');
    let running = 0;
    const election = startLeaderElection({
      database,
      retryMs: 50,
      lead: async (signal) => {
        running++;
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        running--;
      },
    });
    await waitFor(() => election.isLeader());
    expect(election.isLeader()).toBe(true);
    expect(running).toBe(1);
    await election.stop();
    expect(running).toBe(0);
    await database.close();
  });
});

(postgres.available ? describe : describe.skip)('simulator leadership [postgres]', () => {
  it('lets exactly one of two instances lead, and the other takes over when the leader stops', async () => {
    const database = await createTestDatabase('postgres');
    const running = new Set<string>();
    const make = (name: string) =>
      startLeaderElection({
        database,
        lockKey: 99_001,
        retryMs: 50,
        lead: async (signal) => {
          running.add(name);
          await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
          running.delete(name);
        },
      });
    const a = make('a');
    const b = make('b');
    await waitFor(() => running.size > 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(running.size).toBe(1);
    expect([a.isLeader(), b.isLeader()].filter(Boolean)).toHaveLength(1);
    const [leader, follower] = a.isLeader() ? [a, b] : [b, a];
    await leader.stop();
    await waitFor(() => follower.isLeader());
    expect(follower.isLeader()).toBe(true);
    expect(running.size).toBe(1);
    await follower.stop();
    expect(running.size).toBe(0);
    await database.close();
  });
});
