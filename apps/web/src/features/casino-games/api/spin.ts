import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GameSessionResponse, SpinResponse } from '@sb/contract';
import { ApiError, apiRequest } from '@/lib/api-client';
import { gameSessionQuery } from './get-game-session';
import { roundsQuery } from './get-rounds';

/** A key per spin: a retry (or a second tab) sending it again gets the same round, never a second debit. */
export function newRoundKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const spin = async (sessionId: string, stake: number, roundKey: string) =>
  (
    await apiRequest<SpinResponse>('api', `/api/v1/casino/sessions/${sessionId}/spin`, {
      method: 'POST',
      body: { stake, roundKey },
    })
  ).result;

export function useSpin(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stake, roundKey }: { stake: number; roundKey: string }) =>
      spin(sessionId, stake, roundKey),
    // A lost connection is retried with the same round key: the server answers with the round it played.
    retry: (count, error) => !(error instanceof ApiError) && count < 3,
    onSuccess: (data) => {
      queryClient.setQueryData(
        gameSessionQuery(sessionId).queryKey,
        (old: GameSessionResponse['result'] | undefined) =>
          old ? { ...old, session: { ...old.session, balance: data.balance } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: roundsQuery(sessionId).queryKey });
    },
  });
}
