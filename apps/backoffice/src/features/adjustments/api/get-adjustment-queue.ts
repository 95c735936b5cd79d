import type { OpsAdjustmentQueueRow } from '@sb/contract';
import { call } from '../../../api';

/** `GET /ops/v1/adjustments?status=pending`: the adjustments waiting for a second operator, oldest first. */
export const getAdjustmentQueue = (): Promise<OpsAdjustmentQueueRow[]> =>
  call('GET', '/ops/v1/adjustments?status=pending');
