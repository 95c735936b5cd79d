import { describe, expect, it, vi } from 'vitest';
import { cents } from '@sb/betting';
import type { BetRowOut, DeskRepository } from './desk.repository';
import { createTickerPump } from './ticker';

// The desk's live ticker pump (issue 34): every bet placed after an operator is told `authenticated` reaches them.

/**
 * A desk repository over an in-memory list of bets, newest first as the SQL answers. It counts the polls (reads of
 * new bets) and the most of them in flight at once; `hold()` keeps the next reads waiting until `release()`.
 */
function fakeDesk() {
  const rows: BetRowOut[] = [];
  const polls = { count: 0, inFlight: 0, maxInFlight: 0 };
  let gate: Promise<void> | null = null;
  let open = () => {};
  const repo = {
    maxBetId: async () => rows.reduce((max, b) => Math.max(max, b.id), 0),
    bets: async (f: { afterId?: number | undefined }) => {
      polls.count++;
      polls.inFlight++;
      polls.maxInFlight = Math.max(polls.maxInFlight, polls.inFlight);
      try {
        if (gate) await gate;
        return rows.filter((b) => b.id > (f.afterId ?? 0)).sort((a, b) => b.id - a.id);
      } finally {
        polls.inFlight--;
      }
    },
    legsOf: async () => [],
  } as unknown as DeskRepository;
  const hold = () => {
    gate = new Promise<void>((resolve) => (open = resolve));
  };
  const release = () => {
    gate = null;
    open();
  };
  const place = (id: number) =>
    rows.push({
      id,
      appId: 1,
      brand: 'Demo Bet',
      userId: 7,
      username: 'player',
      type: 1,
      systems: [],
      status: 'accepted',
      currency: 'TRY',
      stakePerBet: cents(100),
      totalStake: cents(100),
      combinations: 1,
      paid: cents(0),
      createdAt: new Date(Date.UTC(2026, 10, 29, 2, 0, id)),
      rewardKind: null,
      rewardAmount: null,
      rewardPercent: null,
    });
  return { repo, place, polls, hold, release };
}

describe('the ticker pump', () => {
  it('sends a bet placed between the subscription and the first poll (it was taken for one seen before)', async () => {
    const desk = fakeDesk();
    desk.place(10);
    const pump = createTickerPump({
      repo: desk.repo,
      marketName: () => 'Match Result',
      intervalMs: 3_600_000,
    });
    const got: number[] = [];
    const stop = pump.subscribe((bets) => got.push(...bets.map((b) => b.id)));
    await pump.ready();
    desk.place(11);
    desk.place(12);
    await pump.poll();
    expect(got).toEqual([11, 12]);
    desk.place(13);
    await pump.poll();
    expect(got).toEqual([11, 12, 13]);
    stop();
    pump.close();
  });

  it('starts again from the newest bet after its last listener left: nothing from before is sent', async () => {
    const desk = fakeDesk();
    const pump = createTickerPump({
      repo: desk.repo,
      marketName: () => 'Match Result',
      intervalMs: 3_600_000,
    });
    pump.subscribe(() => undefined)();
    desk.place(1);
    const got: number[] = [];
    pump.subscribe((bets) => got.push(...bets.map((b) => b.id)));
    await pump.ready();
    await pump.poll();
    expect(got).toEqual([]);
    desk.place(2);
    await pump.poll();
    expect(got).toEqual([2]);
    pump.close();
  });

  describe('woken by a notice (a bet placed or a referral moved, on any instance)', () => {
    /** A pump over `desk`; by default its timer never fires within a test: only notices and explicit polls read. */
    const pumpOver = (desk: ReturnType<typeof fakeDesk>, intervalMs = 3_600_000) =>
      createTickerPump({ repo: desk.repo, marketName: () => 'Match Result', intervalMs });

    /** `pumpOver(desk, intervalMs)` with one listener, which gathers the bet ids it is sent. */
    async function started(desk: ReturnType<typeof fakeDesk>, intervalMs?: number) {
      const pump = pumpOver(desk, intervalMs);
      const got: number[] = [];
      pump.subscribe((bets) => got.push(...bets.map((b) => b.id)));
      await pump.ready();
      return { pump, got };
    }

    /** A started pump whose first poll, woken for bet 1, is held reading until `desk.release()`. */
    async function heldInPoll() {
      const desk = fakeDesk();
      const { pump, got } = await started(desk);
      desk.hold();
      desk.place(1);
      pump.wake();
      await vi.waitFor(() => expect(desk.polls.inFlight).toBe(1));
      return { desk, pump, got };
    }

    it('polls at once: the bet reaches the listeners without waiting for the timer', async () => {
      const desk = fakeDesk();
      const { pump, got } = await started(desk);
      desk.place(1);
      pump.wake();
      await vi.waitFor(() => expect(got).toEqual([1]));
      expect(desk.polls.count).toBe(1);
      pump.close();
    });

    it('reads the system of record, not the notice: a notice with no new bet sends nothing', async () => {
      const desk = fakeDesk();
      const { pump, got } = await started(desk);
      pump.wake();
      await vi.waitFor(() => expect(desk.polls.count).toBe(1));
      await pump.poll();
      expect(got).toEqual([]);
      pump.close();
    });

    it('folds notices that come during a poll into one more poll, never two at once', async () => {
      const { desk, pump, got } = await heldInPoll();
      // Placed while the first poll reads: it may miss them, so one more poll follows, however many notices came.
      desk.place(2);
      pump.wake();
      desk.place(3);
      pump.wake();
      pump.wake();
      desk.release();
      await vi.waitFor(() => expect(got).toEqual([1, 2, 3]));
      await pump.poll();
      expect(desk.polls.count).toBe(3); // the first, the one folded in, the explicit one
      expect(desk.polls.maxInFlight).toBe(1);
      expect(got).toEqual([1, 2, 3]); // each bet once
      pump.close();
    });

    it('never runs an explicit poll beside a woken one: each bet is sent once', async () => {
      const { desk, pump, got } = await heldInPoll();
      const explicit = pump.poll();
      pump.wake();
      desk.release();
      await explicit;
      await vi.waitFor(() => expect(desk.polls.inFlight).toBe(0));
      expect(desk.polls.maxInFlight).toBe(1);
      expect(got).toEqual([1]);
      pump.close();
    });

    it('does nothing while no operator listens', async () => {
      const desk = fakeDesk();
      const pump = pumpOver(desk);
      pump.wake();
      pump.subscribe(() => undefined)();
      pump.wake();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(desk.polls.count).toBe(0);
      pump.close();
    });

    it('keeps the timer as the safety net: with no notice at all the bet still arrives', async () => {
      const desk = fakeDesk();
      const { pump, got } = await started(desk, 10);
      desk.place(1);
      await vi.waitFor(() => expect(got).toEqual([1]));
      desk.place(2);
      await vi.waitFor(() => expect(got).toEqual([1, 2]));
      expect(desk.polls.maxInFlight).toBe(1);
      pump.close();
    });
  });
});
