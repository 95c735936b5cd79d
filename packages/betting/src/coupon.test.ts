import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bankersStand,
  bankerSplit,
  canAddBanker,
  chooseType,
  COUPON_TYPE as T,
  couponAfterPicks,
  couponCombinations,
  normalizeBankers,
  SINGLE,
  toggleBanker,
  toggleSystem,
  validCombinations,
  type Coupon,
  type CouponPick,
} from './coupon';
import { systemOptions } from './combination-counts';

const picks = (...events: number[]): CouponPick[] => events.map((eventId) => ({ eventId, banker: false }));
const grow = (events: number[]): Coupon => {
  let coupon = SINGLE;
  for (let n = 1; n <= events.length; n++)
    coupon = couponAfterPicks(coupon, n - 1, picks(...events.slice(0, n)));
  return coupon;
};

describe('coupon type transitions (spec §4)', () => {
  it.each([
    ['one pick is a single', [1], T.single],
    ['the first combination switches to multiple', [1, 2], T.multiple],
    ['more picks of other events stay multiple', [1, 2, 3, 4], T.multiple],
    ['two picks of one event cannot be a multiple: single', [1, 1], T.single],
    ['a same-event pick with few combinations falls back to single', [1, 2, 2], T.single],
    ['a same-event pick with more than 2 combinations falls back to system', [1, 2, 3, 3], T.system],
    ['more than 10 picks is never a system', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], T.multiple],
    ['a same-event pair first, then two other picks: system (not single)', [1, 1, 2, 3], T.system],
    ['a single fallback becomes a system when a pick adds combinations', [1, 2, 2, 3], T.system],
    ['a same-event pair with one other pick stays single', [1, 1, 2], T.single],
  ])('%s', (_name, events, type) => {
    expect(grow(events as number[]).type).toBe(type);
  });

  it('goes back to single with one pick left, and keeps a chosen single when picks are added', () => {
    const multiple = grow([1, 2]);
    expect(couponAfterPicks(multiple, 2, picks(1))).toEqual(SINGLE);
    const single = chooseType(multiple, T.single, picks(1, 2));
    expect(couponAfterPicks(single, 2, picks(1, 2, 3)).type).toBe(T.single);
  });

  it('a fallback to system has the 2-leg system chosen, so it places bets at once', () => {
    const coupon = grow([1, 1, 2, 3]);
    expect(coupon).toEqual({ type: T.system, systems: [2] });
    expect(couponCombinations(coupon, picks(1, 1, 2, 3))).toHaveLength(5);
    // A system stays a system when picks are removed (the chosen sizes that no longer exist are dropped).
    expect(couponAfterPicks(coupon, 4, picks(1, 1, 2))).toEqual({ type: T.system, systems: [2] });
  });

  it('falls back from system to multiple above 10 picks, and choosing system there gives multiple', () => {
    const events = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const system = toggleSystem(grow(events), 2, picks(...events));
    expect(system).toEqual({ type: T.system, systems: [2] });
    expect(couponAfterPicks(system, 10, picks(...events, 11))).toEqual({ type: T.multiple, systems: [] });
    expect(chooseType(grow([...events, 11]), T.system, picks(...events, 11)).type).toBe(T.multiple);
  });

  it('clears the system choice when single or multiple is chosen; a system size sets type system', () => {
    const three = picks(1, 2, 3);
    const system = toggleSystem(grow([1, 2, 3]), 2, three);
    expect(system).toEqual({ type: T.system, systems: [2] });
    expect(toggleSystem(system, 1, three)).toEqual({ type: T.system, systems: [1, 2] });
    expect(toggleSystem(system, 2, three)).toEqual({ type: T.system, systems: [] });
    expect(chooseType(system, T.multiple, three)).toEqual({ type: T.multiple, systems: [] });
    expect(chooseType(system, T.single, three)).toEqual(SINGLE);
    expect(chooseType(SINGLE, T.multiple, picks(1, 1))).toEqual(SINGLE);
  });

  it('offers system sizes 1 … n−1 and leaves same-event pairs out of the combinations', () => {
    expect(systemOptions(picks(1, 2, 3))).toEqual([
      { k: 1, combinations: 3 },
      { k: 2, combinations: 3 },
    ]);
    expect(validCombinations(picks(1, 2, 2), 2)).toEqual([
      [0, 1],
      [0, 2],
    ]);
  });
});

