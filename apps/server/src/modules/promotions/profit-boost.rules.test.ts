import { describe, expect, it } from 'vitest';
import { boostAmount, boostRefusal, type BoostReward } from './profit-boost.rules';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const reward: BoostReward = {
  status: 'available',
  amount: 5_000,
  minOddsThousandths: 1_200,
  expiresAt: new Date(NOW + 86_400_000),
  terms: { minLegs: 2, percent: 25 },
};
const legs = (...odds: number[]) => odds.map((o) => ({ oddsThousandths: o, isLive: false, sportId: 1 }));

describe('profit and acca boost rules', () => {
  it.each([
    ['a qualifying multiple', { type: 2, amount: 1_000, legs: legs(1_200, 2_000) }, null],
    ['a system', { type: 3, amount: 900, legs: legs(2_000, 2_000, 2_000) }, 'bonus_bet_type'],
    ['too few legs (an acca boost)', { type: 1, amount: 1_000, legs: legs(2_000) }, 'bonus_min_legs'],
    ['a leg under the minimum odds', { type: 2, amount: 1_000, legs: legs(2_000, 1_199) }, 'bonus_min_odds'],
  ])('%s', (_, slip, expected) => {
    expect(boostRefusal(reward, slip, NOW)).toBe(expected);
  });

  it('adds the percent of the winnings, floored and capped, to a win only', () => {
    expect(boostAmount({ status: 'win', paid: 3_333, totalStake: 1_000 }, 25, 5_000)).toBe(583);
    expect(boostAmount({ status: 'win', paid: 100_000, totalStake: 1_000 }, 25, 5_000)).toBe(5_000);
    expect(boostAmount({ status: 'loss', paid: 0, totalStake: 1_000 }, 25, 5_000)).toBe(0);
    expect(boostAmount({ status: 'win', paid: 500, totalStake: 1_000 }, 25, 5_000)).toBe(0);
  });
});
