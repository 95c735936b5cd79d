import { useQuery } from '@tanstack/react-query';
import type { VirtualLeaguesResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { useAppContext } from '@/lib/app-context';

/** `virtual/leagues`: the virtual sport's id, the round period and the leagues (server README "Virtual football"). */
export function useVirtualLeagues() {
  const { locale } = useAppContext();
  return useQuery({
    queryKey: ['virtual', 'leagues', locale],
    queryFn: async () =>
      (
        await apiRequest<VirtualLeaguesResponse>('core', '/api/v1/virtual/leagues', {
          query: { _locale: locale },
          auth: false,
        })
      ).result,
    refetchInterval: 30_000,
  });
}
