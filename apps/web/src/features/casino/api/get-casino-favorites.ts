import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CasinoGameListResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { USER_QUERY_KEY, useIsLoggedIn } from '@/lib/session';

/** Casino favourites of the logged-in client; under the user key, so logout drops them. */
export const casinoFavoritesQuery = () =>
  queryOptions({
    queryKey: [USER_QUERY_KEY, 'casino', 'favorites'],
    queryFn: async ({ signal }) =>
      (await apiRequest<CasinoGameListResponse>('api', '/api/v1/casino/favorites', { signal })).result,
  });

/** The favourites list; idle (no request) while logged out. */
export function useCasinoFavorites() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...casinoFavoritesQuery(), enabled: loggedIn });
}
