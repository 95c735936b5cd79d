import type { OpsBrandCasinoResponse } from '@sb/contract';
import { call } from '../../../api';

export type BrandCasino = OpsBrandCasinoResponse['result'];

/** `GET /ops/v1/brands/{id}/casino`: the shared catalogue's providers and games with the brand's switches and places. */
export const getBrandCasino = (brandId: number): Promise<BrandCasino> =>
  call('GET', `/ops/v1/brands/${brandId}/casino`);
