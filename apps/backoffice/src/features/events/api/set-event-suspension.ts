import type { OpsEventSuspension } from '@sb/contract';
import { call } from '../../../api';

/** `POST /ops/v1/events/{id}/suspend|resume`: the whole event (every open market), with a reason to suspend. */
export const setEventSuspension = (id: number, action: 'suspend' | 'resume', reason: string) =>
  call<OpsEventSuspension>('POST', `/ops/v1/events/${id}/${action}`, action === 'suspend' ? { reason } : {});
