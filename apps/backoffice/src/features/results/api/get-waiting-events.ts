import type { OpsResultsEvent } from '@sb/contract';
import { call } from '../../../api';

/** `GET /ops/v1/results/events?state=waiting`: finished or overdue events with unresolved markets. */
export const getWaitingEvents = (): Promise<OpsResultsEvent[]> =>
  call('GET', '/ops/v1/results/events?state=waiting&limit=200');
