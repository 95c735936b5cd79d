import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BetView } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { useAppContext } from '@/lib/app-context';
import { USER_QUERY_KEY } from '@/lib/session';
import type { DateRange } from '@/components/ui/date-range-form';

export const BETS_PAGE_SIZE = 10;
/** Open bets show live scores: the loaded pages are refreshed this often. */
export const BETS_REFRESH_MS = 10_000;

export interface BetsPage {
  bets: BetView[];
  pagination: { page: number; perPage: number; totalCount: number };
}

/** Spec §7 bets: status ids, created-at range (plain dates; the end reads as through that day), paging. */
export async function getBets(statuses: readonly number[], range: DateRange, page: number, locale: string) {
  const data = await apiRequest<{ result: BetsPage }>('core', '/api/v1/bets', {
    query: {
      status: [...statuses],
      'createdAt[from]': range.from,
      'createdAt[to]': range.to,
      page,
      per_page: BETS_PAGE_SIZE,
      _locale: locale,
    },
  });
  return data.result;
}

/** The next page, or undefined when every bet of the filter is loaded. */
export function nextBetsPage(pages: BetsPage[]): number | undefined {
  const last = pages.at(-1);
  if (!last) return 1;
  const loaded = pages.reduce((sum, p) => sum + p.bets.length, 0);
  return loaded < last.pagination.totalCount && last.bets.length > 0 ? last.pagination.page + 1 : undefined;
}

export const betsQuery = (statuses: readonly number[], range: DateRange, locale: string) =>
  infiniteQueryOptions({
    queryKey: [USER_QUERY_KEY, 'bets', 'list', statuses, range, locale],
    queryFn: ({ pageParam }) => getBets(statuses, range, pageParam, locale),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextBetsPage(pages),
    refetchInterval: BETS_REFRESH_MS,
  });

export function useBets(statuses: readonly number[], range: DateRange) {
  const { locale } = useAppContext();
  return useInfiniteQuery(betsQuery(statuses, range, locale));
}
