import { describe, expect, it } from 'vitest';
import { SIMULATOR_LOCK_KEY, startLeaderElection } from '../src/lib/leader-election';
import { BACKENDS, POSTGRES_URL, createTestDatabase } from './support/databases';

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
      name: 'simulator',
      lockKey: SIMULATOR_LOCK_KEY,
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
        name,
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
    // The follower asks for the lock again and again meanwhile: three refusals, and still one runs.
    await waitFor(() => a.refusals() + b.refusals() >= 3);
    expect(a.refusals() + b.refusals()).toBeGreaterThanOrEqual(3);
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

(postgres.available ? describe : describe.skip)('simulator across server instances [postgres]', () => {
  it('runs the simulator on exactly one of two servers sharing a database, and fails over when it stops', async () => {
    const { buildApp } = await import('../src/app');
    const { testConfig } = await import('../src/config/config');
    const database = await createTestDatabase('postgres');
    const config = testConfig({ SIMULATOR_ENABLED: true, SIMULATOR_TICK_MS: 100 });
    // Two pools on one database, as two processes would have.
    const { openDatabase } = await import('../src/db/database');
    const url = new URL(POSTGRES_URL!);
    const dbName = (await database.withConnection((q) => q('select current_database() as name')))[0] as {
      name: string;
    };
    url.pathname = `/${dbName.name}`;
    const secondPool = await openDatabase({ url: url.toString() });
    const a = await buildApp({ config, database, migrate: false });
    const b = await buildApp({ config, database: secondPool, migrate: false });
    try {
      await waitFor(() => a.modules.producer.isLeader() || b.modules.producer.isLeader());
      // The follower asks for the lock again meanwhile (refused three times), and still one server leads.
      const refusals = () => a.modules.producer.lockRefusals() + b.modules.producer.lockRefusals();
      await waitFor(() => refusals() >= 3, 15_000);
      expect(refusals()).toBeGreaterThanOrEqual(3);
      const leaders = [a, b].filter((x) => x.modules.producer.isLeader());
      expect(leaders).toHaveLength(1);
      const follower = leaders[0] === a ? b : a;
      await leaders[0]!.app.close();
      await waitFor(() => follower.modules.producer.isLeader(), 15_000);
      expect(follower.modules.producer.isLeader()).toBe(true);
    } finally {
      await a.app.close();
      await b.app.close();
      await secondPool.close();
      await database.close();
    }
  });
});
