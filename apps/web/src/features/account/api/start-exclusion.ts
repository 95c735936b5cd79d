import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LimitsResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/session';
import { limitsQuery } from './get-limits';

/** A time-out (hours, 24 h to 6 weeks) or a self-exclusion (months, 6 or more). */
export type ExclusionRequest =
  { kind: 'timeout'; hours: number } | { kind: 'self_exclusion'; months: number };

export function startExclusion(request: ExclusionRequest) {
  return request.kind === 'timeout'
    ? apiRequest<LimitsResponse>('api', '/api/v1/user/time-out', {
        method: 'POST',
        body: { hours: request.hours },
      })
    : apiRequest<LimitsResponse>('api', '/api/v1/user/self-exclusion', {
        method: 'POST',
        body: { months: request.months },
      });
}

export function useStartExclusion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startExclusion,
    onSuccess: (data) => {
      queryClient.setQueryData(limitsQuery().queryKey, data.result);
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_KEY, 'limit-summary'] });
    },
  });
}
