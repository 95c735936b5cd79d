import { createCipheriv, randomBytes } from 'node:crypto';
import { hashSeed, mulberry32 } from './seeded-random';

/**
 * The draws that decide simulated matches (football, virtual football, the period sports): a cryptographically
 * secure stream per match whose state is persisted with the match, so a restart or a new leader resumes exactly
 * where the last committed segment stopped (nothing drawn is drawn again differently).
 *
 * - Production: AES-256 in counter mode (node:crypto, OpenSSL) keyed by 256 bits from the operating system's
 *   CSPRNG (`crypto.randomBytes`: getrandom(2) on Linux), one fresh key per match, taken when the match is first
 *   simulated. The key is never derived from configuration, ids, names or time, never reseeded, and never leaves
 *   the server: it lives in `events.sim`, which no read path returns. The state is `{ key, at }` (`at`: 32-bit
 *   words consumed), so the stream resumes at the exact word it stopped at.
 * - Tests only: a 32-bit seeded stream (`mulberry32`, the pre-CSPRNG generator) from `OUTCOME_TEST_SEED`, refused
 *   when `NODE_ENV=production` (config and composition root), so deterministic tests replay the same matches.
 *
 * Mapping a draw to an outcome without bias: `int(n)` rejects the top `2^32 mod n` words (rejection sampling, as
 * `crypto.randomInt`), so every integer in [0, n) is exactly equally likely; `next()` is a 53-bit uniform in [0, 1)
 * (two words), so an event of probability p happens with probability ⌈p·2^53⌉ / 2^53, exact to the precision of p
 * itself.
 */
export interface OutcomeDraws {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, maxExclusive), 1 ≤ maxExclusive ≤ 2^32. */
  int(maxExclusive: number): number;
  /** The state to persist: opening it again continues with the very next draw. */
  state(): DrawState;
}

/** A production stream's persisted state: the AES-256 key (base64url) and the 32-bit words consumed. */
export interface CryptoDrawState {
  key: string;
  at: number;
}

/** Persisted draw state: a CSPRNG stream, or (tests only) a 32-bit seeded stream's state. */
export type DrawState = CryptoDrawState | number;

const KEY_BYTES = 32;
/** Keystream produced per cipher call, in 32-bit words (4 KiB). */
const CHUNK_WORDS = 1024;
const WORDS_PER_BLOCK = 4;
const TWO_32 = 4_294_967_296;

/** A new production stream state: a fresh key from the OS CSPRNG, nothing consumed. */
export function freshDrawState(): CryptoDrawState {
  return { key: randomBytes(KEY_BYTES).toString('base64url'), at: 0 };
}

/** The test-only state of a match's stream under `OUTCOME_TEST_SEED` (the same seed, the same match). */
export function testDrawState(testSeed: number, ...parts: (number | string)[]): number {
  return hashSeed(testSeed, ...parts);
}

export const isCryptoDrawState = (state: unknown): state is CryptoDrawState =>
  typeof state === 'object' &&
  state !== null &&
  typeof (state as CryptoDrawState).key === 'string' &&
  Number.isSafeInteger((state as CryptoDrawState).at);

/** Opens a persisted stream where it stopped. */
export function openDraws(state: DrawState): OutcomeDraws {
  return typeof state === 'number' ? seededDraws(state) : cryptoDraws(state);
}

/** An element of a list, each equally likely (rejection-sampled index). */
export function drawFrom<T>(draws: OutcomeDraws, items: readonly T[]): T {
  const item = items[draws.int(items.length)];
  if (item === undefined) throw new Error('draw from an empty list');
  return item;
}

function cryptoDraws(state: CryptoDrawState): OutcomeDraws {
  const key = Buffer.from(state.key, 'base64url');
  if (key.length !== KEY_BYTES) throw new Error('draw state: the key is not 256 bits');
  let at = state.at;
  /** The keystream chunk in hand and the word index it starts at. */
  let chunk: Buffer | null = null;
  let chunkStart = 0;

  function refill(): void {
    const block = Math.floor(at / WORDS_PER_BLOCK);
    const counter = Buffer.alloc(16);
    counter.writeBigUInt64BE(BigInt(block), 8);
    const cipher = createCipheriv('aes-256-ctr', key, counter);
    chunk = cipher.update(Buffer.alloc(CHUNK_WORDS * 4));
    chunkStart = block * WORDS_PER_BLOCK;
  }

  function word(): number {
    if (chunk === null || at - chunkStart >= CHUNK_WORDS) refill();
    const value = (chunk as Buffer).readUInt32BE((at - chunkStart) * 4);
    at++;
    return value;
  }

  return {
    next: () => ((word() >>> 5) * 67_108_864 + (word() >>> 6)) / 9_007_199_254_740_992,
    int(maxExclusive) {
      if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > TWO_32)
        throw new RangeError(`int(${maxExclusive}): out of range`);
      const limit = TWO_32 - (TWO_32 % maxExclusive);
      for (;;) {
        const w = word();
        if (w < limit) return w % maxExclusive;
      }
    },
    state: () => ({ key: state.key, at }),
  };
}

/** Tests only: the seeded stream the simulator used before (same draws, so deterministic tests keep their matches). */
function seededDraws(seed: number): OutcomeDraws {
  const stream = mulberry32(seed);
  return {
    next: stream.next,
    int: (maxExclusive) => Math.floor(stream.next() * maxExclusive),
    state: stream.state,
  };
}
