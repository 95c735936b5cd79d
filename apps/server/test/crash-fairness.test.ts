// Issue 31 item 7a: the crash game commits a chain (publishes its terminating hash) first; its salt is fixed
// later from the client seeds players gave after the commitment, published with them, so the server cannot have
// chosen the chain for its salt.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock';
import { crashPointOf, sha256Hex } from '../src/modules/casino/crash/crash.fair';
import { SETTLE_GRACE_MS } from '../src/modules/casino/crash/crash.game';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

const SEEDING = 60_000;
const BETTING = 1_000;
const PAUSE = 1_000;
/** The salt as a verifier computes it, with nothing of the game's code. */
const expectedSalt = (terminatingHash: string, seeds: string[]) =>
  createHash('sha256')
    .update([terminatingHash, ...seeds].join('\n'))
    .digest('hex');

describeEachBackend('crash game: commitment, client seeds, salt (issue 31 item 7a)', (backend) => {
  let server: TestServer;
  const clock = manualClock(Date.UTC(2026, 10, 23, 12, 0, 0));
  const game = () => server.modules.casino.crash;
  const post = (url: string, payload: object) =>
    server.app.inject({ method: 'POST', url, headers: { host: 'localhost' }, payload });
  const get = async (url: string) => (await server.app.inject({ method: 'GET', url })).json();
  const fairness = async () => (await get('/api/v1/crash/fairness')).result;
  const open = async () => (await post('/api/v1/crash/sessions', { demo: true })).json().result.id as string;
  const give = (sessionId: string, seed: string) => post('/api/v1/crash/client-seeds', { sessionId, seed });

  beforeAll(async () => {
    server = await createTestServer(backend, {
      clock,
      config: {
        CRASH_SEEDING_MS: SEEDING,
        CRASH_CHAIN_LENGTH: 3,
        CRASH_BETTING_MS: BETTING,
        CRASH_PAUSE_MS: PAUSE,
      },
    });
  }, 120_000);
  afterAll(async () => server?.close());

  /** Plays the open round out: flight, crash, settlement, pause; then the next tick opens the next round. */
  async function playOut(): Promise<void> {
    const round = (await game().repo.latestRound())!;
    clock.set(round.bettingEndsAt.getTime());
    await game().tick();
    const flying = (await game().repo.latestRound())!;
    clock.set(flying.crashAt!.getTime() + SETTLE_GRACE_MS);
    await game().tick();
    await game().tick();
    clock.advance(PAUSE);
    await game().tick();
  }

  it('publishes the terminating hash first and salts the chain from the seeds given after it, with them', async () => {
    const committed = (await fairness()).next;
    expect(committed).toMatchObject({ salt: null, sealedAt: null, clientSeedCount: 0 });
    expect((await fairness()).current).toBeNull();
    // Nothing is played while the chain collects seeds.
    await game().tick();
    expect(await game().repo.latestRound()).toBeNull();

    clock.advance(1_000);
    const [alice, bob] = [await open(), await open()];
    const given = await give(alice, 'alice-1');
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().result).toMatchObject({
      chain: { id: committed.id },
      seed: { seed: 'alice-1' },
      given: true,
    });
    // One seed per session and chain: the first stands.
    const again = (await give(alice, 'alice-2')).json().result;
    expect(again).toMatchObject({ seed: { seed: 'alice-1' }, given: false });
    expect((await give(bob, 'bob_2')).statusCode).toBe(200);
    const bad = await give(bob, 'not a seed');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('seed');
    expect((await give('x'.repeat(22), 'abc')).statusCode).toBeGreaterThanOrEqual(400);

    clock.advance(SEEDING);
    await game().tick();
    const first = (await game().repo.latestRound())!;
    expect(first).toMatchObject({ chainId: committed.id, chainIndex: 1, status: 'betting' });
    const fair = await fairness();
    const salt = expectedSalt(committed.terminatingHash, ['alice-1', 'bob_2']);
    expect(fair.salt).toBe(salt);
    expect(fair.current).toMatchObject({ id: committed.id, salt, clientSeedCount: 2 });
    expect(Date.parse(fair.current.sealedAt)).toBeGreaterThan(Date.parse(committed.committedAt));
    // The chain's seeds, published in order, each given after the commitment.
    const chain = (await get(`/api/v1/crash/chains/${committed.id}`)).result;
    expect(chain.clientSeeds.map((s: { seed: string }) => s.seed)).toEqual(['alice-1', 'bob_2']);
    for (const s of chain.clientSeeds) {
      expect(Date.parse(s.at)).toBeGreaterThan(Date.parse(committed.committedAt));
      expect(s.player).toMatch(/^guest-[0-9a-f]{6}$/);
    }
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/crash/chains/999' })).statusCode).toBe(
      404,
    );

    // The next chain was committed when this one was sealed: a seed given now salts it, not the one in play.
    const next = fair.next;
    expect(next.id).toBeGreaterThan(committed.id);
    expect(next).toMatchObject({ salt: null, sealedAt: null });
    expect(Date.parse(next.committedAt)).toBeLessThanOrEqual(Date.parse(fair.current.sealedAt));
    clock.advance(1);
    expect((await give(alice, 'alice-next')).json().result.chain.id).toBe(next.id);

    // Chain 1's three rounds follow its salt; then the next chain is sealed from its own seed and played.
    for (let i = 0; i < 3; i++) await playOut();
    // Every chain collects at least CRASH_SEEDING_MS after its commitment: when chain 1's three rounds flew for
    // less (the crash points are random), the game waits for it before sealing chain 2.
    if ((await game().repo.latestRound())!.chainId === committed.id) {
      clock.advance(SEEDING);
      await game().tick();
    }
    const rounds = (await get('/api/v1/crash/rounds?limit=10')).result as {
      id: number;
      hash: string;
      crashPoint: number;
    }[];
    expect(rounds).toHaveLength(3);
    for (const round of rounds) expect(crashPointOf(round.hash, salt)).toBe(round.crashPoint);
    expect(sha256Hex(rounds.at(-1)!.hash)).toBe(committed.terminatingHash);
    const nextRound = (await game().repo.latestRound())!;
    expect(nextRound).toMatchObject({ chainId: next.id, chainIndex: 1 });
    const sealed = await fairness();
    expect(sealed.current).toMatchObject({
      id: next.id,
      salt: expectedSalt(next.terminatingHash, ['alice-next']),
    });
    expect(nextRound.crashPoint).toBe(crashPointOf(nextRound.hash, sealed.salt));
    expect(Date.parse(sealed.current.sealedAt) - Date.parse(next.committedAt)).toBeGreaterThanOrEqual(
      SEEDING,
    );
    expect(sealed.next.id).toBeGreaterThan(next.id);
  });
});