describe('bankers (spec §4)', () => {
  const five = picks(1, 2, 3, 4, 5);
  const system: Coupon = { type: T.system, systems: [2] };

  it('marks a banker only in a system while more than 3 non-bankers remain, and resets the systems', () => {
    const once = toggleBanker(system, five, 0);
    expect(once.picks[0]!.banker).toBe(true);
    expect(once.coupon.systems).toEqual([]);
    // 4 non-bankers left: a second banker would leave 3.
    expect(toggleBanker(once.coupon, once.picks, 1).picks[1]!.banker).toBe(false);
    expect(toggleBanker({ type: T.multiple, systems: [] }, five, 0).picks[0]!.banker).toBe(false);
    expect(toggleBanker(system, picks(1, 1, 2, 3, 4, 5), 0).picks[0]!.banker).toBe(false);
    // Unsetting is always allowed.
    expect(toggleBanker(once.coupon, once.picks, 0).picks[0]!.banker).toBe(false);
  });

  it('unsets bankers that can no longer stand', () => {
    const banked = toggleBanker(system, five, 0).picks;
    expect(normalizeBankers({ type: T.multiple, systems: [] }, banked).some((p) => p.banker)).toBe(false);
    expect(normalizeBankers(system, banked.slice(0, 4)).some((p) => p.banker)).toBe(false);
    expect(normalizeBankers(system, banked)[0]!.banker).toBe(true);
  });

  it('puts every banker in every combination', () => {
    const banked = toggleBanker(system, five, 0).picks;
    const combos = couponCombinations({ type: T.system, systems: [2] }, banked);
    expect(combos).toHaveLength(6);
    for (const c of combos) expect(c[0]).toBe(0);
  });
});

describe('coupon invariants', () => {
  it('never leaves a multiple with same-event picks, nor a system above 10 picks', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 14 }), (events) => {
        const coupon = grow(events);
        const sameEvent = new Set(events).size !== events.length;
        if (sameEvent) expect(coupon.type).not.toBe(T.multiple);
        if (events.length > 10) expect(coupon.type).not.toBe(T.system);
        if (events.length === 1) expect(coupon).toEqual(SINGLE);
        if (coupon.type !== T.system) expect(coupon.systems).toEqual([]);
      }),
    );
  });
});

describe('the banker rule (one home: bankersStand)', () => {
  const system: Coupon = { type: T.system, systems: [] };
  const banked = (events: number[], bankers: number) =>
    picks(...events).map((p, i) => ({ ...p, banker: i < bankers }));

  it('lets bankers stand only on a system of different events with more than 3 free picks', () => {
    expect(bankersStand(system, banked([1, 2, 3, 4, 5], 1))).toBe(true);
    expect(bankersStand(system, banked([1, 2, 3, 4], 1))).toBe(false);
    expect(bankersStand(system, banked([1, 1, 3, 4, 5, 6], 1))).toBe(false);
    expect(bankersStand({ type: T.multiple, systems: [] }, banked([1, 2, 3, 4, 5], 1))).toBe(false);
    expect(bankersStand(SINGLE, picks(1, 2))).toBe(true);
    expect(bankerSplit(banked([1, 2, 3, 4, 5, 6], 2))).toEqual({ bankers: 2, free: 4 });
  });

  it('offers, sets and keeps a banker exactly when the rule lets it stand', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 4 }), (n, b) => {
        const list = banked(
          Array.from({ length: n }, (_, i) => i + 1),
          Math.min(b, n),
        );
        const first = list.findIndex((p) => !p.banker);
        if (first < 0) return;
        const after = list.map((p, i) => (i === first ? { ...p, banker: true } : p));
        expect(canAddBanker(system, list)).toBe(bankersStand(system, after));
        expect(toggleBanker(system, list, first).picks[first]!.banker).toBe(bankersStand(system, after));
        expect(normalizeBankers(system, list).some((p) => p.banker)).toBe(
          bankersStand(system, list) && list.some((p) => p.banker),
        );
      }),
    );
  });
});
