import type { Campaign, CampaignStatusId } from '@sb/contract';
import { call } from '../../../api';

/** `PUT /ops/v1/promotions/{id}/status`: pause, resume or end (final) a campaign. */
export const setPromotionStatus = (id: number, status: CampaignStatusId): Promise<Campaign> =>
  call('PUT', `/ops/v1/promotions/${id}/status`, { status });
