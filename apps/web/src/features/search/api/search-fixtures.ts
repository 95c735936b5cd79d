import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';

/** Spec §5 / §9: search runs only for text longer than this many characters. */
export const SEARCH_MIN_LENGTH = 3;

export const searchable = (text: string): boolean => text.trim().length > SEARCH_MIN_LENGTH;

/** `GET {core}/api/v1/search/fixture?q=` (spec §7): the first ten suggestions. */
export function useFixtureSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['fixture-meta', 'search', q],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ result: SearchResult[] }>('core', '/api/v1/search/fixture', {
          query: { q },
          signal,
        })
      ).result,
    enabled: searchable(q),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
