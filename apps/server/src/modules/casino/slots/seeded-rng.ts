import type { Rng } from './rng';

/**
 * sfc32, a small fast PRNG with a 128-bit state that passes PractRand/BigCrush: deterministic, for the RTP
 * simulation, the catalogue's reel-strip shuffles and tests. Never used for real outcomes (see `cryptoRng`).
 */
export function seededRng(seed: number): Rng & { next(): number } {
  let a = 0x9e3779b9 ^ seed;
  let b = 0x243f6a88 ^ Math.imul(seed, 0x85ebca6b);
  let c = 0xb7e15162;
  let d = 1;
  const next = () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) next();
  // Multiply-and-floor: the bias for a range r is below r / 2^32, far under what a million spins can see.
  return { next, int: (maxExclusive) => Math.floor(next() * maxExclusive) };
}
