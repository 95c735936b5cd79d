import type { OpsOverrideSet } from '@sb/contract';
import { call } from '../../../api';

/** `POST /ops/v1/selections/{id}/override`: the selection's price until `expiresAt`, with a reason. */
export const overridePrice = (id: number, odd: number, expiresAt: Date, reason: string) =>
  call<OpsOverrideSet>('POST', `/ops/v1/selections/${id}/override`, {
    odd,
    expiresAt: expiresAt.toISOString(),
    reason,
  });
