import type { OpsBanner } from '@sb/contract';
import { call } from '../../../api';

/** `GET /ops/v1/brands/{id}/banners`: the brand's banners of both pages, in order. */
export const listBrandBanners = (brandId: number): Promise<OpsBanner[]> =>
  call('GET', `/ops/v1/brands/${brandId}/banners`);
