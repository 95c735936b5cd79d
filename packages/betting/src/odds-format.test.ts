import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { americanOf, formatOdds, FRACTION_LADDER, fractionOf } from './odds-format';

describe('formatOdds', () => {
  it('writes decimals with 2 places, 3 when the third is not 0', () => {
    expect(formatOdds(2.15)).toBe('2.15');
    expect(formatOdds(2)).toBe('2.00');
    expect(formatOdds(1.875)).toBe('1.875');
    expect(formatOdds(101.5, 'decimal')).toBe('101.50');
    // A binary fraction close to thousandths is read as the thousandths it stands for.
    expect(formatOdds(0.1 + 2.2)).toBe('2.30');
  });

  it('writes fractions from the conventional ladder, reduced', () => {
    expect(formatOdds(2.5, 'fractional')).toBe('3/2');
    expect(formatOdds(2, 'fractional')).toBe('1/1');
    expect(formatOdds(1.5, 'fractional')).toBe('1/2');
    expect(formatOdds(1.667, 'fractional')).toBe('2/3');
    expect(formatOdds(1.909, 'fractional')).toBe('10/11');
    expect(formatOdds(11, 'fractional')).toBe('10/1');
    expect(formatOdds(3.25, 'fractional')).toBe('9/4');
    // Not on the ladder: the nearest price (2.15 lies between 11/10 = 2.10 and 6/5 = 2.20: a tie, the lower).
    expect(formatOdds(2.15, 'fractional')).toBe('11/10');
    expect(formatOdds(2.17, 'fractional')).toBe('6/5');
    expect(formatOdds(1.91, 'fractional')).toBe('10/11');
  });

  it('writes exact reduced fractions outside the ladder', () => {
    expect(formatOdds(1.01, 'fractional')).toBe('1/100');
    expect(formatOdds(1.005, 'fractional')).toBe('1/200');
    expect(formatOdds(1501, 'fractional')).toBe('1500/1');
  });

  it('writes American odds with their sign', () => {
    expect(formatOdds(2.5, 'american')).toBe('+150');
    expect(formatOdds(2, 'american')).toBe('+100');
    expect(formatOdds(1.5, 'american')).toBe('-200');
    expect(formatOdds(1.91, 'american')).toBe('-110');
    expect(formatOdds(1.333, 'american')).toBe('-300');
    expect(formatOdds(2.155, 'american')).toBe('+116');
    expect(formatOdds(1.001, 'american')).toBe('-100000');
  });

  it('shows odds of 1.00 or less as decimal in every format', () => {
    expect(formatOdds(1, 'fractional')).toBe('1.00');
    expect(formatOdds(1, 'american')).toBe('1.00');
  });

  it('the ladder is ascending and reduced', () => {
    for (let i = 1; i < FRACTION_LADDER.length; i++) {
      const [a, b] = FRACTION_LADDER[i - 1]!;
      const [c, d] = FRACTION_LADDER[i]!;
      expect(a * d).toBeLessThan(c * b);
    }
  });

  it('every price shows the ladder fraction nearest to it, and American odds round the exact value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1001, max: 1_000_000 }), (t) => {
        const [n, d] = fractionOf(t);
        const exact = (t - 1000) / 1000;
        if (exact >= 1 / 50 && exact <= 1000) {
          const gap = Math.abs(exact - n / d);
          for (const [p, q] of FRACTION_LADDER)
            expect(gap).toBeLessThanOrEqual(Math.abs(exact - p / q) + 1e-12);
        } else expect(n / d).toBeCloseTo(exact, 9);
        const american = americanOf(t);
        const real = t >= 2000 ? (100 * (t - 1000)) / 1000 : -100000 / (t - 1000);
        expect(Math.abs(american - real)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});
