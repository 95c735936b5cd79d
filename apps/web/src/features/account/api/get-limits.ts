import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LimitsResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/session';

export const limitsQuery = () =>
  queryOptions({
    queryKey: [USER_QUERY_KEY, 'limits'],
    queryFn: async () => (await apiRequest<LimitsResponse>('api', '/api/v1/user/limits')).result,
  });

export const useLimits = () => useQuery(limitsQuery());
