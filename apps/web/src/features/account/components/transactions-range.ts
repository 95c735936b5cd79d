import type { DateRange } from '@/components/ui/date-range-form';
import { addDays, oneMonthBefore } from '@/lib/dates';

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
