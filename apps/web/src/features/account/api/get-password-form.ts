import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormHtmlResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/session';

export const passwordFormQuery = () =>
  queryOptions({
    queryKey: [USER_QUERY_KEY, 'form', 'change-password'],
    queryFn: async () => (await apiRequest<FormHtmlResponse>('api', '/api/change-password')).result,
    staleTime: 0,
    gcTime: 0,
  });

export const usePasswordForm = () => useQuery(passwordFormQuery());
