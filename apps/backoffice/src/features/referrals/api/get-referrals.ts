import type { OpsReferral } from '@sb/contract';
import { call } from '../../../api';

/** `GET /ops/v1/referrals`: bets waiting for approval, soonest due first (the operator's brand). */
export const getReferrals = (): Promise<OpsReferral[]> => call('GET', '/ops/v1/referrals');
