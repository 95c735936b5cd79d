import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameSessionResponse } from '@sb/contract';
import { ApiError, apiRequest } from '@/lib/api-client';

export const getGameSession = async (sessionId: string) =>
  (await apiRequest<GameSessionResponse>('api', `/api/v1/casino/sessions/${sessionId}`)).result;

export const gameSessionQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['casino-session', sessionId],
    queryFn: () => getGameSession(sessionId),
    // A 401/404/410 is an answer about the session, not a failure worth retrying.
    retry: (count, error) => !(error instanceof ApiError) && count < 2,
    staleTime: Infinity,
  });

export const useGameSession = (sessionId: string) => useQuery(gameSessionQuery(sessionId));
