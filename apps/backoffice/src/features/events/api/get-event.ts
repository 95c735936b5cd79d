import type { OpsEventView } from '@sb/contract';
import { call } from '../../../api';

/** `GET /ops/v1/events/{id}`: the header and every market and selection with names, prices and liability. */
export const getEvent = (id: number): Promise<OpsEventView> => call('GET', `/ops/v1/events/${id}`);
