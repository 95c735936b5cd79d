import { describe, expect, it } from 'vitest';
import type { Limit } from '@sb/contract';
import { changedLimits, limitText, parseLimitText } from './limit-values';

const limit = (type: Limit['type'], period: Limit['period'], amount: number | null): Limit => ({
  type,
  period,
  amount,
  pendingAmount: null,
  pendingFrom: null,
});

describe('limit inputs', () => {
  it('shows minor units as decimal text, empty for no limit', () => {
    expect(limitText(50_000)).toBe('500.00');
    expect(limitText(null)).toBe('');
  });

  it('parses typed amounts to minor units; empty is no limit; junk and zero are invalid', () => {
    expect(parseLimitText('1,250.5')).toBe(125_050);
    expect(parseLimitText('250')).toBe(25_000);
    expect(parseLimitText('  ')).toBeNull();
    expect(parseLimitText('abc')).toBe('invalid');
    expect(parseLimitText('-5')).toBe('invalid');
    expect(parseLimitText('0')).toBe('invalid');
    expect(parseLimitText('0.00')).toBe('invalid');
  });

  it('sends only the limits whose input changed', () => {
    const limits = [
      limit('stake', 'day', 10_000),
      limit('stake', 'week', null),
      limit('loss', 'month', 90_000),
    ];
    expect(changedLimits(limits, { 'stake.day': '100.00', 'stake.week': '300', 'loss.month': '' })).toEqual([
      { type: 'stake', period: 'week', amount: 30_000 },
      { type: 'loss', period: 'month', amount: null },
    ]);
    expect(changedLimits(limits, { 'stake.day': 'lots' })).toEqual({ invalid: 'stake.day' });
  });
});
