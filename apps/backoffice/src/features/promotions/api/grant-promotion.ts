import { call } from '../../../api';

/** `POST /ops/v1/promotions/{id}/grants`: the campaign's reward to clients of its brand, once per client. */
export const grantPromotion = (
  id: number,
  clientIds: number[],
): Promise<{ campaignId: number; granted: number[]; alreadyGranted: number[] }> =>
  call('POST', `/ops/v1/promotions/${id}/grants`, { clientIds });
