import type { OpsBrand, OpsBrandPatch } from '@sb/contract';
import { call } from '../../../api';

/** `PATCH /ops/v1/brands/{id}`: a brand's change; host names and languages replaced as a whole. */
export const updateBrand = (id: number, body: OpsBrandPatch): Promise<OpsBrand> =>
  call('PATCH', `/ops/v1/brands/${id}`, body);
