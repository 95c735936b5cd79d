import { mulberry32 } from '../../src/lib/seeded-random';

/**
 * The tests' seeded random numbers in [0, 1) (the fuzzer, random slips, the chaos run's fault order): the app's own
 * mulberry32, so a seed replays a failure. Reproducibility, not security.
 */
export function seededRandom(seed: number): () => number {
  const stream = mulberry32(seed);
  return () => stream.next();
}
