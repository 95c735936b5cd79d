import { addDays, oneMonthBefore } from '@/lib/dates';

/** A date filter: inclusive calendar dates (YYYY-MM-DD) in the user's time zone. */
export interface DateRange {
  from: string;
  to: string;
}

/**
 * Spec §9: the default range is one month ago to tomorrow. Tomorrow is the exclusive end, so the
 * inclusive end date the filter shows (and sends; the server reads a plain end date as through that
 * day) is today — which also satisfies §5's rule that the end date cannot be after today.
 */
export function defaultTransactionsRange(today: string): DateRange {
  const exclusiveEnd = addDays(today, 1);
  return { from: oneMonthBefore(today), to: addDays(exclusiveEnd, -1) };
}

export type RangeError = 'transactions.end_after_today' | 'transactions.start_after_end' | null;

/** Spec §5: the end date cannot be after today; the start cannot come after the end. Dates compare as text. */
export function validateRange(range: DateRange, today: string): RangeError {
  if (range.to > today) return 'transactions.end_after_today';
  if (range.from > range.to) return 'transactions.start_after_end';
  return null;
}
