import type { OpsPickLists } from '@sb/contract';
import { call } from '../../../api';

/** `GET /ops/v1/pick-lists`: brands (the operator's scope) and sports by name, and the filtered client's name. */
export const getPickLists = (client?: string): Promise<OpsPickLists> =>
  call('GET', `/ops/v1/pick-lists${client ? `?client=${encodeURIComponent(client)}` : ''}`);
