import { describe, expect, it } from 'vitest';
import { dateRangeProblem } from '@/components/ui/date-range-form';
import { defaultTransactionsRange, latestTransactionsEnd } from './transactions-range';

describe('transactions date range', () => {
  it('defaults to one month ago through tomorrow (spec §9)', () => {
    expect(defaultTransactionsRange('2026-11-21')).toEqual({ from: '2026-10-21', to: '2026-11-22' });
    expect(defaultTransactionsRange('2026-03-31')).toEqual({ from: '2026-02-28', to: '2026-04-01' });
  });

  it('accepts the default range and any range ending tomorrow or earlier', () => {
    const today = '2026-11-21';
    const latest = latestTransactionsEnd(today);
    expect(dateRangeProblem(defaultTransactionsRange(today), latest)).toBeNull();
    expect(dateRangeProblem({ from: '2026-11-01', to: '2026-11-01' }, latest)).toBeNull();
  });

  it('refuses an end date after tomorrow, and a start after the end', () => {
    const latest = latestTransactionsEnd('2026-11-21');
    expect(dateRangeProblem({ from: '2026-11-01', to: '2026-11-22' }, latest)).toBeNull();
    expect(dateRangeProblem({ from: '2026-11-01', to: '2026-11-23' }, latest)).toBe('end_too_late');
    expect(dateRangeProblem({ from: '2026-11-10', to: '2026-11-09' }, latest)).toBe('start_after_end');
  });
});
