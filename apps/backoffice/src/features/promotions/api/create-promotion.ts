import type { Campaign, CampaignCreate } from '@sb/contract';
import { call } from '../../../api';

/** `POST /ops/v1/promotions`: a campaign; its terms are refused (400 terms_refused) when the UK rules forbid them. */
export const createPromotion = (body: CampaignCreate): Promise<Campaign> =>
  call('POST', '/ops/v1/promotions', body);
