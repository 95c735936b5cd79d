import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { combinationCount, elementarySymmetric, systemOptions } from './combination-counts';
import { subsets } from './combinations';
import { COUPON_TYPE, couponCombinations, validCombinations, type Coupon } from './coupon';
import { couponBetCount, couponEarnings, firstCombinations } from './coupon-sums';
import { possibleEarnings } from './stakes';

/** Small coupons: up to 9 picks over up to 5 events (so same-event groups are common), some bankers. */
const pickArb = fc.record({
  eventId: fc.integer({ min: 1, max: 5 }),
  banker: fc.boolean(),
  // Decimal odds with up to 3 decimals, 1.001 … 25.000, built from thousandths so no float creeps in.
  odd: fc.integer({ min: 1001, max: 25_000 }).map((t) => t / 1000),
});
const couponArb = fc.array(pickArb, { minLength: 1, maxLength: 9 }).chain((picks) =>
  fc.record({
    picks: fc.constant(picks),
    coupon: fc.oneof(
      fc.constant<Coupon>({ type: COUPON_TYPE.single, systems: [] }),
      fc.constant<Coupon>({ type: COUPON_TYPE.multiple, systems: [] }),
      fc
        .uniqueArray(fc.integer({ min: 1, max: picks.length }), { maxLength: 4 })
        .map((ks): Coupon => ({ type: COUPON_TYPE.system, systems: [...ks].sort((a, b) => a - b) })),
    ),
    stake: fc.integer({ min: 0, max: 10_000_000 }),
  }),
);

/** A multiple exists only over picks of different events without bankers (as the slip allows it). */
/**
 * Bankers only in a system; and earnings a slip can hold (minor units below 2^53: a random seed once drew eight
 * picks at up to 25 with a stake whose every-leg product passed it, which no money type here can hold).
 */
const sensible = ({
  picks,
  coupon,
  stake,
}: {
  picks: { eventId: number; banker: boolean; odd: number }[];
  coupon: Coupon;
  stake: number;
}) =>
  (coupon.type === COUPON_TYPE.system || picks.every((p) => !p.banker)) &&
  picks.reduce((product, p) => product * p.odd, stake) < Number.MAX_SAFE_INTEGER / 2;

describe('coupon sums in closed form (issue 33 item 2)', () => {
  it('elementary symmetric sums equal the sum over every subset of its product', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 1000n }), { maxLength: 8 }), (weights) => {
        const e = elementarySymmetric(weights);
        for (let k = 0; k <= weights.length; k++) {
          let brute = 0n;
          for (const s of subsets(weights, k)) brute += s.reduce((a, b) => a * b, 1n);
          expect(e[k]).toBe(brute);
        }
      }),
    );
  });

  it('counts combinations and system options as listing them does', () => {
    fc.assert(
      fc.property(couponArb, ({ picks }) => {
        const free = picks.filter((p) => !p.banker).length;
        const brute = [];
        for (let k = 1; k < free; k++) {
          const combinations = validCombinations(picks, k).length;
          if (combinations > 0) brute.push({ k, combinations });
        }
        expect(systemOptions(picks)).toEqual(brute);
        for (let k = 0; k <= picks.length + 1; k++)
          expect(combinationCount(picks, k)).toBe(validCombinations(picks, k).length);
      }),
    );
  });

  it('bet count, min and max earnings match the combinations listed, to the minor unit', () => {
    fc.assert(
      fc.property(couponArb.filter(sensible), ({ picks, coupon, stake }) => {
        const combinations = couponCombinations(coupon, picks);
        expect(couponBetCount(coupon, picks)).toBe(combinations.length);
        const brute = possibleEarnings(
          picks.map((p) => p.odd),
          combinations,
          stake,
        );
        expect(couponEarnings(coupon, picks, stake)).toEqual(brute);
      }),
      { numRuns: 500 },
    );
  });

  it('lists the first combinations in the order of the full list, making no more than asked', () => {
    fc.assert(
      fc.property(couponArb.filter(sensible), fc.integer({ min: 0, max: 30 }), ({ picks, coupon }, limit) => {
        expect(firstCombinations(coupon, picks, limit)).toEqual(
          couponCombinations(coupon, picks).slice(0, limit),
        );
      }),
    );
  });

  it('answers for 25 picks at once: 2^25 subsets are never listed', () => {
    const picks = Array.from({ length: 25 }, (_, i) => ({ eventId: i, banker: false, odd: 1.5 }));
    const options = systemOptions(picks);
    expect(options).toHaveLength(24);
    expect(options[11]).toEqual({ k: 12, combinations: 5_200_300 });
    const system: Coupon = { type: COUPON_TYPE.system, systems: [12, 13] };
    expect(couponBetCount(system, picks)).toBe(5_200_300 * 2);
    expect(firstCombinations(system, picks, 25)).toHaveLength(25);
    // 25 picks at 1.50 in a multiple: 1.5^25 = 25,251.168… per 1.00, rounded down once.
    const multiple: Coupon = { type: COUPON_TYPE.multiple, systems: [] };
    expect(couponEarnings(multiple, picks, 100)).toEqual({ min: 2_525_116, max: 2_525_116 });
  });
});
