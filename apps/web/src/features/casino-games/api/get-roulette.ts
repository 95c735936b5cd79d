import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RouletteStateResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';

/**
 * The table polls: its state changes only at known instants (bets close, the wheel spins), the answer is cheap
 * (results from a per-instance cache, the player's own placements), and it needs the player's token and balance
 * anyway — a new feed topic would add nothing but a second channel to keep in step.
 */
export const ROULETTE_POLL_MS = 1_000;

export const getRoulette = async (sessionId: string) =>
  (await apiRequest<RouletteStateResponse>('api', `/api/v1/casino/sessions/${sessionId}/roulette`)).result;

export const rouletteQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['casino-session', sessionId, 'roulette'],
    queryFn: () => getRoulette(sessionId),
    refetchInterval: ROULETTE_POLL_MS,
  });

export const useRoulette = (sessionId: string) => useQuery(rouletteQuery(sessionId));
