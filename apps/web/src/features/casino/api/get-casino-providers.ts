import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CasinoProvidersResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { useAccessToken } from '@/lib/session';

/** Spec §7 casino/providers: the token goes in the query (`access_token`), as the call names it. */
export function getCasinoProviders(token: string | null, signal?: AbortSignal) {
  return apiRequest<CasinoProvidersResponse>('api', '/api/v1/casino/providers', {
    query: { access_token: token ?? undefined },
    signal,
  });
}

export const casinoProvidersQuery = (token: string | null, locale: string) =>
  queryOptions({
    // Whether a token was sent is part of the key, not the token itself (it rotates on refresh).
    queryKey: ['casino', 'providers', token !== null, locale],
    queryFn: ({ signal }) => getCasinoProviders(token, signal),
    staleTime: 5 * 60_000,
    select: (data) => data.result,
  });

export function useCasinoProviders(locale: string) {
  const token = useAccessToken();
  return useQuery(casinoProvidersQuery(token, locale));
}
