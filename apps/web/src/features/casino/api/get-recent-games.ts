import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CasinoGameListResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { USER_QUERY_KEY, useIsLoggedIn } from '@/lib/session';

/**
 * Recently played games of the logged-in client, latest first. Games open in another tab, so the list is
 * refetched when the player comes back to this one (react-query's refetch on window focus, staleTime 0).
 */
export const recentGamesQuery = () =>
  queryOptions({
    queryKey: [USER_QUERY_KEY, 'casino', 'recent'],
    queryFn: async ({ signal }) =>
      (await apiRequest<CasinoGameListResponse>('api', '/api/v1/casino/recent', { signal })).result,
    staleTime: 0,
  });

export function useRecentGames() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...recentGamesQuery(), enabled: loggedIn });
}
