import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LimitSummaryResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/session';

export const limitSummaryQuery = () =>
  queryOptions({
    queryKey: [USER_QUERY_KEY, 'limit-summary'],
    queryFn: async () =>
      (await apiRequest<LimitSummaryResponse>('api', '/api/v1/user/limits/summary')).result,
  });

export const useLimitSummary = () => useQuery(limitSummaryQuery());
