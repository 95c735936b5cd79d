import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cents, formatMoney, parseAmount } from './money';

const lira = { symbol: '₺', position: 'before' as const };
const euro = { symbol: '€', position: 'after' as const };

describe('formatMoney', () => {
  it.each([
    [0, lira, '₺0.00'],
    [5, lira, '₺0.05'],
    [123456789, lira, '₺1,234,567.89'],
    [-150, euro, '-1.50 €'],
    [100000, euro, '1,000.00 €'],
  ])('%i cents → %s', (amount, currency, expected) => {
    expect(formatMoney(cents(amount), currency)).toBe(expected);
  });

  it('round-trips through parseAmount for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (amount) => {
        expect(parseAmount(formatMoney(cents(amount), lira))).toBe(amount);
      }),
    );
  });
});

describe('parseAmount', () => {
  it.each([
    ['12', 1200],
    ['12,5', 1250],
    ['1,234.56', 123456],
    ['(20)', -2000],
    ['abc', 0],
  ])('%s → %i', (text, expected) => {
    expect(parseAmount(text)).toBe(expected);
  });

  it('rejects float money', () => {
    expect(() => cents(1.5)).toThrow(RangeError);
  });
});
