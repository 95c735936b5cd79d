import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BannerPlacement, BannersResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';

/**
 * Issue 35 §1: the brand's banners live now on a page, in the page's language — named in the request, so the
 * answer always matches the query's key (the client's own language may lag a render behind the route's).
 */
export function getBanners(placement: BannerPlacement, locale: string, signal?: AbortSignal) {
  return apiRequest<BannersResponse>('api', '/api/v1/banners', { query: { placement, locale }, signal });
}

export const bannersQuery = (placement: BannerPlacement, locale: string) =>
  queryOptions({
    queryKey: ['banners', placement, locale],
    queryFn: ({ signal }) => getBanners(placement, locale, signal),
    // A page load revalidates (ETag); within one visit the list stays as it came.
    staleTime: 5 * 60_000,
    select: (data) => data.result,
  });

export function useBanners(placement: BannerPlacement, locale: string) {
  return useQuery(bannersQuery(placement, locale));
}
