import { describe, expect, it } from 'vitest';
import { defaultTransactionsRange, validateRange } from './transactions-range';

describe('transactions date range', () => {
  it('defaults to one month ago through tomorrow (spec §9)', () => {
    expect(defaultTransactionsRange('2026-11-21')).toEqual({ from: '2026-10-21', to: '2026-11-22' });
    expect(defaultTransactionsRange('2026-03-31')).toEqual({ from: '2026-02-28', to: '2026-04-01' });
  });

  it('accepts the default range and any range ending tomorrow or earlier', () => {
    const today = '2026-11-21';
    expect(validateRange(defaultTransactionsRange(today), today)).toBeNull();
    expect(validateRange({ from: '2026-11-01', to: '2026-11-01' }, today)).toBeNull();
  });

  it('refuses an end date after tomorrow, and a start after the end', () => {
    expect(validateRange({ from: '2026-11-01', to: '2026-11-22' }, '2026-11-21')).toBeNull();
    expect(validateRange({ from: '2026-11-01', to: '2026-11-23' }, '2026-11-21')).toBe(
      'transactions.end_after_tomorrow',
    );
    expect(validateRange({ from: '2026-11-10', to: '2026-11-09' }, '2026-11-21')).toBe(
      'transactions.start_after_end',
    );
  });
});
