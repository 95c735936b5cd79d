import { oddsOf } from '@sb/betting';
import type { SlipRequest } from '@sb/contract';
import type { SelectionContext } from '../sports/index';
import type { RewardSlip } from './rewards';
import type { SlipCheck } from './slip-check';

/** The slip as a reward's rules read it: each leg at the odds it would be taken at (the accepted price). */
export function rewardSlipOf(
  request: SlipRequest,
  result: SlipCheck,
  selections: Map<number, SelectionContext>,
): RewardSlip {
  return {
    type: request.type,
    amount: request.amount,
    legs: request.bets.map((item, i) => {
      const s = selections.get(item.oddId);
      return {
        oddsThousandths: oddsOf(result.legs[i]?.accepted ?? s?.odd ?? item.odd),
        isLive: s?.isLive ?? item.isLive,
        sportId: s?.sportId ?? 0,
      };
    }),
  };
}
