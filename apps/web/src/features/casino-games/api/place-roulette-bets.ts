import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouletteBet, RoulettePlaceResponse } from '@sb/contract';
import { ApiError, apiRequest } from '@/lib/api-client';
import { roundsQuery } from './get-rounds';
import { rouletteQuery } from './get-roulette';

export const placeRouletteBets = async (sessionId: string, round: number, key: string, bets: RouletteBet[]) =>
  (
    await apiRequest<RoulettePlaceResponse>('api', `/api/v1/casino/sessions/${sessionId}/roulette/bets`, {
      method: 'POST',
      body: { round, key, bets },
    })
  ).result;

export function usePlaceRouletteBets(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { round: number; key: string; bets: RouletteBet[] }) =>
      placeRouletteBets(sessionId, v.round, v.key, v.bets),
    retry: (count, error) => !(error instanceof ApiError) && count < 2,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: rouletteQuery(sessionId).queryKey });
      void queryClient.invalidateQueries({ queryKey: roundsQuery(sessionId).queryKey });
    },
  });
}
