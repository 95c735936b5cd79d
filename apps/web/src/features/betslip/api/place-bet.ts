import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BetView } from '@sb/contract';
import { ApiError, apiRequest } from '@/lib/api-client';
import { useAppContext } from '@/lib/app-context';
import { USER_QUERY_KEY } from '@/lib/session';

export interface Placement {
  form: URLSearchParams;
  /** One per placement attempt; a retry of the same attempt sends it again so the server debits once. */
  key: string;
}

export async function placeBet({ form, key }: Placement, locale: string): Promise<BetView> {
  const data = await apiRequest<{ result: BetView }>('core', '/api/v1/betPlace', {
    method: 'POST',
    query: { _locale: locale },
    body: form,
    headers: { 'idempotency-key': key },
  });
  return data.result;
}

/** Whether the answer never arrived (network) or the server failed: the attempt may have happened. */
export const outcomeUnknown = (error: unknown): boolean =>
  !(error instanceof ApiError) || error.status >= 500;

/**
 * betPlace. Retries (same variables, so the same Idempotency-Key) only when the outcome is unknown. A placed
 * bet changes the balance and the waiting-bets badge (session) and the bet lists.
 */
export function usePlaceBet() {
  const { locale } = useAppContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (placement: Placement) => placeBet(placement, locale),
    retry: (count, error) => count < 2 && outcomeUnknown(error),
    retryDelay: 1_000,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_KEY, 'session'] });
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_KEY, 'bets'] });
    },
  });
}
