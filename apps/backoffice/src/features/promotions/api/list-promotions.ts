import type { Campaign } from '@sb/contract';
import { call } from '../../../api';

/** `GET /ops/v1/promotions`: the operator's brand's campaigns (every brand's for an all-brands operator). */
export const listPromotions = (): Promise<Campaign[]> => call('GET', '/ops/v1/promotions');
