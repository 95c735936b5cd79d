import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoundsResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';

export const getRounds = async (sessionId: string) =>
  (await apiRequest<RoundsResponse>('api', `/api/v1/casino/sessions/${sessionId}/rounds`)).result.rounds;

export const roundsQuery = (sessionId: string) =>
  queryOptions({ queryKey: ['casino-session', sessionId, 'rounds'], queryFn: () => getRounds(sessionId) });

export const useRounds = (sessionId: string) => useQuery(roundsQuery(sessionId));
