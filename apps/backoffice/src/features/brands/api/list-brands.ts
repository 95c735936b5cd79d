import type { OpsBrand } from '@sb/contract';
import { call } from '../../../api';

/** `GET /ops/v1/brands`: every brand (an all-brands operator) or the operator's own. */
export const listBrands = (): Promise<OpsBrand[]> => call('GET', '/ops/v1/brands');
