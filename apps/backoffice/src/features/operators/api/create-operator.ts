import type { OpsOperator, OpsOperatorCreate } from '@sb/contract';
import { call } from '../../../api';

/** `POST /ops/v1/operators`: a new operator with an initial password (409 `username` when the name is taken). */
export const createOperator = (body: OpsOperatorCreate): Promise<OpsOperator> =>
  call('POST', '/ops/v1/operators', body);
