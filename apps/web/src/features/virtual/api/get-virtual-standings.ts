import { useQuery } from '@tanstack/react-query';
import type { VirtualStandingsResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';

/** `virtual/standings`: a league's table for the current season. */
export function useVirtualStandings(league: number | undefined, pollMs: number) {
  return useQuery({
    queryKey: ['virtual', 'standings', league],
    queryFn: async () =>
      (
        await apiRequest<VirtualStandingsResponse>('core', '/api/v1/virtual/standings', {
          query: { league },
          auth: false,
        })
      ).result,
    enabled: league !== undefined,
    refetchInterval: pollMs,
  });
}
