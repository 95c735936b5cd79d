import { useQuery } from '@tanstack/react-query';
import type { VirtualRoundsResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';

/** `virtual/rounds`: a league's rounds by status (ended: newest first, with final scores). */
export function useVirtualRounds(
  league: number | undefined,
  status: 'scheduled' | 'live' | 'ended',
  limit: number,
  pollMs: number,
) {
  return useQuery({
    queryKey: ['virtual', 'rounds', league, status, limit],
    queryFn: async () =>
      (
        await apiRequest<VirtualRoundsResponse>('core', '/api/v1/virtual/rounds', {
          query: { league, status, limit },
          auth: false,
        })
      ).result,
    enabled: league !== undefined,
    refetchInterval: pollMs,
  });
}
