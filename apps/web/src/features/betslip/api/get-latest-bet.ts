import { useQuery } from '@tanstack/react-query';
import type { BetView } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { useAppContext } from '@/lib/app-context';
import { USER_QUERY_KEY } from '@/lib/session';

/** While the latest bet waits out its live delay, it is asked for again this often. */
export const PENDING_POLL_MS = 1_000;

interface BetsPage {
  result: { bets: BetView[] };
}

/** The client's latest bet (spec §7: bets with page 1, per_page 1), or null when there is none. */
export async function getLatestBet(locale: string): Promise<BetView | null> {
  const data = await apiRequest<BetsPage>('core', '/api/v1/bets', {
    query: { page: 1, per_page: 1, _locale: locale },
  });
  return data.result.bets[0] ?? null;
}

export function useLatestBet() {
  const { locale } = useAppContext();
  return useQuery({
    queryKey: [USER_QUERY_KEY, 'bets', 'latest', locale],
    queryFn: () => getLatestBet(locale),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.result.key === 'pending' ? PENDING_POLL_MS : false),
  });
}
