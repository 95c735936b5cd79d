import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CasinoSearchResponse } from '@sb/contract';
import { CASINO_SEARCH_MIN_LENGTH } from '@sb/contract/constants';
import { apiRequest } from '@/lib/api-client';

export interface CasinoSearchFilter {
  text: string;
  providers?: number[];
  /** true: live games only (live casino page), false: no live games (slots page), undefined: all. */
  live?: boolean;
}

/** Spec §5: a game search runs only for text longer than 3 characters. */
export const isSearchable = (text: string) => text.trim().length > CASINO_SEARCH_MIN_LENGTH;

export function searchCasinoGames(filter: CasinoSearchFilter, signal?: AbortSignal) {
  const text = filter.text.trim();
  return apiRequest<CasinoSearchResponse>('core', `/api/v1/search/casino/${encodeURIComponent(text)}`, {
    query: {
      q: text,
      device: 'mobile',
      raw: 'true',
      provider: filter.providers?.length ? filter.providers : undefined,
      live: filter.live === undefined ? undefined : filter.live ? 1 : 0,
    },
    signal,
  });
}

export const casinoSearchQuery = (filter: CasinoSearchFilter, locale: string) =>
  queryOptions({
    queryKey: ['casino', 'search', { ...filter, text: filter.text.trim() }, locale],
    queryFn: ({ signal }) => searchCasinoGames(filter, signal),
    staleTime: 60_000,
  });

/** Results of a searchable text; disabled (no request) for shorter text. Keeps the last results while typing. */
export function useCasinoSearch(filter: CasinoSearchFilter, locale: string) {
  return useQuery({
    ...casinoSearchQuery(filter, locale),
    enabled: isSearchable(filter.text),
    placeholderData: keepPreviousData,
  });
}
