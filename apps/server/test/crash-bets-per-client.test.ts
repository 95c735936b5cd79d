import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer } from './support/accounts';
import { fundedClient } from './support/casino';
import { SHARED_BACKENDS_AVAILABLE, startInstances, type Instance } from './support/instances';
import type { TestServer } from './support/server';

/**
 * Issue 32 item 9: the crash game's "2 bets a round" is per client (over all its sessions, on both instances),
 * and per demo session for fun money.
 */
(SHARED_BACKENDS_AVAILABLE ? describe : describe.skip)(
  'crash: two bets a round per client (issue 32 item 9)',
  () => {
    let shared: Awaited<ReturnType<typeof startInstances>>;
    let instances: Instance[] = [];
    const on = (i: number) => instances[i % instances.length]!;
    const post = (i: number, url: string, token: string | null, payload: object) =>
      on(i).app.inject({
        method: 'POST',
        url,
        headers: token ? bearer(token) : { host: 'localhost' },
        payload,
      });
    const open = async (i: number, token: string | null) => {
      const res = await post(i, '/api/v1/crash/sessions', token, { demo: token === null });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.id as string;
    };

    beforeAll(async () => {
      // The betting window outlasts the test: the round is opened by hand and stays open.
      shared = await startInstances(2, { CRASH_BETTING_MS: 60_000 });
      instances = shared.instances;
    }, 120_000);
    afterAll(async () => shared?.close());

    it('takes two bets a round from a client with three sessions, and two from each demo session', async () => {
      const crash = instances[0]!.modules.casino.crash;
      // As main's crash tests: the chain is committed (published by /fairness) before the first round opens it.
      const fairness = await on(0).app.inject({
        method: 'GET',
        url: '/api/v1/crash/fairness',
        headers: { host: 'localhost' },
      });
      expect(fairness.statusCode, fairness.body).toBe(200);
      await crash.tick();
      const round = (await crash.repo.latestRound())!;
      expect(round.status).toBe('betting');
      const { token } = await fundedClient(instances[0] as unknown as TestServer, 'crash-three', 1_000);
      const sessions = [await open(0, token), await open(1, token), await open(0, token)];
      // Each session tries both panels at once on both instances, each with its own stakes.
      const answers = await Promise.all(
        sessions.flatMap((sessionId, s) =>
          [0, 1].map((slot) =>
            post(s + slot, '/api/v1/crash/bets', token, {
              sessionId,
              roundId: round.id,
              slot,
              stake: 100 + s * 10 + slot,
            }),
          ),
        ),
      );
      const accepted = answers.filter((a) => a.statusCode === 200);
      expect(accepted.length, answers.map((a) => a.body).join('\n')).toBe(2);
      for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.json().error).toBe('slot_taken');
      const demo = [await open(0, null), await open(1, null)];
      const demoAnswers = await Promise.all(
        demo.flatMap((sessionId, s) =>
          [0, 1].map((slot) =>
            post(s + slot, '/api/v1/crash/bets', null, { sessionId, roundId: round.id, slot, stake: 100 }),
          ),
        ),
      );
      expect(demoAnswers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      const rows = (
        (await instances[0]!.database.db.execute(
          sql`select demo, count(*)::int as n from crash_bets where round_id = ${round.id} group by demo order by demo`,
        )) as unknown as { rows: { demo: boolean; n: number }[] }
      ).rows;
      expect(rows).toEqual([
        { demo: false, n: 2 },
        { demo: true, n: 4 },
      ]);
    }, 120_000);
  },
);
