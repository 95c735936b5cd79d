import type { OpsBrand } from '@sb/contract';
import { call } from '../../../api';

/** `DELETE /ops/v1/brands/{id}/logo`: back to the logo drawn from the brand's name and colours. */
export const deleteBrandLogo = (id: number): Promise<OpsBrand> => call('DELETE', `/ops/v1/brands/${id}/logo`);
