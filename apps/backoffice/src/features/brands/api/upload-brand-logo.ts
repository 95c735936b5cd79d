import type { OpsBrand, OpsBrandLogoUpload } from '@sb/contract';
import { call } from '../../../api';

/** `PUT /ops/v1/brands/{id}/logo`: the brand's own logo; its theme's `logoUrl` is then the picture's address. */
export const uploadBrandLogo = (id: number, body: OpsBrandLogoUpload): Promise<OpsBrand> =>
  call('PUT', `/ops/v1/brands/${id}/logo`, body);
