import { useQuery } from '@tanstack/react-query';
import type { CheckBetsResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { useAppContext } from '@/lib/app-context';
import { updateSlip, useSlipStore, type SlipEntry } from '@/lib/slip-store';
import type { Coupon } from '@sb/betting';
import { applyServerSelections, type BetErrorBody } from '../bet-errors';
import { recordOddMoves } from '../odd-moves';
import { slipForm } from '../slip-model';

/** Spec §9: the slip's odds are checked every 10 s while it is open. */
export const CHECK_BETS_MS = 10_000;

export function checkBets(form: URLSearchParams, locale: string): Promise<CheckBetsResponse> {
  return apiRequest<CheckBetsResponse>('bsapi', '/api/v1/checkBets', {
    method: 'POST',
    query: { _locale: locale, ro: 1 },
    body: form,
  });
}

/**
 * Takes a server answer (checkBets, or betPlace's bet_error) into the slip: current odds and max stakes
 * (spec §5), with the arrows of the odds that moved.
 */
export function applyServerAnswer(body: BetErrorBody): void {
  const bets = useSlipStore.getState().bets;
  const next = applyServerSelections(bets, body.bets);
  if (next.bets === bets) return;
  updateSlip(() => ({ bets: [...next.bets] }));
  recordOddMoves(next.moves);
}

/**
 * checkBets every 10 s while the slip is open and can be sent. The key leaves the odds out: taking the
 * server's new odds into the slip must not check again at once, so their errors stay until the next check.
 */
export function useCheckBets(
  bets: readonly SlipEntry[],
  coupon: Coupon,
  amount: number,
  enabled: boolean,
  /** A free bet as the stake: checkBets says whether the slip qualifies. */
  bonusId?: number,
) {
  const { locale } = useAppContext();
  const shape = bets.map((b) => [b.oddId, b.banker ? 1 : 0]);
  return useQuery({
    queryKey: ['betslip', 'check', shape, coupon, amount, bonusId ?? null, locale],
    queryFn: async () => {
      const answer = await checkBets(slipForm(bets, coupon, amount, undefined, bonusId), locale);
      applyServerAnswer(answer);
      return answer;
    },
    enabled,
    refetchInterval: CHECK_BETS_MS,
    staleTime: 0,
    gcTime: 0,
  });
}
