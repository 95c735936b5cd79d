import type { OpsBrandCasinoProvider } from '@sb/contract';
import { call } from '../../../api';

/** `PATCH /ops/v1/brands/{id}/casino/providers/{providerId}`: switch a provider's games for one brand. */
export const updateBrandCasinoProvider = (
  brandId: number,
  providerId: number,
  enabled: boolean,
): Promise<OpsBrandCasinoProvider> =>
  call('PATCH', `/ops/v1/brands/${brandId}/casino/providers/${providerId}`, { enabled });
