import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashOutQuote, fairValue, fairValueExact, partialCashOut, PPB } from './cashout';
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
    { odds: 2, state: 'win' as const },
    { odds: 1.8, state: 'open' as const, fairPpb: PPB / 2 },
  ];

  it('offers the fair value less the margin, never above it, and nothing for a lost bet', () => {
    expect(fairValue(legs, [[0, 1]], 1000)).toBeCloseTo(1800);
    expect(cashOutQuote(legs, [[0, 1]], 1000, 500)).toBe(1710);
    expect(cashOutQuote([{ odds: 2, state: 'loss' }, legs[1]!], [[0, 1]], 1000, 500)).toBe(0);
  });

  it('values half results, pushes and a single at unchanged odds o with fair probability q: stake × (1 − m) × o × q', () => {
    const half = [
      { odds: 1.9, state: 'half_win' as const },
      { odds: 2.2, state: 'half_loss' as const },
    ];
    expect(fairValue(half, [[0, 1]], 1000)).toBeCloseTo(725); // 1000 × 1.45 × 0.5
    const single = [{ odds: 1.91, state: 'open' as const, fairPpb: PPB / 2 }];
    expect(cashOutQuote(single, [[0]], 10_000, 200)).toBe(Math.floor((10_000 * 1.91 * 0.5 * 9800) / 10_000));
    // An Asian line that pushes 20 % of the time, effective q 0.5: worth 0.2 + 0.8 × 1.95 × 0.5 per unit.
    const asian = [{ odds: 1.95, state: 'open' as const, fairPpb: PPB / 2, refundPpb: PPB / 5 }];
    expect(fairValue(asian, [[0]], 10_000)).toBeCloseTo(10_000 * (0.2 + 0.8 * 1.95 * 0.5));
  });

  /**
   * Independent oracle: each open leg a random return — its stake back with probability r, the odds with
   * probability (1 − r) × q, nothing otherwise — enumerated over every outcome of the open legs (3^n), each
   * combination paid as settlement pays it, in exact fractions.
   */
  function oracle(
    open: { odds: number; q: bigint; r: bigint }[],
    combos: number[][],
    stake: number,
    marginBp: number,
  ): bigint {
    const n = open.length;
    const P = BigInt(PPB);
    let numerator = 0n;
    const denominator = P ** BigInt(n) * 1000n ** BigInt(n);
    for (let code = 0; code < 3 ** n; code++) {
      let weight = 1n; // over P^n
      const outcome: (0 | 1 | 2)[] = [];
      for (let i = 0, c = code; i < n; i++, c = Math.floor(c / 3)) {
        const o = (c % 3) as 0 | 1 | 2; // 0 lost, 1 refunded, 2 won
        outcome.push(o);
        const leg = open[i]!;
        weight *=
          o === 1 ? leg.r : o === 2 ? ((P - leg.r) * leg.q) / P : P - leg.r - ((P - leg.r) * leg.q) / P;
      }
      // Oracle weights are rounded the same way only when (P − r) × q is a multiple of P: the generators make it so.
      for (const combo of combos) {
        let pay = BigInt(stake) * 1000n ** BigInt(n - combo.length);
        for (const i of combo) {
          const o = outcome[i]!;
          pay *= o === 0 ? 0n : o === 1 ? 1000n : BigInt(Math.round(open[i]!.odds * 1000));
        }
        numerator += weight * pay;
      }
    }
    return (numerator * BigInt(10_000 - marginBp)) / (denominator * 10_000n);
  }

  it('is exactly floor((1 − margin) × fair value) on random bets, longshots and pushes included (oracle)', () => {
    const leg = fc.record({
      thousandths: fc.oneof(
        fc.integer({ min: 1_010, max: 5_000 }),
        fc.integer({ min: 20_000, max: 500_000 }),
      ),
      // q and r on a grid of 1/1000 so that the oracle's weights are whole parts per 10^9.
      q: fc.integer({ min: 1, max: 999 }),
      r: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 500 })),
    });
    fc.assert(
      fc.property(
        fc.array(leg, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 100, max: 1_000_000 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.boolean(),
        (raw, stake, marginBp, system) => {
          const open = raw.map((l) => ({
            odds: l.thousandths / 1000,
            q: BigInt(l.q) * 1_000_000n,
            r: BigInt(l.r) * 1_000_000n,
          }));
          // A placed bet pays at most the maximum payout: its fair value is far below 2^53 minor units.
          fc.pre(open.reduce((x, l) => x * l.odds, stake) < 1e13);
          const all = open.map((_, i) => i);
          // A multiple, or every pair and the whole (a system of several sizes).
          const combos =
            system && open.length > 2
              ? [...all.flatMap((i) => all.filter((j) => j > i).map((j) => [i, j])), all]
              : [all];
          const cashLegs = open.map((l) => ({
            odds: l.odds,
            state: 'open' as const,
            fairPpb: Number(l.q),
            refundPpb: Number(l.r),
          }));
          const quote = cashOutQuote(cashLegs, combos, stake, marginBp);
          expect(BigInt(quote)).toBe(oracle(open, combos, stake, marginBp));
          const fair = fairValueExact(cashLegs, combos, stake);
          expect(BigInt(quote) * fair.denominator <= fair.numerator).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps in play the share of the stake that was not sold', () => {
    expect(partialCashOut(1710, 855, 1000)).toEqual({ remainingStakePerBetCents: 500 });
    expect(() => partialCashOut(1710, 2000, 1000)).toThrow();
  });
});
