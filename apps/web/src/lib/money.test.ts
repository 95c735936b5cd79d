import { describe, expect, it } from 'vitest';
import { depositWageringText, formatUserMoney } from './money';

describe('money display (integer minor units → text)', () => {
  it.each([
    [0, 'before', '₺', '₺0.00'],
    [5, 'before', '₺', '₺0.05'],
    [100_000, 'before', '₺', '₺1,000.00'],
    [123_456_789, 'before', '₺', '₺1,234,567.89'],
    [-2_50, 'before', '€', '€-2.50'],
    [99_999_99, 'after', 'TRY', '99,999.99 TRY'],
  ] as const)('%i with %s %s → %s', (amount, position, symbol, text) => {
    expect(formatUserMoney(amount, { symbol, position })).toBe(text);
  });

  it('refuses fractional minor units instead of rounding money silently', () => {
    expect(() => formatUserMoney(10.5, { symbol: '₺', position: 'before' })).toThrow(RangeError);
  });

  it('shows deposit wagering as 0.00 with the lira sign', () => {
    expect(depositWageringText('before')).toBe('₺0.00');
    expect(depositWageringText('after')).toBe('0.00 ₺');
  });
});
