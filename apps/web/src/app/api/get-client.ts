import { queryOptions } from '@tanstack/react-query';
import type { ClientCredential } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';

/** The app's OAuth client credential; never sent with a session token (spec §7). */
export const clientCredentialQuery = (appId: number) =>
  queryOptions({
    queryKey: ['client', appId],
    queryFn: () => apiRequest<ClientCredential>('api', '/api/v1/get/client', { auth: false }),
    staleTime: Infinity,
  });
