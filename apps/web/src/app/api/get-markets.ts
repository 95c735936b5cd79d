import { queryOptions } from '@tanstack/react-query';
import type { Locale, MarketsResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';

export const marketsQuery = (locale: Locale) =>
  queryOptions({
    queryKey: ['markets', locale],
    queryFn: async () =>
      (await apiRequest<MarketsResponse>('bsapi', '/api/v2/markets', { auth: false })).result,
    staleTime: Infinity,
  });
