import { call } from '../../../api';
import type { ClientRow } from '../../../risk-api';

/** `GET /ops/v1/clients?q=`: clients of the operator's brand by username, to grant a campaign to. */
export const findClients = (q: string): Promise<ClientRow[]> =>
  call('GET', `/ops/v1/clients?q=${encodeURIComponent(q)}`);
