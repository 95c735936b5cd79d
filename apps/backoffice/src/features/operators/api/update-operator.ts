import type { OpsOperator, OpsOperatorPatch } from '@sb/contract';
import { call } from '../../../api';

/** `PATCH /ops/v1/operators/{id}`: role, brand scope, disabled (a disabled operator's sessions end at once). */
export const updateOperator = (id: number, body: OpsOperatorPatch): Promise<OpsOperator> =>
  call('PATCH', `/ops/v1/operators/${id}`, body);
