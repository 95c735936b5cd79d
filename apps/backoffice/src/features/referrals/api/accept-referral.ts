import type { OpsReferralDecision } from '@sb/contract';
import { call } from '../../../api';

/** `POST /ops/v1/referrals/{id}/accept`: checked once more, then accepted at the current price (or rejected). */
export const acceptReferral = (id: number): Promise<OpsReferralDecision> =>
  call('POST', `/ops/v1/referrals/${id}/accept`, {});
