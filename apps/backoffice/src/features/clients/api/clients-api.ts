import type {
  OpsAdjustment,
  OpsClient360,
  OpsClientBlock,
  OpsClientFound,
  OpsClientCreateBody,
  OpsClientCreated,
  OpsClientNote,
  OpsSetupLink,
} from '@sb/contract';
import { call } from '../../../api';

/** The desk's calls of issue 35 §2 (`/ops/v1/clients`): the contract's shapes. */
export const searchClients = (q: string, page: number, limit: number): Promise<OpsClientFound[]> =>
  call('GET', `/ops/v1/clients?q=${encodeURIComponent(q)}&page=${page}&limit=${limit}`);

export const getClient360 = (id: number): Promise<OpsClient360> => call('GET', `/ops/v1/clients/${id}`);

export const setClientBlock = (
  id: number,
  block: boolean,
  reason: string,
): Promise<{ blocked: OpsClientBlock | null }> =>
  call('POST', `/ops/v1/clients/${id}/${block ? 'block' : 'unblock'}`, { reason });

export const addClientNote = (id: number, text: string): Promise<OpsClientNote> =>
  call('POST', `/ops/v1/clients/${id}/notes`, { text });

/** One key per adjustment the operator means: a retried click posts it once. */
export const adjustClient = (
  id: number,
  body: { amount: number; reason: string; idempotencyKey: string },
): Promise<OpsAdjustment> => call('POST', `/ops/v1/clients/${id}/adjustments`, body);

export const decideAdjustment = (
  clientId: number,
  adjustmentId: number,
  approve: boolean,
): Promise<OpsAdjustment> =>
  call(
    'POST',
    `/ops/v1/clients/${clientId}/adjustments/${adjustmentId}/${approve ? 'approve' : 'reject'}`,
    {},
  );

/** A new client (no password): the answer's one-time link is shown once. */
export const createClient = (body: OpsClientCreateBody): Promise<OpsClientCreated> =>
  call('POST', '/ops/v1/clients', body);

/** A reset: the client's sessions end; a one-hour link to set a new password. */
export const resetClientPassword = (id: number, reason: string): Promise<OpsSetupLink> =>
  call('POST', `/ops/v1/clients/${id}/password-reset`, { reason });
