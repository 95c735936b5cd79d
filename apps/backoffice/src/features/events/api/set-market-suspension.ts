import { call } from '../../../api';

/** `POST /ops/v1/markets/{id}/suspend|resume`: one market, with a reason to suspend. */
export const setMarketSuspension = (id: number, action: 'suspend' | 'resume', reason: string) =>
  call('POST', `/ops/v1/markets/${id}/${action}`, action === 'suspend' ? { reason } : {});
