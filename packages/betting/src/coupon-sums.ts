import { combinationCount, countsBySize, elementarySymmetric, shapeOf } from './combination-counts';
import { COUPON_TYPE, type Coupon, type CouponPick } from './coupon';
import { cents, type Cents } from './money';
import { ODDS_SCALE, oddsOf } from './odds';

const SCALE = BigInt(ODDS_SCALE);

/** How many bets a coupon places: one per pick (single), one (multiple), the chosen systems' combinations. */
export function couponBetCount(coupon: Coupon, picks: readonly CouponPick[]): number {
  if (picks.length === 0) return 0;
  if (coupon.type === COUPON_TYPE.single) return picks.length;
  if (coupon.type === COUPON_TYPE.multiple) return 1;
  const counts = countsBySize(picks);
  return coupon.systems.reduce((sum, k) => sum + Number(counts[k] ?? 0n), 0);
}

/** Stake × product over scale^legs, rounded down to the minor unit (the payout rule's rounding). */
const down = (numerator: bigint, legs: number): Cents => cents(Number(numerator / SCALE ** BigInt(legs)));

/**
 * Possible earnings of a coupon (spec §2 stake box), the same figures as `possibleEarnings` over its combinations
 * but in closed form: the most it returns (every leg wins: stake × Σ over combinations of Π odds, rounded down
 * once) and the least a winning coupon returns (its cheapest combination: every banker with the k cheapest events'
 * cheapest picks, k the smallest chosen size). `odds` are the picks' decimal odds as placed.
 */
export function couponEarnings(
  coupon: Coupon,
  picks: readonly (CouponPick & { odd: number })[],
  stakePerBetCents: number,
): { min: Cents; max: Cents } {
  const none = { min: cents(0), max: cents(0) };
  if (picks.length === 0 || stakePerBetCents <= 0 || couponBetCount(coupon, picks) === 0) return none;
  const stake = BigInt(stakePerBetCents);
  const odds = picks.map((p) => BigInt(oddsOf(p.odd)));
  if (coupon.type === COUPON_TYPE.single) {
    const cheapest = odds.reduce((a, b) => (b < a ? b : a));
    return { min: down(stake * cheapest, 1), max: down(stake * odds.reduce((a, b) => a + b, 0n), 1) };
  }
  if (coupon.type === COUPON_TYPE.multiple) {
    const all = down(
      odds.reduce((a, b) => a * b, stake),
      odds.length,
    );
    return { min: all, max: all };
  }
  const shape = shapeOf(picks)!;
  const banked = shape.bankers.reduce((acc, i) => acc * odds[i]!, stake);
  const sums = elementarySymmetric(shape.groups.map((g) => g.reduce((acc, i) => acc + odds[i]!, 0n)));
  const cheapest = shape.groups.map((g) => g.reduce((a, i) => (odds[i]! < a ? odds[i]! : a), odds[g[0]!]!));
  cheapest.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const sizes = coupon.systems.filter((k) => k <= shape.groups.length && (sums[k] ?? 0n) > 0n);
  const longest = Math.max(...sizes);
  const total = sizes.reduce((acc, k) => acc + sums[k]! * SCALE ** BigInt(longest - k), 0n);
  const smallest = Math.min(...sizes);
  const least = cheapest.slice(0, smallest).reduce((acc, o) => acc * o, banked);
  const legs = shape.bankers.length;
  return { min: down(least, legs + smallest), max: down(banked * total, legs + longest) };
}

/**
 * The first `limit` combinations of a coupon in the order `couponCombinations` lists them, made one by one (the
 * system popup shows 25): a depth-first walk over the free picks that never enters a pick whose event is taken.
 */
export function firstCombinations(coupon: Coupon, picks: readonly CouponPick[], limit: number): number[][] {
  if (coupon.type === COUPON_TYPE.single) return picks.slice(0, limit).map((_, i) => [i]);
  if (coupon.type === COUPON_TYPE.multiple) return picks.length && limit > 0 ? [picks.map((_, i) => i)] : [];
  const shape = shapeOf(picks);
  if (!shape) return [];
  const free = shape.groups.flat().sort((a, b) => a - b);
  const out: number[][] = [];
  const walk = (k: number, from: number, chosen: number[], events: Set<number>): void => {
    if (chosen.length === k) {
      out.push([...shape.bankers, ...chosen].sort((a, b) => a - b));
      return;
    }
    // Fewer picks left than legs still wanted: no combination down this branch.
    for (let i = from; i <= free.length - (k - chosen.length) && out.length < limit; i++) {
      const event = picks[free[i]!]!.eventId;
      if (events.has(event)) continue;
      events.add(event);
      walk(k, i + 1, [...chosen, free[i]!], events);
      events.delete(event);
    }
  };
  for (const k of coupon.systems) {
    if (out.length >= limit) break;
    if (combinationCount(picks, k) > 0) walk(k, 0, [], new Set());
  }
  return out;
}
