import type { OpsOverrideCleared } from '@sb/contract';
import { call } from '../../../api';

/** `DELETE /ops/v1/selections/{id}/override`: the model's price returns now. */
export const clearOverride = (id: number) =>
  call<OpsOverrideCleared>('DELETE', `/ops/v1/selections/${id}/override`);
