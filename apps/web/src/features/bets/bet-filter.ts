import { BET_STATUS_FILTERS } from '@sb/contract/constants';
import { oneMonthBefore } from '@/lib/dates';

/** Spec §2 My bets tabs and their status ids (spec §4; the server's map in packages/contract constants). */
export const BET_TABS = ['open', 'cashout', 'processed', 'all'] as const;
export type BetTab = (typeof BET_TABS)[number];
export const statusesOf = (tab: BetTab): readonly number[] => BET_STATUS_FILTERS[tab];

/** Inclusive calendar dates (YYYY-MM-DD) in the user's time zone. */
export interface DateRange {
  from: string;
  to: string;
}

/** Spec §9: My bets shows one month back to today by default. */
export const defaultBetsRange = (today: string): DateRange => ({ from: oneMonthBefore(today), to: today });

export type RangeProblem = 'bets.end_after_today' | 'bets.start_after_end' | null;

/** Spec §5: the end date cannot be after today; the start cannot come after the end (dates compare as text). */
export function rangeProblem(range: DateRange, today: string): RangeProblem {
  if (range.to > today) return 'bets.end_after_today';
  if (range.from > range.to) return 'bets.start_after_end';
  return null;
}
