import { addDays, oneMonthBefore } from '@/lib/dates';

/** A date filter: inclusive calendar dates (YYYY-MM-DD) in the user's time zone. */
export interface DateRange {
  from: string;
  to: string;
}

/**
 * Spec §9: the default range is one month ago to tomorrow, shown and sent as such (the server reads a plain end
 * date as through that day). The filter's latest end is therefore tomorrow: §5's "not after today" is My bets'
 * rule (its default ends today); here it would refuse the §9 default itself.
 */
export function defaultTransactionsRange(today: string): DateRange {
  return { from: oneMonthBefore(today), to: addDays(today, 1) };
}

/** The latest end date the transactions filter takes: tomorrow, the end of the §9 default. */
export const latestTransactionsEnd = (today: string): string => addDays(today, 1);

export type RangeError = 'transactions.end_after_tomorrow' | 'transactions.start_after_end' | null;

/** The end date cannot be after tomorrow; the start cannot come after the end. Dates compare as text. */
export function validateRange(range: DateRange, today: string): RangeError {
  if (range.to > latestTransactionsEnd(today)) return 'transactions.end_after_tomorrow';
  if (range.from > range.to) return 'transactions.start_after_end';
  return null;
}
