import type { OpsEventResult } from '@sb/contract';
import { call } from '../../../api';

export interface EventResultForm {
  facts: { home?: number; away?: number; htHome?: number; htAway?: number };
  undecided: 'void' | 'open';
  reason?: string;
}

/** `POST /ops/v1/events/{id}/result/preview|confirm`: every market of the event from one form. */
export const resultEvent = (id: number, step: 'preview' | 'confirm', form: EventResultForm) =>
  call<OpsEventResult>('POST', `/ops/v1/events/${id}/result/${step}`, form);
