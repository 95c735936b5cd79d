import type { OpsBanner, OpsBannerPatch } from '@sb/contract';
import { call } from '../../../api';

/** `PATCH /ops/v1/brands/{id}/banners/{bannerId}`: move, switch or re-time a banner. */
export const updateBrandBanner = (
  brandId: number,
  bannerId: number,
  body: OpsBannerPatch,
): Promise<OpsBanner> => call('PATCH', `/ops/v1/brands/${brandId}/banners/${bannerId}`, body);
