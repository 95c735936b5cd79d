import type { Coupon } from '@sb/betting';
import type { SlipEntry } from '@/lib/slip-store';
import { useBonuses } from '@/lib/bonuses';
import { useSlipFreeBet } from './free-bet/use-slip-free-bet';
import { slipBoostOf } from './odds-boost/slip-boost';
import { slipCashReward, useCashRewardStore } from './cash-reward/slip-cash-reward';

/** The slip's one reward: an odds boost taken, else a chosen free bet, else an acca insurance or a profit boost. */
export function useSlipRewards(coupon: Coupon, bets: readonly SlipEntry[], betCount: number) {
  const freeBet = useSlipFreeBet(coupon.type, betCount);
  // An odds boost taken (a single of its selection picked at the boosted price) is the slip's one reward.
  const bonuses = useBonuses();
  const boost = slipBoostOf(bonuses.data, coupon, bets, Date.now());
  // A boosted pick is checked once the client's rewards are known: a check without the boost would answer the
  // normal price and the slip's odd would flicker down and back up.
  const rewardsKnown = !bonuses.isLoading || !bets.some((b) => b.boost);
  // A free bet is the whole stake of the one bet (issue 36).
  const free = boost ? null : freeBet.chosen;
  // An acca insurance or a profit boost goes beside a cash stake: one reward per bet.
  const cashChosenId = useCashRewardStore((x) => x.chosenId);
  const cash = slipCashReward(
    bonuses.data,
    { couponType: coupon.type, legs: bets.length, betCount },
    cashChosenId,
    Date.now(),
  );
  const cashReward = boost || free ? null : cash.chosen;
  const bonusId = boost?.reward.id ?? free?.id ?? cashReward?.id;
  return { freeBet, boost, rewardsKnown, free, cash, cashReward, bonusId };
}
