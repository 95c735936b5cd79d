import type { OpsSelectionSuspension } from '@sb/contract';
import { call } from '../../../api';

/** `POST /ops/v1/selections/{id}/suspend|resume`: one selection alone, with a reason to suspend. */
export const setSelectionSuspension = (id: number, action: 'suspend' | 'resume', reason: string) =>
  call<OpsSelectionSuspension>(
    'POST',
    `/ops/v1/selections/${id}/${action}`,
    action === 'suspend' ? { reason } : {},
  );
