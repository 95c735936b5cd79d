import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CasinoGamesResponse } from '@sb/contract';
import { CATALOGUE_STALE_MS, getCasinoGames, type CasinoGamesFilter } from './get-casino-games';

// The paged grids' call, apart from the strips' first page (get-casino-games.ts): home's strip then loads
// without useInfiniteQuery.

/** The next page number, or undefined when the list is complete (or a page came back empty). */
export function nextGamesPage(pages: CasinoGamesResponse[]): number | undefined {
  const last = pages.at(-1);
  if (!last) return 1;
  const loaded = pages.reduce((sum, p) => sum + p.result.length, 0);
  return loaded < last.pagination.totalCount && last.result.length > 0 ? last.pagination.page + 1 : undefined;
}

/**
 * Every page, for the paged grids (spec §4 Game list paging). The filter is the key: a new provider query
 * starts again at page 1 with an empty list.
 */
export const casinoGamePagesQuery = (filter: CasinoGamesFilter, locale: string) =>
  infiniteQueryOptions({
    queryKey: ['casino', 'game-pages', filter, locale],
    queryFn: ({ pageParam, signal }) => getCasinoGames(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextGamesPage(pages),
    staleTime: CATALOGUE_STALE_MS,
  });

export const useCasinoGamePages = (filter: CasinoGamesFilter, locale: string) =>
  useInfiniteQuery(casinoGamePagesQuery(filter, locale));
