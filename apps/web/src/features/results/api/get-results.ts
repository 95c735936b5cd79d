import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ResultsResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { useAppContext } from '@/lib/app-context';

export interface ResultsFilter {
  /** Calendar day YYYY-MM-DD in `tz`. */
  date: string;
  tz: string;
  sport: number | undefined;
  /** Team or competition text; sent only when longer than 3 characters (spec §5 search minimum). */
  q: string;
}

/** `fixture/results`: finished events of a day with final and period scores. */
export function useResults(filter: ResultsFilter) {
  const { locale } = useAppContext();
  return useQuery({
    queryKey: ['fixtures', 'results', filter, locale],
    queryFn: async () =>
      apiRequest<ResultsResponse>('core', '/api/v1/fixture/results', {
        query: {
          date: filter.date,
          tz: filter.tz,
          sport: filter.sport,
          q: filter.q || undefined,
          _locale: locale,
        },
      }),
    placeholderData: keepPreviousData,
    // Results only grow as matches end: a minute is fresh enough.
    staleTime: 60_000,
  });
}
