import { combinationCount, systemOptions } from './combination-counts';
import { subsets } from './combinations';

/** Coupon types of spec §4. */
export const COUPON_TYPE = { single: 1, multiple: 2, system: 3 } as const;
export type CouponType = (typeof COUPON_TYPE)[keyof typeof COUPON_TYPE];

/** Spec §9 limits. */
export const SLIP_LIMITS = {
  selections: 25,
  systemSelections: 10,
  /** A banker needs more than this many non-banker picks left. */
  bankerMinFree: 3,
  /** The system popup lists at most this many combinations. */
  combinationDisplay: 25,
} as const;

/** What the coupon rules need of a pick. */
export interface CouponPick {
  eventId: number;
  banker: boolean;
}

export interface Coupon {
  type: CouponType;
  /** Chosen system sizes k (non-banker legs per combination), ascending; empty unless type is system. */
  systems: number[];
}

export const SINGLE: Coupon = { type: COUPON_TYPE.single, systems: [] };

/** Whether two picks share an event (then they cannot be in one combination). */
export function hasSameEvent(picks: readonly CouponPick[]): boolean {
  return new Set(picks.map((p) => p.eventId)).size !== picks.length;
}

/** Whether legs (indexes into picks) can form one combination: no two from the same event. */
export const isValidCombination = (picks: readonly CouponPick[], legs: readonly number[]): boolean =>
  new Set(legs.map((i) => picks[i]!.eventId)).size === legs.length;

/** The valid combinations of a system size k: k non-bankers plus every banker, none sharing an event. */
export function validCombinations(picks: readonly CouponPick[], k: number): number[][] {
  const bankers = picks.flatMap((p, i) => (p.banker ? [i] : []));
  const free = picks.flatMap((p, i) => (p.banker ? [] : [i]));
  const out: number[][] = [];
  for (const subset of subsets(free, k)) {
    const legs = [...bankers, ...subset].sort((a, b) => a - b);
    if (isValidCombination(picks, legs)) out.push(legs);
  }
  return out;
}

/**
 * The coupon after the picks changed (spec §4): one pick is a single; the first combination of picks from
 * different events switches to multiple; with two picks of one event a multiple is impossible and the slip falls
 * back to system when more than 2 combinations (of two legs from different events) exist, else to single. The
 * fallback is re-evaluated on every change of the picks while picks of one event are on the slip, so a single
 * reached by a same-event pair becomes a system once enough other picks join it (not only a multiple falls back).
 * A fallback to system starts with the 2-leg system chosen, so the slip has bets to place at once. A system falls
 * back to multiple (single with same-event picks) above 10 picks. Chosen systems that no longer exist are dropped.
 */
export function couponAfterPicks(prev: Coupon, prevCount: number, picks: readonly CouponPick[]): Coupon {
  if (picks.length <= 1) return SINGLE;
  const sameEvent = hasSameEvent(picks);
  let type: CouponType = prev.type;
  if (prevCount <= 1 && !sameEvent) type = COUPON_TYPE.multiple;
  if (sameEvent && type !== COUPON_TYPE.system)
    type = combinationCount(picks, 2) > 2 ? COUPON_TYPE.system : COUPON_TYPE.single;
  if (type === COUPON_TYPE.system && picks.length > SLIP_LIMITS.systemSelections)
    type = sameEvent ? COUPON_TYPE.single : COUPON_TYPE.multiple;
  if (type !== COUPON_TYPE.system) return { type, systems: [] };
  const offered = new Set(systemOptions(picks).map((o) => o.k));
  if (prev.type !== COUPON_TYPE.system) return { type, systems: offered.has(2) ? [2] : [] };
  return { type, systems: prev.systems.filter((k) => offered.has(k)) };
}

/**
 * The player chooses a type: single or multiple clear the system choice; multiple is refused with picks of one
 * event; system with more than 10 picks gives multiple (spec §4).
 */
