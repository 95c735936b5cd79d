import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BetView, CashOutQuote } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/session';
import { cashOutQuoteKey } from './get-cash-out-quote';

export interface CashOutResult {
  status: 'cashed_out' | 'partial' | 'price_changed' | 'unavailable' | 'replayed';
  paid: number;
  quote: CashOutQuote;
  bet: BetView;
}

export interface CashOutRequest {
  betId: number;
  /** Minor units to take now; absent = all of it. */
  amount?: number;
  /** The full value the player saw: the server pays only if the price still holds near it. */
  expected: number;
  /** One per confirmed cash-out: a retried request pays once. */
  key: string;
}

export async function cashOut({ betId, amount, expected, key }: CashOutRequest): Promise<CashOutResult> {
  const data = await apiRequest<{ result: CashOutResult }>('bsapi', `/api/v1/bet-cash-out/${betId}`, {
    method: 'POST',
    body: amount === undefined ? { expected } : { amount, expected },
    headers: { 'idempotency-key': key },
  });
  return data.result;
}

/** Executes a cash-out; the new quote replaces the old, and balance, badge and lists refresh. */
export function useCashOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cashOut,
    onSuccess: (result, request) => {
      // A refused cash-out brings the new offer; a done one makes the old offer stale.
      if (result.status === 'price_changed' || result.status === 'unavailable')
        queryClient.setQueryData(cashOutQuoteKey(request.betId), result.quote);
      else void queryClient.invalidateQueries({ queryKey: cashOutQuoteKey(request.betId) });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_KEY, 'session'] });
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_KEY, 'bets'] });
    },
  });
}
