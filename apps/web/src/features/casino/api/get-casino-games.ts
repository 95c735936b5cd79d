import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CasinoGamesResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';

/** What a game list asks for (spec §7 casino/games); every list is for mobile. */
export interface CasinoGamesFilter {
  perPage: number;
  providers?: number[];
  isPopular?: boolean;
  category?: number;
  /** true: live providers' games only; false: non-live only; undefined: both. */
  isLive?: boolean;
}

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

export function getCasinoGames(filter: CasinoGamesFilter, page: number, signal?: AbortSignal) {
  return apiRequest<CasinoGamesResponse>('core', '/api/v1/casino/games', {
    query: {
      page,
      per_page: filter.perPage,
      isPopular: filter.isPopular ? 1 : undefined,
      category: filter.category,
      provider: filter.providers?.length ? filter.providers : undefined,
      isLive: flag(filter.isLive),
      device: 'mobile',
    },
    signal,
  });
}

/** The catalogue changes rarely: lists stay fresh for a minute. */
export const CATALOGUE_STALE_MS = 60_000;

/** The first page only: a strip (popular 14, provider 7). */
export const casinoGamesQuery = (filter: CasinoGamesFilter, locale: string) =>
  queryOptions({
    queryKey: ['casino', 'games', filter, locale],
    queryFn: ({ signal }) => getCasinoGames(filter, 1, signal),
    staleTime: CATALOGUE_STALE_MS,
  });

export function useCasinoGames(filter: CasinoGamesFilter, locale: string, enabled = true) {
  return useQuery({ ...casinoGamesQuery(filter, locale), enabled });
}
