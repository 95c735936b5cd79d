import { useMemo } from 'react';
import { MAX_SLIP_AMOUNT_CENTS } from '@sb/betting';
import { useIsLoggedIn, useSessionUser } from '@/lib/session';
import { useSlipStore } from '@/lib/slip-store';
import { useCheckBets } from './api/check-bets';
import { useSlipEvents } from './api/get-slip-events';
import { useSlipFeed } from './use-slip-feed';
import { hasErrors, NO_ERRORS, shownErrors, slipErrorsOf, type SlipErrors } from './bet-errors';
import { useCouponStore } from './coupon-store';
import { betCountOf, couponReady } from './slip-model';
import { stakeAt } from './stake';
import { useDelayed } from './use-delayed';
import { usePlaceFlow } from './use-place-flow';
import { boostErrors } from './odds-boost/slip-boost';
import { cashRewardErrors } from './cash-reward/slip-cash-reward';
import { useSlipRewards } from './use-slip-rewards';

/** Spec §8: checkBets errors show after 1 s. */
export const CHECK_ERRORS_DELAY_MS = 1_000;
/** Visitors have no currency: amounts show without a symbol. */
const NO_CURRENCY = { symbol: '', position: 'before' } as const;

const isBlank = (errors: SlipErrors) => !hasErrors(errors);
const TOO_LARGE: SlipErrors = {
  perBet: {},
  general: [{ code: 'stake_above_max', value: MAX_SLIP_AMOUNT_CENTS }],
};

/** The bet slip's state: its rows and coupon, the reward and stake, the server's checks and the errors shown. */
export function useSlip() {
  const user = useSessionUser();
  // Logged in, the session not loaded yet (every page load asks for it): placing waits for it, else a click in
  // that moment would ask a logged-in player to log in.
  const sessionLoading = useIsLoggedIn() && user === null;
  const bets = useSlipStore((s) => s.bets);
  const { coupon, stake: stakeState, quickBet } = useCouponStore();
  const flow = usePlaceFlow();
  const betCount = betCountOf(coupon, bets);
  const rewards = useSlipRewards(coupon, bets, betCount);
  const { free, bonusId } = rewards;
  const stake = free ? { perBet: free.amount, total: free.amount } : stakeAt(stakeState, betCount);
  const ready = couponReady(coupon, bets);
  // A total beyond what any request may name is refused here: the server would answer 400, not a limit.
  const tooLarge = stake.total > MAX_SLIP_AMOUNT_CENTS;
  const check = useCheckBets(
    bets,
    coupon,
    stake.total,
    ready && stake.total > 0 && !tooLarge && rewards.rewardsKnown,
    bonusId,
  );
  const events = useSlipEvents(bets.map((b) => b.eventId));
  const held = useSlipFeed(bets);
  const checkErrors = useMemo(() => (check.data ? slipErrorsOf(check.data) : NO_ERRORS), [check.data]);
  const delayed = useDelayed<SlipErrors>(checkErrors, CHECK_ERRORS_DELAY_MS, isBlank, NO_ERRORS);
  const shape = JSON.stringify([bets.map((b) => [b.oddId, b.banker]), coupon, stake.total, bonusId]);
  const errors = cashRewardErrors(
    boostErrors(shownErrors(flow.errorsFor(shape), delayed, tooLarge ? TOO_LARGE : NO_ERRORS), rewards.boost),
    rewards.cashReward,
  );
  const currency = user?.currency ?? NO_CURRENCY;
  return {
    user,
    sessionLoading,
    bets,
    coupon,
    stakeState,
    quickBet,
    flow,
    betCount,
    rewards,
    stake,
    ready,
    tooLarge,
    check,
    events,
    held,
    shape,
    errors,
    currency,
  };
}

/** The slip page's state as `useSlip` returns it (not the slip store's `SlipState`). */
export type SlipPageState = ReturnType<typeof useSlip>;
