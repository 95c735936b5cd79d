import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freeBetRefusal, reachesMinOdds, type FreeBetReward } from './free-bet.rules';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const reward: FreeBetReward = {
  status: 'available',
  amount: 1_000,
  minOddsThousandths: 1_500,
  expiresAt: new Date(NOW + 86_400_000),
  terms: { betTypes: [1, 2], live: 'any' },
};
const leg = (odds: number, isLive = false, sportId = 1) => ({ oddsThousandths: odds, isLive, sportId });

describe('free bet rules', () => {
  it.each([
    ['a qualifying single', reward, { type: 1, amount: 1_000, legs: [leg(1_500)] }, null],
    [
      'a multiple whose combined odds qualify',
      reward,
      { type: 2, amount: 1_000, legs: [leg(1_200), leg(1_250)] },
      null,
    ],
    [
      'a multiple just under',
      reward,
      { type: 2, amount: 1_000, legs: [leg(1_200), leg(1_249)] },
      'bonus_min_odds',
    ],
    [
      'a single under the minimum odds',
      reward,
      { type: 1, amount: 1_000, legs: [leg(1_499)] },
      'bonus_min_odds',
    ],
    ['another stake', reward, { type: 1, amount: 999, legs: [leg(2_000)] }, 'bonus_amount'],
    [
      'a system',
      reward,
      { type: 3, amount: 1_000, legs: [leg(2_000), leg(2_000), leg(2_000)] },
      'bonus_bet_type',
    ],
    [
      'a used one',
      { ...reward, status: 'reserved' as const },
      { type: 1, amount: 1_000, legs: [leg(2_000)] },
      'bonus_unavailable',
    ],
    [
      'an expired one',
      { ...reward, expiresAt: new Date(NOW) },
      { type: 1, amount: 1_000, legs: [leg(2_000)] },
      'bonus_expired',
    ],
    [
      'live under a pre-match one',
      { ...reward, terms: { ...reward.terms, live: 'prematch' as const } },
      { type: 1, amount: 1_000, legs: [leg(2_000, true)] },
      'bonus_live',
    ],
    [
      'another sport',
      { ...reward, terms: { ...reward.terms, sportIds: [2] } },
      { type: 1, amount: 1_000, legs: [leg(2_000)] },
      'bonus_sport',
    ],
  ])('%s', (_, r, slip, expected) => {
    expect(freeBetRefusal(r, slip, NOW)).toBe(expected);
  });

  it('compares combined odds exactly (no float rounding)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1_001, max: 20_000 }), { minLength: 1, maxLength: 6 }),
        (odds) => {
          const exact = odds.reduce((p, o) => p * BigInt(o), 1n);
          const min = Number(exact / 1000n ** BigInt(odds.length - 1));
          expect(reachesMinOdds(odds, min)).toBe(true);
          expect(reachesMinOdds(odds, min + 1)).toBe(
            exact >= BigInt(min + 1) * 1000n ** BigInt(odds.length - 1),
          );
        },
      ),
    );
  });
});
