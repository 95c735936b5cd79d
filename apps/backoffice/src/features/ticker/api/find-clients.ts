import type { OpsClientRow } from '@sb/contract';
import { call } from '../../../api';

/** `GET /ops/v1/clients?q=`: clients whose username starts with the text, in the operator's brand. */
export const findClients = (q: string): Promise<OpsClientRow[]> =>
  call('GET', `/ops/v1/clients?q=${encodeURIComponent(q)}&limit=20`);
