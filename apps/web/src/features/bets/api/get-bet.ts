import { useQuery } from '@tanstack/react-query';
import type { BetView } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { useAppContext } from '@/lib/app-context';
import { USER_QUERY_KEY } from '@/lib/session';

/** One bet of the client (spec §7 bet/detail): a transaction's link opens it on top of My bets. */
export function useBet(id: number | null) {
  const { locale } = useAppContext();
  return useQuery({
    queryKey: [USER_QUERY_KEY, 'bets', 'detail', id, locale],
    queryFn: async () =>
      (
        await apiRequest<{ result: BetView }>('core', `/api/v1/bet/detail/${id}`, {
          query: { _locale: locale },
        })
      ).result,
    enabled: id !== null,
  });
}
