import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { CrashBetView, Transaction } from '@sb/contract';
import { manualClock } from '../src/lib/clock';
import { timeOf } from '@sb/crash';
import { crashPointOf, sha256Hex } from '../src/modules/casino/crash/crash.fair';
import { SETTLE_GRACE_MS, VOID_AFTER_MS } from '../src/modules/casino/crash/crash.game';
import type { CrashRoundRow } from '../src/modules/casino/crash/crash.repository';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { bearer } from './support/accounts';
import { auditClean, cash, fundedClient } from './support/casino';

const BETTING = 5_000;
const PAUSE = 3_000;

/** The crash game on one server, its loop driven by hand on a manual clock. */
describeEachBackend('crash game', (backend) => {
  let server: TestServer;
  const clock = manualClock(Date.UTC(2026, 10, 23, 12, 0, 0));
  const game = () => server.modules.casino.crash;
  const headers = (token: string | null) => (token ? bearer(token) : { host: 'localhost' });
  const post = (url: string, token: string | null, payload: unknown) =>
    server.app.inject({ method: 'POST', url, headers: headers(token), payload: payload as object });
  const get = (url: string, token: string | null = null) =>
    server.app.inject({ method: 'GET', url, headers: headers(token) });
  const open = async (token: string | null) => {
    const res = await post('/api/v1/crash/sessions', token, { demo: token === null });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.id as string;
  };
  const bet = (token: string | null, sessionId: string, body: Record<string, unknown>) =>
    post('/api/v1/crash/bets', token, { sessionId, slot: 0, ...body });
  const cashout = (token: string | null, sessionId: string, betId: number) =>
    post('/api/v1/crash/cashout', token, { sessionId, betId });
  const latest = async () => (await game().repo.latestRound())!;

  /**
   * Plays rounds out until one in its betting window will crash at `min` or above and below `below` (the chain is
   * random: a test whose outcome depends on where the round crashes names the whole range), at most `rounds`.
   */
  async function roundReaching(min: number, rounds = 200, below = Infinity): Promise<CrashRoundRow> {
    for (let i = 0; i < rounds; i++) {
      await game().tick();
      const round = await latest();
      if (round.status === 'betting' && round.crashPoint >= min && round.crashPoint < below) return round;
      // Fly it out: start, crash, settle, pause.
      clock.set(round.bettingEndsAt.getTime());
      await game().tick();
      const flying = await latest();
      clock.set(flying.crashAt!.getTime() + SETTLE_GRACE_MS);
      await game().tick();
      await game().tick();
      clock.advance(PAUSE);
    }
    throw new Error(`no round reached ${min}`);
  }

  beforeAll(async () => {
    server = await createTestServer(backend, {
      clock,
      config: { CRASH_BETTING_MS: BETTING, CRASH_PAUSE_MS: PAUSE, CRASH_MAX_ROUND_PAYOUT: 1_000_000 },
    });
  }, 120_000);
  afterAll(async () => server?.close());

  it('publishes the chain before the first round, and reveals each hash only after its crash', async () => {
    const fair = (await get('/api/v1/crash/fairness')).json().result;
    // Committed, not sealed: the salt comes at the first round, from the client seeds given meanwhile.
    expect(fair.salt).toBeNull();
    expect(fair.terminatingHash).toMatch(/^[0-9a-f]{64}$/);
    expect(fair.next).toMatchObject({ terminatingHash: fair.terminatingHash, salt: null, sealedAt: null });
    expect(fair.formula).toContain('HMAC-SHA256');
    expect(fair.rules).toMatchObject({ bettingMs: BETTING, pauseMs: PAUSE, growthPerMs: 0.00006 });
    expect((await get('/api/v1/crash/rounds?limit=5')).json().result).toEqual([]);
    await game().tick();
    const first = await latest();
    expect(first).toMatchObject({ chainIndex: 1, status: 'betting' });
    expect((await get('/api/v1/crash/fairness')).json().result.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(game().state().round).toMatchObject({
      id: first.id,
      phase: 'betting',
      hash: null,
      crashPoint: null,
    });
    expect((await get(`/api/v1/crash/rounds/${first.id}`)).json().result.round.hash).toBeNull();
    // Twelve rounds played out (none can reach 10⁹×: the search gives up).
    await expect(roundReaching(1_000_000_000, 12)).rejects.toThrow('no round reached');
  }, 60_000);

  it('lists finished rounds newest first, each verifiable and linked to the next by SHA-256', async () => {
    const fair = (await get('/api/v1/crash/fairness')).json().result;
    const rounds = (await get('/api/v1/crash/rounds?limit=10')).json().result as {
      id: number;
      hash: string;
      crashPoint: number;
    }[];
    expect(rounds.length).toBe(10);
    for (const [i, round] of rounds.entries()) {
      expect(crashPointOf(round.hash, fair.salt)).toBe(round.crashPoint);
      if (i > 0) expect(rounds[i - 1]!.id).toBe(round.id + 1);
      if (i > 0) expect(sha256Hex(rounds[i - 1]!.hash)).toBe(round.hash);
    }
    const first = (await game().repo.round(1))!;
    expect(sha256Hex(first.hash)).toBe(fair.terminatingHash);
    expect((await get('/api/v1/crash/rounds?limit=0')).json().field).toBe('limit');
    expect((await get('/api/v1/crash/rounds?limit=abc')).statusCode).toBe(400);
  });

  it('pays a cash-out at the server multiplier (1.50× → stake × 1.50), auto cash-outs, and refuses bad input', async () => {
    const a = await fundedClient(server, 'crash-a', 10_000);
    const sa = await open(a.token);
    const round = await roundReaching(200);
    // Bad input first: nothing moves.
    const bad = async (body: Record<string, unknown>, status: number, field: string) => {
      const res = await bet(a.token, sa, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().field).toBe(field);
    };
    await bad({ roundId: round.id, stake: 100.5 }, 400, 'stake');
    await bad({ roundId: round.id, stake: 5 }, 400, 'stake');
    await bad({ roundId: round.id, stake: 100_001 }, 400, 'stake');
    await bad({ roundId: round.id, stake: 100, slot: 2 }, 400, 'slot');
    await bad({ roundId: round.id, stake: 20_000 }, 409, 'stake');
    await bad({ roundId: round.id + 50, stake: 100 }, 404, 'roundId');
    await bad({ roundId: round.id - 1, stake: 100 }, 409, 'roundId');
    await bad({ roundId: round.id, stake: 100, autoCashout: 100 }, 400, 'autoCashout');
    expect(await cash(server, a.token)).toBe(10_000);

    const manual = await bet(a.token, sa, { roundId: round.id, stake: 1_000 });
    expect(manual.statusCode, manual.body).toBe(200);
    const m = manual.json().result.bet as CrashBetView;
    // The same bet again (a retry) is the first one; another stake in the same panel is refused.
    expect((await bet(a.token, sa, { roundId: round.id, stake: 1_000 })).json().result.bet.id).toBe(m.id);
    expect((await bet(a.token, sa, { roundId: round.id, stake: 900 })).json().error).toBe('slot_taken');
    const auto = await bet(a.token, sa, { roundId: round.id, stake: 333, slot: 1, autoCashout: 120 });
    expect(auto.statusCode, auto.body).toBe(200);
    expect(await cash(server, a.token)).toBe(10_000 - 1_333);
    expect((await cashout(a.token, sa, m.id)).json().error).toBe('not_flying');
    // Another client cannot touch the session.
    const eve = await fundedClient(server, 'crash-eve', 1_000);
    expect((await cashout(eve.token, sa, m.id)).statusCode).toBe(404);

    clock.set(round.bettingEndsAt.getTime());
    expect((await bet(a.token, sa, { roundId: round.id, stake: 100, slot: 1 })).statusCode).toBe(409);
    await game().tick();
    const flying = await latest();
    expect(flying.status).toBe('flying');
    // A retry of the placed bet after the window still answers the bet.
    expect((await bet(a.token, sa, { roundId: round.id, stake: 1_000, slot: 0 })).statusCode).toBe(200);
    // The auto cash-out fires at its target on the server, whoever is connected.
    clock.set(flying.startedAt!.getTime() + timeOf(125));
    await game().tick();
    const autoBet = (await game().repo.bet(auto.json().result.bet.id))!;
    expect(autoBet).toMatchObject({ status: 'cashed', cashout: 120, payout: 399 });
    // A manual cash-out counts at the server's multiplier when it arrives.
    clock.set(flying.startedAt!.getTime() + timeOf(150));
    const out = await cashout(a.token, sa, m.id);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().result.bet).toMatchObject({ status: 'cashed', cashout: 150, payout: 1_500 });
    expect(out.json().result.balance).toBe(10_000 - 1_333 + 399 + 1_500);
    expect((await cashout(a.token, sa, m.id)).json().error).toBe('already_cashed_out');

    clock.set(flying.crashAt!.getTime());
    await game().tick();
    expect((await latest()).status).toBe('crashed');
    expect(game().state().round).toMatchObject({ phase: 'crashed', crashPoint: round.crashPoint });
    clock.set(flying.crashAt!.getTime() + SETTLE_GRACE_MS);
    await game().tick();
    await game().tick();
    expect((await latest()).status).toBe('settled');
    expect(await cash(server, a.token)).toBe(10_000 - 1_333 + 399 + 1_500);
    const tx = (await get('/api/v1/user/transactions', a.token)).json().result.transactions as Transaction[];
    expect(tx.filter((t) => t.type.key === 'casino_stake')).toHaveLength(2);
    expect(tx.filter((t) => t.type.key === 'casino_payout')).toHaveLength(2);
    const history = (await get(`/api/v1/crash/history?sessionId=${sa}`, a.token)).json().result;
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ roundId: round.id, crashPoint: round.crashPoint });
    const detail = (await get(`/api/v1/crash/rounds/${round.id}`)).json().result;
    expect(detail.round.hash).toBe(round.hash);
    expect(detail.bets.map((b: CrashBetView) => b.status)).toEqual(['cashed', 'cashed']);
    await auditClean(server);
  }, 60_000);

  it('loses open bets at the crash, refuses a late cash-out, and cashes everyone out at the force point', async () => {
    const b = await fundedClient(server, 'crash-b', 300_000);
    const sb = await open(b.token);
    const demo = await open(null);
    const round = await roundReaching(600);
    // Two stakes of 1,000.00 against a 10,000.00 round maximum: the force point is 5.00×.
    for (const slot of [0, 1])
      expect((await bet(b.token, sb, { roundId: round.id, stake: 100_000, slot })).statusCode).toBe(200);
    const d = (await bet(null, demo, { roundId: round.id, stake: 5_000 })).json().result.bet as CrashBetView;
    clock.set(round.bettingEndsAt.getTime());
    await game().tick();
    const flying = await latest();
    expect(flying.forcePoint).toBe(500);
    clock.set(flying.startedAt!.getTime() + timeOf(500));
    await game().tick();
    const bets = await game().repo.betsOf(round.id);
    expect(bets.filter((x) => !x.demo).map((x) => [x.status, x.cashout, x.payout])).toEqual([
      ['cashed', 500, 500_000],
      ['cashed', 500, 500_000],
    ]);
    // Fun money is not capped: the demo bet flies on and is lost at the crash.
    clock.set(flying.crashAt!.getTime());
    const late = await cashout(null, demo, d.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('round_crashed');
    await game().tick();
    clock.advance(SETTLE_GRACE_MS);
    await game().tick();
    expect((await game().repo.bet(d.id))!.status).toBe('lost');
    expect(await cash(server, b.token)).toBe(300_000 - 200_000 + 1_000_000);
    const session = (await get(`/api/v1/crash/state?sessionId=${demo}`)).json().result;
    expect(session.balance).toBe(100_000 - 5_000);
    await auditClean(server);
  }, 60_000);

  /**
   * Bets `stake` in both panels of a round in its betting window and flies it: the bets (slot 0, slot 1), the round
   * in flight, and the time a request arriving at 2.50× reached the server.
   */
  async function twoBetsInFlight(token: string, sessionId: string, round: CrashRoundRow, stake: number) {
    const placed = [0, 1].map(async (slot) => {
      const res = await bet(token, sessionId, { roundId: round.id, stake, slot });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.bet.id as number;
    });
    const [early, late] = (await Promise.all(placed)) as [number, number];
    clock.set(round.bettingEndsAt.getTime());
    await game().tick();
    const flying = await latest();
    return { early, late, flying, arrivedInFlight: flying.startedAt!.getTime() + timeOf(250) };
  }

  it('judges a cash-out at its arrival: one that arrived in flight is paid after the crash, until the losers are settled', async () => {
    const c = await fundedClient(server, 'crash-arrival', 10_000);
    const sc = await open(c.token);
    // Below the force point of two stakes of 10.00 (1,000,000 / 2,000 = 500.00×): above it the settlement pays the
    // late bet at the force point (the next test), and 0.6 % of the rounds reaching 3.00× do (CI's lost run).
    const round = await roundReaching(300, 200, 50_000);
    const { early, late, flying, arrivedInFlight } = await twoBetsInFlight(c.token, sc, round, 1_000);
    // Two requests arrive at 2.50× and at the crash instant; the round crashes before either is worked on.
    clock.set(flying.crashAt!.getTime());
    await game().tick();
    expect((await latest()).status).toBe('crashed');
    const session = await server.modules.casino.sessions.load(sc, c.user);
    const paid = await game().cashout(session, early, arrivedInFlight);
    expect(paid).toMatchObject({ status: 'cashed', cashout: 250, payout: 2_500 });
    await expect(game().cashout(session, late, flying.crashAt!.getTime())).rejects.toMatchObject({
      code: 'round_crashed',
    });
    clock.advance(SETTLE_GRACE_MS);
    await game().tick();
    // After the settlement the other bet is lost: even an early arrival is too late then.
    await expect(game().cashout(session, late, arrivedInFlight)).rejects.toMatchObject({
      code: 'round_crashed',
    });
    expect(await cash(server, c.token)).toBe(10_000 - 2_000 + 2_500);
    await auditClean(server);
  }, 60_000);

  it("answers already_cashed_out only for a bet that was cashed: one the force point closed (CI's lost run, pinned)", async () => {
    // CI's failure, made certain: the same two bets and requests as the test above, but on a round crashing above
    // its force point. Two stakes of 1,000.00 against a 10,000.00 round maximum: the force point is 5.00×.
    const c = await fundedClient(server, 'crash-forced', 250_000);
    const sc = await open(c.token);
    const round = await roundReaching(600);
    const { early, late, flying, arrivedInFlight } = await twoBetsInFlight(c.token, sc, round, 100_000);
    expect(flying.forcePoint).toBe(500);
    // The leader missed every tick of the flight (a busy machine): nothing paid the force point in flight.
    clock.set(flying.crashAt!.getTime());
    await game().tick();
    const session = await server.modules.casino.sessions.load(sc, c.user);
    expect(await game().cashout(session, early, arrivedInFlight)).toMatchObject({
      cashout: 250,
      payout: 250_000,
    });
    // The late bet passed its force point in flight: an arrival at the crash is answered with that cash-out (not
    // "too late"), the same one the settlement would pay.
    expect(await game().cashout(session, late, flying.crashAt!.getTime())).toMatchObject({
      status: 'cashed',
      cashout: 500,
      payout: 500_000,
    });
    clock.advance(SETTLE_GRACE_MS);
    await game().tick();
    await expect(game().cashout(session, late, arrivedInFlight)).rejects.toMatchObject({
      code: 'already_cashed_out',
    });
    expect(await game().repo.bet(late)).toMatchObject({ status: 'cashed', cashout: 500, payout: 500_000 });
    expect(await cash(server, c.token)).toBe(250_000 - 200_000 + 250_000 + 500_000);
    await auditClean(server);
  }, 60_000);

  /** A bet of 10.00 on a round in flight, crashed and past its grace: the settlement is due at the next tick. */
  async function crashedRound(name: string) {
    const c = await fundedClient(server, name, 10_000);
    const sc = await open(c.token);
    // Below the bet's force point (1,000,000 / 1,000 = 1,000.00×): only the interleaving decides the outcome.
    const round = await roundReaching(300, 200, 100_000);
    const placed = await bet(c.token, sc, { roundId: round.id, stake: 1_000 });
    expect(placed.statusCode, placed.body).toBe(200);
    clock.set(round.bettingEndsAt.getTime());
    await game().tick();
    const flying = await latest();
    clock.set(flying.crashAt!.getTime());
    await game().tick();
    clock.advance(SETTLE_GRACE_MS);
    const session = await server.modules.casino.sessions.load(sc, c.user);
    return {
      c,
      session,
      betId: placed.json().result.bet.id as number,
      arrivedInFlight: flying.startedAt!.getTime() + timeOf(250),
    };
  }

  it('a cash-out the settlement overtakes (between its checks and its claim) answers round_crashed: the bet is lost', async () => {
    const { c, session, betId, arrivedInFlight } = await crashedRound('crash-overtaken');
    // The injected interleaving: the request has read the open bet and its crashed round, then the leader's
    // settlement pass runs to its end, then the request claims.
    const claim = game().repo.claimCashout.bind(game().repo);
    const spy = vi.spyOn(game().repo, 'claimCashout').mockImplementationOnce(async (...args) => {
      await game().tick();
      return claim(...args);
    });
    try {
      await expect(game().cashout(session, betId, arrivedInFlight)).rejects.toMatchObject({
        code: 'round_crashed',
      });
    } finally {
      spy.mockRestore();
    }
    expect(await game().repo.bet(betId)).toMatchObject({ status: 'lost', payout: 0 });
    expect(await cash(server, c.token)).toBe(10_000 - 1_000);
    await auditClean(server);
  }, 60_000);

  it('a cash-out claimed before the settlement locks the bet is paid at its claim, once, and answered cashed', async () => {
    const { c, session, betId, arrivedInFlight } = await crashedRound('crash-claimed-first');
    // The injected interleaving: the request claims at its arrival (2.50×), then the settlement pass runs to its
    // end (and pays the claim) before the request posts the payout itself.
    const claim = game().repo.claimCashout.bind(game().repo);
    const spy = vi.spyOn(game().repo, 'claimCashout').mockImplementationOnce(async (...args) => {
      const claimed = await claim(...args);
      await game().tick();
      return claimed;
    });
    try {
      expect(await game().cashout(session, betId, arrivedInFlight)).toMatchObject({
        status: 'cashed',
        cashout: 250,
        payout: 2_500,
      });
    } finally {
      spy.mockRestore();
    }
    expect((await latest()).status).toBe('settled');
    await expect(game().cashout(session, betId, arrivedInFlight)).rejects.toMatchObject({
      code: 'already_cashed_out',
    });
    expect(await cash(server, c.token)).toBe(10_000 - 1_000 + 2_500);
    const tx = (await get('/api/v1/user/transactions', c.token)).json().result.transactions as Transaction[];
    expect(tx.filter((t) => t.type.key === 'casino_payout')).toHaveLength(1);
    await auditClean(server);
  }, 60_000);

  it('pays a claimed cash-out whose payout never committed at the settlement, once', async () => {
    const d = await fundedClient(server, 'crash-claim', 10_000);
    const sd = await open(d.token);
    const round = await roundReaching(300);
    const placed = await bet(d.token, sd, { roundId: round.id, stake: 1_000 });
    expect(placed.statusCode, placed.body).toBe(200);
    const betId = placed.json().result.bet.id as number;
    clock.set(round.bettingEndsAt.getTime());
    await game().tick();
    const flying = await latest();
    clock.set(flying.startedAt!.getTime() + timeOf(200));
    // The instance claimed the cash-out at 2.00× and died before posting the payout.
    expect(await game().repo.claimCashout(betId, sd, 200, 2_000)).toMatchObject({ status: 'cashing' });
    expect((await cashout(d.token, sd, betId)).json().error).toBe('already_cashed_out');
    clock.set(flying.crashAt!.getTime());
    await game().tick();
    clock.advance(SETTLE_GRACE_MS);
    await game().tick();
    await game().tick();
    expect(await game().repo.bet(betId)).toMatchObject({ status: 'cashed', cashout: 200, payout: 2_000 });
    expect((await latest()).status).toBe('settled');
    expect(await cash(server, d.token)).toBe(10_000 - 1_000 + 2_000);
    await auditClean(server);
  }, 60_000);

  it('voids a round nobody flew in time and returns every stake once', async () => {
    const c = await fundedClient(server, 'crash-c', 5_000);
    const sc = await open(c.token);
    await roundReaching(100);
    const round = await latest();
    expect((await bet(c.token, sc, { roundId: round.id, stake: 2_000 })).statusCode).toBe(200);
    expect(await cash(server, c.token)).toBe(3_000);
    clock.set(round.bettingEndsAt.getTime() + VOID_AFTER_MS + 1);
    await Promise.all([game().tick(), game().tick()]);
    await game().tick();
    expect((await game().repo.round(round.id))!.status).toBe('void');
    expect(await cash(server, c.token)).toBe(5_000);
    const tx = (await get('/api/v1/user/transactions', c.token)).json().result.transactions as Transaction[];
    expect(tx.filter((t) => t.type.key === 'casino_refund')).toHaveLength(1);
    await auditClean(server);
  }, 60_000);
});
