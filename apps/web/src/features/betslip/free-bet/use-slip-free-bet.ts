import type { Bonus } from '@sb/contract';
import { COUPON_TYPE } from '@sb/betting';
import { usableFreeBets, useBonuses } from '@/lib/bonuses';
import { useFreeBetStore } from './free-bet-store';

/**
 * The slip's free bet: the one chosen as its stake, or the one to offer (the soonest to expire). A free bet is the
 * whole stake of one bet: only a single or a multiple (one bet) is offered one; the server decides the rest
 * (minimum odds, live, sport) and checkBets says why not.
 */
export function useSlipFreeBet(
  couponType: number,
  betCount: number,
): { chosen: Bonus | null; offer: Bonus | null } {
  const bonuses = useBonuses();
  const chosenId = useFreeBetStore((s) => s.chosenId);
  const oneBet = couponType !== COUPON_TYPE.system && betCount === 1;
  if (!oneBet) return { chosen: null, offer: null };
  const usable = usableFreeBets(bonuses.data, Date.now());
  const chosen = usable.find((b) => b.id === chosenId) ?? null;
  return { chosen, offer: chosen ? null : (usable[0] ?? null) };
}
