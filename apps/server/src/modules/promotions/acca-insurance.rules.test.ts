import { describe, expect, it } from 'vitest';
import { insuranceRefund, insuranceRefusal, type InsuranceReward } from './acca-insurance.rules';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const reward: InsuranceReward = {
  status: 'available',
  amount: 2_500,
  minOddsThousandths: 1_300,
  expiresAt: new Date(NOW + 86_400_000),
  terms: { minLegs: 3 },
};
const legs = (...odds: number[]) => odds.map((o) => ({ oddsThousandths: o, isLive: false, sportId: 1 }));

describe('acca insurance rules', () => {
  it.each([
    ['a qualifying multiple', { type: 2, amount: 1_000, legs: legs(1_300, 2_000, 1_500) }, null],
    ['a single', { type: 1, amount: 1_000, legs: legs(3_000) }, 'bonus_bet_type'],
    ['a system', { type: 3, amount: 900, legs: legs(2_000, 2_000, 2_000) }, 'bonus_bet_type'],
    ['too few legs', { type: 2, amount: 1_000, legs: legs(2_000, 2_000) }, 'bonus_min_legs'],
    [
      'a leg under the minimum odds',
      { type: 2, amount: 1_000, legs: legs(2_000, 1_299, 2_000) },
      'bonus_min_odds',
    ],
  ])('%s', (_, slip, expected) => {
    expect(insuranceRefusal(reward, slip, NOW)).toBe(expected);
  });

  it('refunds the stake, capped, exactly when one leg lost', () => {
    expect(insuranceRefund({ status: 'loss', lostLegs: 1, totalStake: 1_000 }, 2_500)).toBe(1_000);
    expect(insuranceRefund({ status: 'loss', lostLegs: 1, totalStake: 4_000 }, 2_500)).toBe(2_500);
    expect(insuranceRefund({ status: 'loss', lostLegs: 2, totalStake: 1_000 }, 2_500)).toBe(0);
    expect(insuranceRefund({ status: 'win', lostLegs: 0, totalStake: 1_000 }, 2_500)).toBe(0);
    expect(insuranceRefund({ status: 'refund', lostLegs: 0, totalStake: 1_000 }, 2_500)).toBe(0);
  });
});
