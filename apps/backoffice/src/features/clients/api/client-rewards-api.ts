import type { ClientReward } from '@sb/contract';
import { call } from '../../../api';

/** The client's rewards, newest first (issue 36: the client 360 lists them). */
export const getClientRewards = (id: number): Promise<ClientReward[]> =>
  call('GET', `/ops/v1/clients/${id}/rewards`);
