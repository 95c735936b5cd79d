import { useQuery } from '@tanstack/react-query';
import type { H2hResult } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/v1/stat-service/h2/{matchId}` (spec §7): head to head and form of the two sides. */
export function useHeadToHead(matchId: number) {
  return useQuery({
    queryKey: ['fixture-meta', 'h2h', matchId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ result: H2hResult }>('bsapi', `/api/v1/stat-service/h2/${matchId}`, {
          query: { match: matchId, onlyList: 1 },
          signal,
        })
      ).result,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
