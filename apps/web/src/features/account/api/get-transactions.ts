import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TransactionsResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { useAppContext } from '@/lib/app-context';
import { USER_QUERY_KEY } from '@/lib/session';

/** Spec §9: transactions come 10 per page. */
export const TRANSACTIONS_PAGE_SIZE = 10;

export interface TransactionsFilter {
  uid: number;
  /** Inclusive calendar dates (YYYY-MM-DD) in the user's time zone; the server reads `to` as through that day. */
  from: string;
  to: string;
}

export async function getTransactions(filter: TransactionsFilter, page: number, locale: string) {
  const data = await apiRequest<TransactionsResponse>('api', '/api/v1/user/transactions', {
    query: {
      page,
      per_page: TRANSACTIONS_PAGE_SIZE,
      uid: filter.uid,
      'rangeDateTime[from]': filter.from,
      'rangeDateTime[to]': filter.to,
      _locale: locale,
    },
  });
  return data.result;
}

/** The next page number, or undefined when every transaction of the range is loaded. */
export function nextTransactionsPage(pages: TransactionsResponse['result'][]): number | undefined {
  const last = pages.at(-1);
  if (!last) return 1;
  const loaded = pages.reduce((sum, p) => sum + p.transactions.length, 0);
  return loaded < last.pagination.totalCount && last.transactions.length > 0
    ? last.pagination.page + 1
    : undefined;
}

export const transactionsQuery = (filter: TransactionsFilter, locale: string) =>
  infiniteQueryOptions({
    queryKey: [USER_QUERY_KEY, 'transactions', filter, locale],
    queryFn: ({ pageParam }) => getTransactions(filter, pageParam, locale),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextTransactionsPage(pages),
  });

export function useTransactions(filter: TransactionsFilter) {
  const { locale } = useAppContext();
  return useInfiniteQuery(transactionsQuery(filter, locale));
}
