import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LocalesResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';

export const localesQuery = () =>
  queryOptions({
    queryKey: ['locales'],
    queryFn: async () =>
      (await apiRequest<LocalesResponse>('core', '/api/v1/locales', { auth: false })).result,
    staleTime: Infinity,
  });

export const useLocales = () => useQuery(localesQuery());
