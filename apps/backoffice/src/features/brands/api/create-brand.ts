import type { OpsBrand, OpsBrandCreate } from '@sb/contract';
import { call } from '../../../api';

/** `POST /ops/v1/brands`: a new brand, answered on its host names at once (409 when a host name is taken). */
export const createBrand = (body: OpsBrandCreate): Promise<OpsBrand> => call('POST', '/ops/v1/brands', body);
