import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bonusShare, splitStake, wageringCount, wageringRequired } from './bonus-money.rules';

const GRANTED = Date.parse('2026-06-01T12:00:00Z');
const bonus = { minOddsThousandths: 1_500, grantedAt: GRANTED, expiresAt: GRANTED + 86_400_000 };
const bet = {
  status: 'loss',
  type: 1,
  totalStake: 1_000,
  legOdds: [1_500],
  placedAt: GRANTED + 1,
  freeBet: false,
};

describe('bonus money rules', () => {
  it('stakes cash first, then bonus, and refuses what both cannot pay', () => {
    expect(splitStake(500, 300, 1_000)).toEqual({ cash: 300, bonus: 200 });
    expect(splitStake(500, 900, 1_000)).toEqual({ cash: 500, bonus: 0 });
    expect(splitStake(500, 0, 500)).toEqual({ cash: 0, bonus: 500 });
    expect(splitStake(501, 0, 500)).toBeNull();
  });

  it('splits a payout exactly: the parts sum to it, a refund gives the bonus stake back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        (total, bonusPart, payout) => {
          const b = Math.min(bonusPart, total);
          const share = bonusShare(payout, b, total);
          expect(share).toBe(Math.floor((payout * b) / total));
          expect(share).toBeLessThanOrEqual(payout);
          expect(bonusShare(total, b, total)).toBe(b);
        },
      ),
    );
  });

  it('counts a settled single or multiple at the minimum odds, placed and settled while the bonus runs', () => {
    expect(wageringRequired(1_000, 10)).toBe(10_000);
    expect(wageringCount(bet, bonus, GRANTED + 2)).toBe(1_000);
    expect(wageringCount({ ...bet, status: 'win' }, bonus, GRANTED + 2)).toBe(1_000);
    expect(wageringCount({ ...bet, type: 2, legOdds: [1_200, 1_250] }, bonus, GRANTED + 2)).toBe(1_000);
    expect(wageringCount({ ...bet, type: 2, legOdds: [1_200, 1_249] }, bonus, GRANTED + 2)).toBe(0);
    expect(wageringCount({ ...bet, legOdds: [1_499] }, bonus, GRANTED + 2)).toBe(0);
    expect(wageringCount({ ...bet, type: 3 }, bonus, GRANTED + 2)).toBe(0);
    expect(wageringCount({ ...bet, status: 'refund' }, bonus, GRANTED + 2)).toBe(0);
    expect(wageringCount({ ...bet, freeBet: true }, bonus, GRANTED + 2)).toBe(0);
    expect(wageringCount({ ...bet, placedAt: GRANTED - 1 }, bonus, GRANTED + 2)).toBe(0);
    expect(wageringCount(bet, bonus, bonus.expiresAt)).toBe(0);
  });
});
