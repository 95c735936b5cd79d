import type { OpsBanner, OpsBannerCreate } from '@sb/contract';
import { call } from '../../../api';

/** `POST /ops/v1/brands/{id}/banners`: a new banner with its uploaded picture. */
export const createBrandBanner = (brandId: number, body: OpsBannerCreate): Promise<OpsBanner> =>
  call('POST', `/ops/v1/brands/${brandId}/banners`, body);
