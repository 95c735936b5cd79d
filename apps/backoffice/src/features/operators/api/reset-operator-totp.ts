import type { OpsOperator } from '@sb/contract';
import { call } from '../../../api';

/** `POST /ops/v1/operators/{id}/totp-reset`: the operator's sessions end; they enrol again at their next login. */
export const resetOperatorTotp = (id: number): Promise<OpsOperator> =>
  call('POST', `/ops/v1/operators/${id}/totp-reset`);
