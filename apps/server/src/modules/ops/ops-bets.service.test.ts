import { describe, expect, it } from 'vitest';
import { betTimeline } from './ops-bets.service';

// A bet's timeline on the desk (issue 34 item 3) from its row and its ledger movements.
const at = (s: number) => new Date(Date.UTC(2026, 10, 27, 18, 0, s));
const move = (key: string, s: number) => ({ key, at: at(s) });
const steps = (t: ReturnType<typeof betTimeline>) => t.map((s) => [s.step, s.at.slice(17, 19), s.delayMs]);

describe('a bet’s timeline', () => {
  it('a live bet is accepted after its delay; a loss moves no money and is dated by the row', () => {
    const t = betTimeline(
      { status: 'loss', createdAt: at(0) },
      { acceptAt: at(7), settledAt: at(40), settlementRound: 0 },
      [move('bet:5:stake', 0)],
    );
    expect(steps(t)).toEqual([
      ['placed', '00', null],
      ['accepted', '07', 7_000],
      ['settled', '40', null],
    ]);
  });

  it('a corrected result: settled, reopened, resettled in order; a pre-match bet is accepted at once', () => {
    const t = betTimeline(
      { status: 'win', createdAt: at(0) },
      { acceptAt: null, settledAt: at(30), settlementRound: 1 },
      [
        move('bet:6:stake', 0),
        move('bet:6:settle:0', 10),
        move('bet:6:reverse:0', 20),
        move('bet:6:settle:1', 30),
      ],
    );
    expect(steps(t)).toEqual([
      ['placed', '00', null],
      ['accepted', '00', 0],
      ['settled', '10', null],
      ['reopened', '20', null],
      ['resettled', '30', null],
    ]);
  });

  it('a lost bet voided later is not settled twice; a rejected one was never accepted; pending waits', () => {
    const voided = betTimeline(
      { status: 'cancelled', createdAt: at(0) },
      { acceptAt: null, settledAt: at(50), settlementRound: 0 },
      [move('bet:7:stake', 0), move('bet:7:void', 50)],
    );
    expect(voided.map((s) => s.step)).toEqual(['placed', 'accepted', 'voided']);
    const rejected = betTimeline(
      { status: 'rejected', createdAt: at(0) },
      { acceptAt: at(5), settledAt: null, settlementRound: 0 },
      [move('bet:8:stake', 0), move('bet:8:rejected', 5)],
    );
    expect(rejected.map((s) => s.step)).toEqual(['placed', 'rejected']);
    const pending = betTimeline({ status: 'pending', createdAt: at(0) }, null, [move('bet:9:stake', 0)]);
    expect(pending.map((s) => s.step)).toEqual(['placed']);
  });

  it('cash-outs are steps of their own', () => {
    const t = betTimeline(
      { status: 'cashout', createdAt: at(0) },
      { acceptAt: null, settledAt: at(9), settlementRound: 0 },
      [move('bet:10:stake', 0), move('bet:10:cashout:1', 9)],
    );
    expect(t.map((s) => s.step)).toEqual(['placed', 'accepted', 'cashed_out']);
  });
});
