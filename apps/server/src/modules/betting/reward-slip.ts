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
        oddId: item.oddId,
        oddsThousandths: oddsOf(result.legs[i]?.accepted ?? s?.odd ?? item.odd),
        isLive: s?.isLive ?? item.isLive,
        sportId: s?.sportId ?? 0,
      };
    }),
  };
}

/**
 * The selections a slip is checked and taken at, with an odds boost's price on its selection when it beats the
 * normal price (a normal price that rose to the boost or above stays: the client gets the better one). Answers the
 * normal prices the boost replaced (selection → decimal odd), recorded on the leg.
 */
export function withBoost(
  selections: Map<number, SelectionContext>,
  boost: { oddId: number; odd: number } | null,
): { selections: Map<number, SelectionContext>; normal: Map<number, number> } {
  const s = boost ? selections.get(boost.oddId) : undefined;
  if (!boost || !s || !(boost.odd > s.odd)) return { selections, normal: new Map() };
  const boosted = new Map(selections);
  boosted.set(boost.oddId, { ...s, odd: boost.odd });
  return { selections: boosted, normal: new Map([[boost.oddId, s.odd]]) };
}
