import type { OpsEventLiability } from '@sb/contract';
import { call } from '../../../api';

/** `GET /ops/v1/liability?eventId=`: one event's open bets by named market and selection, worst market first. */
export const getEventLiability = (eventId: number): Promise<OpsEventLiability> =>
  call('GET', `/ops/v1/liability?eventId=${eventId}`);
