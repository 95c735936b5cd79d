import { useQuery } from '@tanstack/react-query';
import type { CashOutQuote } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/session';

/** Spec §9: the cash-out price of each waiting bet is refreshed every 5 s. */
export const CASH_OUT_PRICE_MS = 5_000;

export async function getCashOutQuote(betId: number): Promise<CashOutQuote> {
  const data = await apiRequest<{ result: CashOutQuote }>('bsapi', `/api/v1/bet-cash-out/${betId}`);
  return data.result;
}

export const cashOutQuoteKey = (betId: number) => [USER_QUERY_KEY, 'cash-out', betId] as const;

/** A waiting bet's offer, every 5 s; a failed price counts as 0 (spec §8), which hides the button. */
export function useCashOutQuote(betId: number, enabled: boolean) {
  return useQuery({
    queryKey: cashOutQuoteKey(betId),
    queryFn: () => getCashOutQuote(betId),
    enabled,
    refetchInterval: CASH_OUT_PRICE_MS,
    retry: false,
  });
}
