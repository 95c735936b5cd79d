import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashbackBasisPoints, cashbackDue, cashNetLoss, type CashbackBet } from './cashback.rules';

let seq = 0;
const bet = (status: string, staked: number, returned: number, extra: Partial<CashbackBet> = {}) => ({
  id: ++seq,
  status,
  staked,
  returned,
  bonusStake: 0,
  rewardKind: null,
  ...extra,
});

describe('cashback computation', () => {
  it('counts settled net losses: a win offsets, a void and a free bet count nothing', () => {
    const bets = [
      bet('loss', 1_000, 0),
      bet('win', 500, 900), // −400
      bet('refund', 700, 700),
      bet('cashout', 1_000, 650), // 350
      bet('loss', 2_000, 0, { rewardKind: 'free_bet' }),
      bet('win', 1_000, 3_000, { rewardKind: 'free_bet' }),
    ];
    expect(cashbackDue(bets, 1_000, 100_000)).toEqual({ netLoss: 950, amount: 95 });
  });

  it('floors to the minor unit and caps at maxAmount', () => {
    expect(cashbackDue([bet('loss', 999, 0)], 1_000, 1_000)).toEqual({ netLoss: 999, amount: 99 });
    expect(cashbackDue([bet('loss', 999, 0)], 1_250, 1_000).amount).toBe(124); // 124.875
    expect(cashbackDue([bet('loss', 100_000, 0)], 10_000, 2_500).amount).toBe(2_500);
  });

  it('never pays on a net win', () => {
    expect(cashbackDue([bet('win', 1_000, 5_000), bet('loss', 1_000, 0)], 5_000, 10_000)).toEqual({
      netLoss: 0,
      amount: 0,
    });
  });

  it('counts only the cash part of a bet with a bonus stake', () => {
    // 600 cash + 400 bonus, returned 500: bonus share ⌊500 × 400 / 1000⌋ = 200, cash back 300; cash loss 300.
    expect(cashNetLoss(bet('win', 1_000, 500, { bonusStake: 400 }))).toBe(300n);
    expect(cashNetLoss(bet('loss', 1_000, 0, { bonusStake: 1_000 }))).toBe(0n);
  });

  it('reads the rate as basis points or whole percent', () => {
    expect(cashbackBasisPoints({ percent: 10 })).toBe(1_000);
    expect(cashbackBasisPoints({ basisPoints: 1_250 })).toBe(1_250);
  });

  it('is exact: the floor of the net loss times the rate, within the cap (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('win', 'loss', 'refund', 'cashout'), fc.nat(1e7), fc.nat(3e7)), {
          maxLength: 30,
        }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 1e9 }),
        (rows, bp, max) => {
          const bets = rows.map(([s, st, r]) => bet(s, st, s === 'refund' ? st : r));
          const net = bets
            .filter((b) => b.status !== 'refund' && b.staked > 0)
            .reduce((sum, b) => sum + b.staked - b.returned, 0);
          const { amount } = cashbackDue(bets, bp, max);
          const expected = net > 0 ? Math.min(max, Number((BigInt(net) * BigInt(bp)) / 10_000n)) : 0;
          expect(amount).toBe(expected);
          expect(amount).toBeLessThanOrEqual(Math.max(0, net));
        },
      ),
    );
  });
});
