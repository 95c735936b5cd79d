import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashOutQuote, fairValue, partialCashOut } from './cashout';
import {
  combinationsReturn,
  maxStakeForPayout,
  oddsAboveMax,
  perBetFromTotal,
  possibleEarnings,
  totalFromPerBet,
} from './stakes';

describe('stakes (spec §5)', () => {
  it('splits a total equally, rounding the per-bet stake down, and multiplies back', () => {
    expect(perBetFromTotal(1000, 3)).toBe(333);
    expect(totalFromPerBet(333, 3)).toBe(999);
    expect(perBetFromTotal(1000, 0)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 300 }), (total, n) => {
        expect(totalFromPerBet(perBetFromTotal(total, n), n)).toBeLessThanOrEqual(total);
      }),
    );
  });

  it('gives possible earnings: all legs win for the most, the cheapest combination for the least', () => {
    const odds = [1.5, 2.333, 3.1];
    const system23 = [
      [0, 1],
      [0, 2],
      [1, 2],
    ];
    expect(possibleEarnings(odds, system23, 100)).toEqual({ min: 349, max: 1538 });
    expect(possibleEarnings(odds, [[0, 1, 2]], 100)).toEqual({ min: 1084, max: 1084 });
    expect(possibleEarnings(odds, [[0], [1], [2]], 100)).toEqual({ min: 150, max: 693 });
    expect(combinationsReturn([2, null], [[0], [1]], 100)).toBe(200);
  });

  it('never throws on long odds: a return past the cap (or 2^53 − 1) reads as that bound', () => {
    const longest = Array.from({ length: 25 }, () => 500);
    const all = [longest.map((_, i) => i)];
    expect(combinationsReturn(longest, all, 1_000_000_000)).toBe(Number.MAX_SAFE_INTEGER);
    expect(combinationsReturn(longest, all, 100, 100_000_000)).toBe(100_000_000);
    expect(possibleEarnings(longest, all, 100, 100_000_000)).toEqual({ min: 100_000_000, max: 100_000_000 });
    expect(maxStakeForPayout(longest, all, 100_000_000)).toBe(0);
    expect(oddsAboveMax(longest, all, 100_000_000)).toBe(true);
  });

  it('the max stake for a payout is the largest whose return stays within it (exact, random coupons)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1_010, max: 501_000 }), { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 100, max: 1_000_000_000_00 }),
        (thousandths, cap) => {
          const odds = thousandths.map((t) => t / 1000);
          const combos = [odds.map((_, i) => i)];
          const stake = maxStakeForPayout(odds, combos, cap);
          expect(combinationsReturn(odds, combos, stake)).toBeLessThanOrEqual(cap);
          // One minor unit more returns more than the cap, unless the stake is past any stake a slip may name.
          if (stake < 1e13) {
            const product = thousandths.reduce((p, t) => p * BigInt(t), 1n);
            const scale = 1000n ** BigInt(thousandths.length);
            expect(BigInt(stake + 1) * product > BigInt(cap) * scale).toBe(true);
          }
        },
      ),
    );
  });
});

describe('cash-out valuation', () => {
  const legs = [
    { odds: 2, state: 'won' as const },
    { odds: 1.8, state: 'open' as const, winProbability: 0.5 },
  ];

  it('offers the fair value less the margin, never above it, and nothing for a lost bet', () => {
    expect(fairValue(legs, [[0, 1]], 1000)).toBeCloseTo(1800);
    expect(cashOutQuote(legs, [[0, 1]], 1000, 500)).toBe(1710);
    expect(cashOutQuote([{ odds: 2, state: 'lost' }, legs[1]!], [[0, 1]], 1000, 500)).toBe(0);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 2000 }),
        (p, margin) => {
          const open = [{ odds: 3.5, state: 'open' as const, winProbability: p }];
          const quote = cashOutQuote(open, [[0]], 1000, margin);
          expect(quote).toBeLessThanOrEqual(fairValue(open, [[0]], 1000));
          expect(Number.isInteger(quote)).toBe(true);
        },
      ),
    );
  });

  it('values half results and offers a single at unchanged odds stake × (1 − margin) / overround', () => {
    const half = [
      { odds: 1.9, state: 'half_won' as const },
      { odds: 2.2, state: 'half_lost' as const },
    ];
    expect(fairValue(half, [[0, 1]], 1000)).toBeCloseTo(725); // 1000 × 1.45 × 0.5
    // A two-way market at 1.91 / 1.91 (overround 2 / 1.91): the fair probability of each side is 1/2.
    const single = [{ odds: 1.91, state: 'open' as const, winProbability: 0.5 }];
    expect(cashOutQuote(single, [[0]], 10_000, 200)).toBe(Math.floor((10_000 * 1.91 * 0.5 * 9800) / 10_000));
    expect(cashOutQuote(single, [[0]], 10_000, 200)).toBeGreaterThanOrEqual(9_000);
  });

  it('keeps in play the share of the stake that was not sold', () => {
    expect(partialCashOut(1710, 855, 1000)).toEqual({ remainingStakePerBetCents: 500 });
    expect(() => partialCashOut(1710, 2000, 1000)).toThrow();
  });
});
