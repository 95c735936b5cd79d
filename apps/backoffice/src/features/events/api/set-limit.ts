import type { OpsLimit } from '@sb/contract';
import { call } from '../../../api';

/** Where the event view sets a limit: the event, one of its markets or one of its selections. */
export type EventLimitLevel = 'event' | 'market' | 'selection';
/** A stake limit (per combination) or a liability limit (the market's auto-suspension). */
export type EventLimitKind = OpsLimit['kind'];

/** `PUT /ops/v1/limits`: a limit of every brand at one level (amount in minor units; null removes it). */
export const setLimit = (
  kind: EventLimitKind,
  level: EventLimitLevel,
  refId: number,
  amount: number | null,
  reason: string,
) =>
  call<Omit<OpsLimit, 'amount'> & { amount: number | null }>('PUT', '/ops/v1/limits', {
    kind,
    level,
    brandId: null,
    refId,
    amount,
    reason,
  });
