import type { OpsBetVoid } from '@sb/contract';
import { call } from '../../../api';

/** `POST /ops/v1/bets/{id}/void`: the stake back through the ledger once (a settled bet's payout taken back first). */
export const voidBet = (id: number, reason: string): Promise<OpsBetVoid> =>
  call('POST', `/ops/v1/bets/${id}/void`, { reason });
