/** What the combination rules need of a pick (the coupon's `CouponPick`). */
interface Pick {
  eventId: number;
  banker: boolean;
}

/**
 * The slip's sums without listing combinations (issue 33 item 2: 25 picks have 33 million subsets). A system
 * combination is every banker plus k free picks of k different events, none sharing a banker's event. So the
 * free picks fall into groups, one per event, and choosing a combination is choosing k groups and one pick of
 * each: sums over combinations are elementary symmetric sums over the groups, computed by dynamic programming in
 * O(groups × k), exactly (BigInt, odds in thousandths).
 */

/** Bankers (pick indexes), and the free picks that can join them grouped by event. */
export interface Shape {
  bankers: number[];
  groups: number[][];
}

/** The combinations' structure of a slip; null when two bankers share an event (no combination exists). */
export function shapeOf(picks: readonly Pick[]): Shape | null {
  const bankers = picks.flatMap((p, i) => (p.banker ? [i] : []));
  const bankerEvents = new Set(bankers.map((i) => picks[i]!.eventId));
  if (bankerEvents.size !== bankers.length) return null; // two bankers of one event: no combination at all
  const groups = new Map<number, number[]>();
  picks.forEach((p, i) => {
    if (p.banker || bankerEvents.has(p.eventId)) return;
    groups.set(p.eventId, [...(groups.get(p.eventId) ?? []), i]);
  });
  return { bankers, groups: [...groups.values()] };
}

/**
 * e_0 … e_upTo of the weights (e_j: the sum over every j-subset of the product of its weights), by the
 * recurrence e_j ← e_j + w · e_(j−1) over the weights: O(n × upTo), never a subset.
 */
export function elementarySymmetric(weights: readonly bigint[], upTo = weights.length): bigint[] {
  const e = Array.from({ length: upTo + 1 }, (_, j) => (j === 0 ? 1n : 0n));
  for (const w of weights) for (let j = Math.min(upTo, weights.length); j >= 1; j--) e[j]! += w * e[j - 1]!;
  return e;
}

/** How many combinations each system size k (0 … free picks) has: e_k of the groups' sizes. */
export function countsBySize(picks: readonly Pick[]): bigint[] {
  const shape = shapeOf(picks);
  const free = picks.filter((p) => !p.banker).length;
  if (!shape) return Array.from({ length: free + 1 }, () => 0n);
  const e = elementarySymmetric(shape.groups.map((g) => BigInt(g.length)));
  return Array.from({ length: free + 1 }, (_, k) => e[k] ?? 0n);
}

/** How many valid combinations system size k has (k non-bankers, every banker, no two of one event). */
export const combinationCount = (picks: readonly Pick[], k: number): number =>
  k < 0 ? 0 : Number(countsBySize(picks)[k] ?? 0n);

/** System sizes a slip offers: 1 … free − 1 non-banker legs per combination, with at least one combination. */
export function systemOptions(picks: readonly Pick[]): { k: number; combinations: number }[] {
  const counts = countsBySize(picks);
  const options: { k: number; combinations: number }[] = [];
  for (let k = 1; k < counts.length - 1; k++)
    if (counts[k]! > 0n) options.push({ k, combinations: Number(counts[k]) });
  return options;
}
