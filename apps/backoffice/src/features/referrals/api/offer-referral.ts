import type { OpsReferralDecision } from '@sb/contract';
import { call } from '../../../api';

/** `POST /ops/v1/referrals/{id}/offer`: a lower total stake (minor units) the client may take or leave. */
export const offerReferral = (id: number, stake: number): Promise<OpsReferralDecision> =>
  call('POST', `/ops/v1/referrals/${id}/offer`, { stake });
