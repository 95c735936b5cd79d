/**
 * The seeded pseudo-random generators, one home: deterministic runs for the catalogue, the simulator, the RTP
 * simulation and tests. Never for real outcomes: casino games draw from `cryptoRng` (Node's CSPRNG).
 *
 * Two generators, for two needs:
 * - `mulberry32`: a 32-bit state that a simulation persists and resumes from (`state()`); the catalogue, the
 *   match simulator and the virtual league are replayed from it, so changing it changes every generated event.
 * - `sfc32`: a 128-bit state that passes PractRand/BigCrush, for the millions of spins an RTP simulation draws
 *   and the slots' reel-strip shuffles (the strips are generated from it: changing it changes the games).
 */

/** Uniform numbers in [0, 1) from a 32-bit state that can be read back and resumed. */
export interface SeededStream {
  next(): number;
  /** The current 32-bit state, so a simulation can be persisted and resumed. */
  state(): number;
}

export function mulberry32(seed: number): SeededStream {
  let a = seed >>> 0;
  return {
    next() {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
    state: () => a,
  };
}

/** Uniform numbers in [0, 1) and integers in [0, maxExclusive), from a 128-bit state. */
export interface SeededDraws {
  next(): number;
  int(maxExclusive: number): number;
}

export function sfc32(seed: number): SeededDraws {
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

/** Mixes numbers into one 32-bit seed (FNV-1a over their decimal text). */
export function hashSeed(...parts: (number | string)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
