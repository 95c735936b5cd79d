import { describe, expect, it } from 'vitest';
import { cents } from '@sb/betting';
import type { BetRowOut, DeskRepository } from './desk.repository';
import { createTickerPump } from './ticker';

// The desk's live ticker pump (issue 34): every bet placed after an operator is told `authenticated` reaches them.

/** A desk repository over an in-memory list of bets, newest first as the SQL answers. */
function fakeDesk() {
  const rows: BetRowOut[] = [];
  const repo = {
    maxBetId: async () => rows.reduce((max, b) => Math.max(max, b.id), 0),
    bets: async (f: { afterId?: number | undefined }) =>
      rows.filter((b) => b.id > (f.afterId ?? 0)).sort((a, b) => b.id - a.id),
    legsOf: async () => [],
  } as unknown as DeskRepository;
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
    });
  return { repo, place };
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
});
