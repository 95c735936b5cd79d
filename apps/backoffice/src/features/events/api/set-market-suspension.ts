import type { OpsMarketSuspension } from '@sb/contract';
import { call } from '../../../api';

/** `POST /ops/v1/markets/{id}/suspend|resume`: one market, with a reason to suspend. */
export const setMarketSuspension = (id: number, action: 'suspend' | 'resume', reason: string) =>
  call<OpsMarketSuspension>(
    'POST',
    `/ops/v1/markets/${id}/${action}`,
    action === 'suspend' ? { reason } : {},
  );
