import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormHtmlResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/session';

export const preferencesFormQuery = () =>
  queryOptions({
    queryKey: [USER_QUERY_KEY, 'form', 'preferences'],
    queryFn: async () => (await apiRequest<FormHtmlResponse>('api', '/api/v1/user/prefences/form')).result,
    staleTime: 0,
    gcTime: 0,
  });

export const usePreferencesForm = () => useQuery(preferencesFormQuery());
