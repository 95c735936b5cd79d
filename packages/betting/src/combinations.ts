/** n choose k, exactly (0 when k is out of range). */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= Math.min(k, n - k); i++) result = (result * (n - i + 1)) / i;
  return Math.round(result);
}

/** Every k-subset of `items`, in lexicographic order of positions. */
export function* subsets<T>(items: readonly T[], k: number): Generator<T[]> {
  if (k < 0 || k > items.length) return;
  const idx = Array.from({ length: k }, (_, i) => i);
  for (;;) {
    yield idx.map((i) => items[i]!);
    let i = k - 1;
    while (i >= 0 && idx[i] === items.length - k + i) i--;
    if (i < 0) return;
    idx[i]!++;
    for (let j = i + 1; j < k; j++) idx[j] = idx[j - 1]! + 1;
  }
}

/**
 * The combinations of a system bet: every `k`-subset of the non-banker legs, each with all the bankers.
 * Legs are indexes; `k` counts non-bankers only.
 */
export function* systemCombinations(
  legCount: number,
  k: number,
  bankers: readonly number[],
): Generator<number[]> {
  const banked = new Set(bankers);
  const free = Array.from({ length: legCount }, (_, i) => i).filter((i) => !banked.has(i));
  for (const subset of subsets(free, k)) yield [...bankers, ...subset].sort((a, b) => a - b);
}

/** How many combinations a system of `k` among `free` non-banker legs has. */
export const systemSize = (free: number, k: number): number => choose(free, k);