export function chooseType(prev: Coupon, type: CouponType, picks: readonly CouponPick[]): Coupon {
  if (type === COUPON_TYPE.single) return SINGLE;
  if (type === COUPON_TYPE.multiple)
    return hasSameEvent(picks) || picks.length < 2 ? prev : { type, systems: [] };
  if (picks.length > SLIP_LIMITS.systemSelections)
    return hasSameEvent(picks) ? prev : { type: COUPON_TYPE.multiple, systems: [] };
  return { type, systems: prev.type === COUPON_TYPE.system ? prev.systems : [] };
}

/** The player ticks or unticks a system size: that sets type system (spec §4). */
export function toggleSystem(prev: Coupon, k: number, picks: readonly CouponPick[]): Coupon {
  if (!systemOptions(picks).some((o) => o.k === k)) return prev;
  if (picks.length > SLIP_LIMITS.systemSelections) return chooseType(prev, COUPON_TYPE.system, picks);
  const current = prev.type === COUPON_TYPE.system ? prev.systems : [];
  const systems = current.includes(k)
    ? current.filter((x) => x !== k)
    : [...current, k].sort((a, b) => a - b);
  return { type: COUPON_TYPE.system, systems };
}

/** Whether bankers may be marked at all: system type, and no two picks of one event (spec §4). */
export const bankersAllowed = (coupon: Coupon, picks: readonly CouponPick[]): boolean =>
  coupon.type === COUPON_TYPE.system && !hasSameEvent(picks);

/** How many picks are bankers and how many are free (the legs a system's sizes count). */
export function bankerSplit(picks: readonly CouponPick[]): { bankers: number; free: number } {
  const bankers = picks.filter((p) => p.banker).length;
  return { bankers, free: picks.length - bankers };
}

/**
 * The banker rule (spec §4), the one place it is written: bankers stand only on a system of picks from different
 * events with more than 3 (`SLIP_LIMITS.bankerMinFree`) non-banker picks beside them. No bankers always stand.
 */
export function bankersStand(coupon: Coupon, picks: readonly CouponPick[]): boolean {
  const { bankers, free } = bankerSplit(picks);
  return bankers === 0 || (bankersAllowed(coupon, picks) && free > SLIP_LIMITS.bankerMinFree);
}

/** Whether one more pick may become a banker (the slip offers the banker switch on free picks when it may). */
export function canAddBanker(coupon: Coupon, picks: readonly CouponPick[]): boolean {
  const first = picks.findIndex((p) => !p.banker);
  return (
    first >= 0 &&
    bankersStand(
      coupon,
      picks.map((p, i) => (i === first ? { ...p, banker: true } : p)),
    )
  );
}

/**
 * Toggles the banker flag of pick `index`: set only while more than 3 non-banker picks remain after it, always
 * unset-able. Changing bankers resets the chosen systems. Returns the new picks and coupon.
 */
export function toggleBanker<P extends CouponPick>(
  coupon: Coupon,
  picks: readonly P[],
  index: number,
): { picks: P[]; coupon: Coupon } {
  const pick = picks[index];
  if (!pick) return { picks: [...picks], coupon };
  const next = picks.map((p, i) => (i === index ? { ...p, banker: !p.banker } : p));
  if (!pick.banker && !bankersStand(coupon, next)) return { picks: [...picks], coupon };
  return { picks: next, coupon: { ...coupon, systems: [] } };
}

/** Bankers that may no longer stand (type changed, same-event picks, too few non-bankers) are unset. */
export function normalizeBankers<P extends CouponPick>(coupon: Coupon, picks: readonly P[]): P[] {
  return bankersStand(coupon, picks)
    ? [...picks]
    : picks.map((p) => (p.banker ? { ...p, banker: false } : p));
}

/**
 * The combinations a coupon places (each leg list is indexes into picks): every pick alone for a single, all
 * picks for a multiple, the valid combinations of every chosen system size.
 */
export function couponCombinations(coupon: Coupon, picks: readonly CouponPick[]): number[][] {
  if (picks.length === 0) return [];
  if (coupon.type === COUPON_TYPE.single) return picks.map((_, i) => [i]);
  if (coupon.type === COUPON_TYPE.multiple) return [picks.map((_, i) => i)];
  return coupon.systems.flatMap((k) => validCombinations(picks, k));
}
