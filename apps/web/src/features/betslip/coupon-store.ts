import { createPersistedStore } from '@/lib/persisted-store';
import {
  chooseType,
  couponAfterPicks,
  normalizeBankers,
  SINGLE,
  toggleBanker,
  toggleSystem,
  type Coupon,
  type CouponType,
} from '@sb/betting';
import { updateSlip, useSlipStore, type SlipEntry } from '@/lib/slip-store';
import { picksOf } from './slip-model';
import { DEFAULT_STAKE, type StakeState } from './stake';

/**
 * The slip's own choices beside its selections: coupon type and systems (the rules of packages/betting),
 * the stake and the quick-bet toggle. The selections live in the shared slip store (`bets`); this store
 * follows them: every change of the selections runs the coupon transitions of spec §4.
 */
export interface CouponState {
  coupon: Coupon;
  /** How many selections the coupon was last derived for (the §4 rules look at the previous count). */
  count: number;
  stake: StakeState;
  /** Spec §4: quick bet on = confirmation type 2, off = 1. */
  quickBet: boolean;
}

export const COUPON_STORAGE_KEY = 'betslip.coupon';

export const useCouponStore = createPersistedStore(
  (): CouponState => ({ coupon: SINGLE, count: 0, stake: DEFAULT_STAKE, quickBet: false }),
  { name: COUPON_STORAGE_KEY, version: 1 },
);

const sameCoupon = (a: Coupon, b: Coupon) =>
  a.type === b.type && a.systems.length === b.systems.length && a.systems.every((k, i) => k === b.systems[i]);

/** Writes bankers that may no longer stand back to the slip (type changed, same event, too few picks). */
function normalizeSlipBankers(coupon: Coupon, bets: readonly SlipEntry[]): void {
  const normal = normalizeBankers(coupon, bets);
  if (normal.some((b, i) => b.banker !== bets[i]!.banker)) updateSlip(() => ({ bets: normal }));
}

/** Runs the §4 transitions for the current selections (after any change to them, on any screen). */
export function syncCoupon(bets: readonly SlipEntry[] = useSlipStore.getState().bets): void {
  const state = useCouponStore.getState();
  const coupon = couponAfterPicks(state.coupon, state.count, picksOf(bets));
  if (!sameCoupon(coupon, state.coupon) || state.count !== bets.length)
    useCouponStore.setState({ coupon, count: bets.length });
  normalizeSlipBankers(coupon, bets);
}

/** The player picks single, multiple or system (spec §4 chooseType). */
export function chooseCouponType(type: CouponType): void {
  const bets = useSlipStore.getState().bets;
  const coupon = chooseType(useCouponStore.getState().coupon, type, picksOf(bets));
  useCouponStore.setState({ coupon });
  normalizeSlipBankers(coupon, bets);
}

/** The player ticks or unticks a system size (sets type system). */
export function toggleCouponSystem(k: number): void {
  const bets = useSlipStore.getState().bets;
  const coupon = toggleSystem(useCouponStore.getState().coupon, k, picksOf(bets));
  useCouponStore.setState({ coupon });
  normalizeSlipBankers(coupon, bets);
}

/** Banker on or off for one selection; changing bankers resets the chosen systems. */
export function toggleSlipBanker(oddId: number): void {
  const bets = useSlipStore.getState().bets;
  const index = bets.findIndex((b) => b.oddId === oddId);
  const next = toggleBanker(useCouponStore.getState().coupon, bets, index);
  if (next.picks.every((b, i) => b.banker === bets[i]!.banker)) return;
  updateSlip(() => ({ bets: next.picks }));
  useCouponStore.setState({ coupon: next.coupon, count: next.picks.length });
}

export function setStake(stake: StakeState): void {
  useCouponStore.setState({ stake });
}

export function setQuickBet(quickBet: boolean): void {
  useCouponStore.setState({ quickBet });
}

// The selections change on other screens too (odd buttons): follow them from the moment this feature loads.
useSlipStore.subscribe((state, previous) => {
  if (state.bets !== previous.bets) syncCoupon(state.bets);
});
syncCoupon();

/** A reused bet's coupon (its type and systems) for the selections just put on the slip. */
export function restoreCoupon(coupon: Coupon, count: number): void {
  useCouponStore.setState({ coupon, count });
}
