import { mulberry32, type SeededStream } from '../../../lib/seeded-random';

/** Draws for the pricing model and the simulator, from the one seeded generator they replay (lib/seeded-random). */
export type Rng = SeededStream;
export const createRng = mulberry32;
export { hashSeed } from '../../../lib/seeded-random';

/** A Poisson-distributed count with mean `lambda` (Knuth; lambda stays small here). */
export function samplePoisson(rng: Rng, lambda: number): number {
  if (lambda <= 0) return 0;
  if (lambda > 30) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * gaussian(rng)));
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = rng.next();
  while (p > limit) {
    k++;
    p *= rng.next();
  }
  return k;
}

export function gaussian(rng: Rng): number {
  const u = Math.max(rng.next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng.next() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** Poisson probability mass P(X = k). */
export function poissonPmf(lambda: number, k: number): number {
  let p = Math.exp(-lambda);
  for (let i = 1; i <= k; i++) p *= lambda / i;
  return p;
}
