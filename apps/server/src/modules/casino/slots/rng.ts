import { randomInt } from 'node:crypto';

/** A source of uniform integers in [0, maxExclusive). Games take one, so tests can replay with a seeded one. */
export interface Rng {
  int(maxExclusive: number): number;
}

/**
 * The production RNG: Node's CSPRNG (`crypto.randomInt`, rejection-sampled, so unbiased). Outcomes are drawn on
 * the server only; the browser never sees a seed.
 */
export const cryptoRng: Rng = { int: (maxExclusive) => randomInt(maxExclusive) };
