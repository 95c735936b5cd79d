import { queryOptions } from '@tanstack/react-query';
import type { App } from '@sb/contract';
import { ApiError, apiRequest } from '@/lib/api-client';

export async function getAppByHostname(host: string): Promise<App> {
  return apiRequest<App>('core', `/api/getAppByHostname/${encodeURIComponent(host)}`, { auth: false });
}

export const appByHostnameQuery = (host: string) =>
  queryOptions({
    queryKey: ['app', host],
    queryFn: () => getAppByHostname(host),
    staleTime: Infinity,
    // An unknown host is an answer, not a failure worth retrying.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
