import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CashbackResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/session';

export const cashbackQuery = () =>
  queryOptions({
    queryKey: [USER_QUERY_KEY, 'cashback'],
    queryFn: () => apiRequest<CashbackResponse>('api', '/api/v2/cashback/sports'),
    staleTime: Infinity,
    retry: false,
  });

export const useCashback = (enabled: boolean) => useQuery({ ...cashbackQuery(), enabled });
