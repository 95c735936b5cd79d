import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LimitsResponse, LimitsUpdate } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/session';
import { limitsQuery } from './get-limits';

export const updateLimits = (update: LimitsUpdate) =>
  apiRequest<LimitsResponse>('api', '/api/v1/user/limits', { method: 'PUT', body: update });

export function useUpdateLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLimits,
    onSuccess: (data) => {
      queryClient.setQueryData(limitsQuery().queryKey, data.result);
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_KEY, 'limit-summary'] });
    },
  });
}
