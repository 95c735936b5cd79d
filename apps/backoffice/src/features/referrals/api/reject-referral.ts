import type { OpsReferralDecision } from '@sb/contract';
import { call } from '../../../api';

/** `POST /ops/v1/referrals/{id}/reject`: the whole stake back to the client, with the operator's reason. */
export const rejectReferral = (id: number, reason: string): Promise<OpsReferralDecision> =>
  call('POST', `/ops/v1/referrals/${id}/reject`, { reason });
