import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

/** `POST /api/v1/bet-builder/compatible` (issue 37): the event's selections that can still join the legs. */
export function useBuilderCompatible(eventId: number, oddIds: readonly number[]) {
  return useQuery({
    queryKey: ['bet-builder', 'compatible', eventId, oddIds],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ result: { oddIds: number[] } }>('bsapi', '/api/v1/bet-builder/compatible', {
          method: 'POST',
          body: { eventId, oddIds },
          signal,
        })
      ).result.oddIds,
    // The greyed selections stay as they were while the next answer comes (no flicker as you pick).
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

export type BuilderQuote =
  | { kind: 'price'; odd: number; id: number; maxStake: number }
  | { kind: 'incompatible' | 'not_offered' | 'unavailable' };

/** `POST /api/v1/bet-builder/price` (issue 37): the legs' price (2–10 legs), or why there is none. */
export function useBuilderPrice(eventId: number, oddIds: readonly number[]) {
  return useQuery({
    queryKey: ['bet-builder', 'price', eventId, oddIds],
    queryFn: async ({ signal }): Promise<BuilderQuote> => {
      try {
        const { result } = await apiRequest<{
          result: { odd: number; id: number; maxStake: number };
        }>('bsapi', '/api/v1/bet-builder/price', { method: 'POST', body: { eventId, oddIds }, signal });
        return { kind: 'price', odd: result.odd, id: result.id, maxStake: result.maxStake };
      } catch (error) {
        if (error instanceof ApiError && error.status === 409)
          return { kind: error.body.error === 'incompatible' ? 'incompatible' : 'not_offered' };
        if (error instanceof ApiError && error.status === 400) return { kind: 'unavailable' };
        throw error;
      }
    },
    enabled: oddIds.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
