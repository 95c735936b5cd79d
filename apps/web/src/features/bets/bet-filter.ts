import { BET_STATUS_FILTERS } from '@sb/contract/constants';
import type { DateRange } from '@/components/ui/date-range-form';
import { oneMonthBefore } from '@/lib/dates';

/** Spec §2 My bets tabs and their status ids (spec §4; the server's map in packages/contract constants). */
export const BET_TABS = ['open', 'cashout', 'processed', 'all'] as const;
export type BetTab = (typeof BET_TABS)[number];
export const statusesOf = (tab: BetTab): readonly number[] => BET_STATUS_FILTERS[tab];

/** Spec §9: My bets shows one month back to today by default. */
export const defaultBetsRange = (today: string): DateRange => ({ from: oneMonthBefore(today), to: today });
