import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BannerPlacement, BannersResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';

/** Issue 35 §1: the brand's banners live now on a page, in the request's language (the client adds it). */
export function getBanners(placement: BannerPlacement, signal?: AbortSignal) {
  return apiRequest<BannersResponse>('api', '/api/v1/banners', { query: { placement }, signal });
}

export const bannersQuery = (placement: BannerPlacement, locale: string) =>
  queryOptions({
    queryKey: ['banners', placement, locale],
    queryFn: ({ signal }) => getBanners(placement, signal),
    // A page load revalidates (ETag); within one visit the list stays as it came.
    staleTime: 5 * 60_000,
    select: (data) => data.result,
  });

export function useBanners(placement: BannerPlacement, locale: string) {
  return useQuery(bannersQuery(placement, locale));
}
