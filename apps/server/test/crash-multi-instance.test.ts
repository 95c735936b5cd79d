import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrashBetView, FeedServerMessage } from '@sb/contract';
import { sql } from 'drizzle-orm';
import { SHARED_BACKENDS_AVAILABLE, startInstances, type Instance } from './support/instances';
import { connectFeed, type FeedTestClient } from './support/feed-client';
import { auditClean, fundedClient } from './support/casino';
import type { TestServer } from './support/server';
import { waitFor } from './support/wait';

type CrashStateMessage = Extract<FeedServerMessage, { type: 'crash_state' }>;
const states = (client: FeedTestClient) =>
  client.messages.filter((m): m is CrashStateMessage => m.type === 'crash_state');
/** Round id → crash point and hash, as a client saw them crash. */
const crashedRounds = (client: FeedTestClient) =>
  new Map(
    states(client)
      .filter((m) => m.round?.phase === 'crashed')
      .map((m) => [m.round!.id, `${m.round!.crashPoint}:${m.round!.hash}`]),
  );

/** The crash game on two instances (one PostgreSQL, one Redis). */
const SPEED = 5;
const origin = Date.now();
const clock = { now: () => origin + (Date.now() - origin) * SPEED };

(SHARED_BACKENDS_AVAILABLE ? describe : describe.skip)('crash game across instances', () => {
  let shared: Awaited<ReturnType<typeof startInstances>>;
  const clients: FeedTestClient[] = [];
  beforeAll(async () => {
    // Rounds play on a clock SPEED times the wall clock's (a 2× flight takes 2.3 s instead of 11.6 s): the game
    // reads time only from it, and leadership is a database lock, so nothing else changes.
    shared = await startInstances(
      2,
      { CRASH_ENABLED: true, CRASH_BETTING_MS: 15_000, CRASH_PAUSE_MS: 1_500, CRASH_TICK_MS: 500 },
      clock,
    );
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await shared?.close();
  });

  async function roles(): Promise<{ leader: Instance; follower: Instance }> {
    const [a, b] = shared.instances as [Instance, Instance];
    await waitFor(() => a.modules.casino.isCrashLeader() || b.modules.casino.isCrashLeader(), 15_000);
    expect(a.modules.casino.isCrashLeader() && b.modules.casino.isCrashLeader()).toBe(false);
    return a.modules.casino.isCrashLeader() ? { leader: a, follower: b } : { leader: b, follower: a };
  }

  async function subscribed(instance: Instance): Promise<FeedTestClient> {
    const client = await connectFeed(instance.baseUrl);
    clients.push(client);
    client.send({ type: 'subscribe', topics: ['crash'] });
    await client.next((m) => m.type === 'subscribed');
    return client;
  }

  it('runs one game loop, and both instances show the same rounds with sequence numbers', async () => {
    await roles();
    const [one, two] = await Promise.all(shared.instances.map(subscribed));
    // Flights last as long as their crash point says (2× ≈ 11.6 s of game time, 1 % of rounds beyond 100×): wait
    // for a round both saw crash.
    const common = () => [...crashedRounds(one!).keys()].filter((id) => crashedRounds(two!).has(id));
    await waitFor(() => common().length >= 1, 120_000);
    expect(common().length).toBeGreaterThanOrEqual(1);
    for (const id of common()) expect(crashedRounds(two!).get(id)).toBe(crashedRounds(one!).get(id));
    // Every round either saw, in every phase, is the same round (same window, same start).
    const phases = (c: FeedTestClient) =>
      new Map(states(c).map((m) => [`${m.round?.id}:${m.round?.phase}`, m.round?.bettingEndsAt]));
    const phasesTwo = phases(two!);
    for (const [key, endsAt] of phases(one!)) if (phasesTwo.has(key)) expect(phasesTwo.get(key)).toBe(endsAt);
    // Ticks flow (a round that crashed at 1.00× had none: wait for one that flew) and every data message carries
    // a growing seq.
    await waitFor(() => one!.messages.some((m) => m.type === 'crash_tick'), 60_000);
    expect(
      one!.messages.some((m) => m.type === 'crash_tick'),
      'a crash_tick within 60 s',
    ).toBe(true);
    const seqs = one!.messages
      .filter((m) => m.type.startsWith('crash_'))
      .map((m) => (m as { seq: number }).seq);
    expect(
      seqs.every((seq, i) => i === 0 || seq > seqs[i - 1]!),
      `seqs ${seqs.join(',')}`,
    ).toBe(true);
  }, 210_000);

  it('survives the leader’s death mid-round: every bet completed or refunded exactly once, ledger clean', async () => {
    const { leader, follower } = await roles();
    const server = follower as unknown as TestServer;
    const watcher = await subscribed(follower);
    const players = await Promise.all(
      [0, 1, 2, 3].map(async (i) => {
        const { token } = await fundedClient(server, `crash-multi-${i}-${Date.now()}`, 10_000);
        const res = await fetch(`${follower.baseUrl}/api/v1/crash/sessions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({}),
        });
        const body = (await res.json()) as { result: { id: string } };
        expect(res.status, JSON.stringify(body)).toBe(200);
        return { token, session: body.result.id };
      }),
    );
    // A round with most of its window left.
    let roundId = 0;
    await waitFor(() => {
      const round = follower.modules.casino.crash.state().round;
      if (round?.phase !== 'betting' || round.bettingEndsAt - clock.now() < 7_500) return false;
      roundId = round.id;
      return true;
    }, 60_000);
    expect(roundId).toBeGreaterThan(0);
    const placed = await Promise.all(
      players.map(async (p, i) => {
        const res = await fetch(`${follower.baseUrl}/api/v1/crash/bets`, {
          method: 'POST',
          headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            sessionId: p.session,
            roundId,
            slot: 0,
            stake: 1_000 + i,
            autoCashout: i % 2 === 0 ? 101 : 100_000,
          }),
        });
        const body = (await res.json()) as { result: { bet: CrashBetView } };
        expect(res.status, JSON.stringify(body)).toBe(200);
        return body.result.bet;
      }),
    );
    // Kill the leader once the flight is under way (or the round already crashed at 1.00×).
    await waitFor(
      () => (follower.modules.casino.crash.state().round?.phase ?? 'betting') !== 'betting',
      10_000,
    );
    await leader.app.close();
    await leader.database.close();
    leader.app.close = (async () => undefined) as never;
    leader.database.close = async () => undefined;
    await waitFor(() => follower.modules.casino.isCrashLeader(), 15_000);
    // The follower finishes the round (it was flying: completed, not refunded): its players see it crash, and
    // the database holds no bet of it open (the settlement pass closes the losers a grace period after the crash).
    await waitFor(
      () => states(watcher).some((m) => m.round?.id === roundId && m.round.phase === 'crashed'),
      30_000,
    );
    const db = follower.database.db;
    const open = async () =>
      (
        (await db.execute(
          sql`select count(*) as n from crash_bets where round_id = ${roundId} and status in ('open', 'cashing')`,
        )) as unknown as { rows: { n: string }[] }
      ).rows[0]!.n;
    for (const until = Date.now() + 30_000; (await open()) !== '0' && Date.now() < until;)
      await new Promise((r) => setTimeout(r, 50));
    expect(await open(), `bets of round ${roundId} left open`).toBe('0');
    const rows = (
      (await db.execute(
        sql`select b.id, b.status, b.payout, count(w.uuid) filter (where w.kind in ('win','rollback')) as closes,
                   count(w.uuid) filter (where w.kind = 'bet') as bets
            from crash_bets b left join casino_wallet_transactions w
              on w.uuid in ('cr:' || b.id || ':bet', 'cr:' || b.id || ':win', 'cr:' || b.id || ':rollback')
            where b.round_id = ${roundId} group by b.id order by b.id`,
      )) as unknown as { rows: unknown[] }
    ).rows as { id: number; status: string; closes: string; bets: string }[];
    expect(rows).toHaveLength(placed.length);
    for (const row of rows) {
      expect(row.status).not.toBe('open');
      expect(Number(row.bets)).toBe(1);
      expect(Number(row.closes)).toBe(1);
    }
    await auditClean(server);
    // And the game goes on under its new leader.
    const before = crashedRounds(watcher).size;
    await waitFor(() => crashedRounds(watcher).size > before, 30_000);
  }, 150_000);
});
