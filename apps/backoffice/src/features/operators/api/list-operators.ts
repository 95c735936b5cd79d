import type { OpsOperator } from '@sb/contract';
import { call } from '../../../api';

/** `GET /ops/v1/operators`: the operators an admin may manage (a brand's admin: its brand's), brands by name. */
export const listOperators = (): Promise<OpsOperator[]> => call('GET', '/ops/v1/operators');
