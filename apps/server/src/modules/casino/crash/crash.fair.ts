import { createHash, createHmac } from 'node:crypto';
import { crashPointOfHmac } from '@sb/crash';

/**
 * The crash game's mathematics, pure: bustabit v2's provably fair scheme with Node's crypto (the curve and the
 * crash point of an HMAC are `@sb/crash`'s, shared with the browser). Multipliers are integers in hundredths
 * (150 = 1.50×).
 */

export const CRASH_FORMULA =
  'hash(n-1) = SHA-256(hash(n) as hex text); SHA-256(hash(1)) = terminatingHash (published first); ' +
  'salt = SHA-256(terminatingHash and the client seeds given after it, in order, joined by "\\n") hex; ' +
  'hmac = HMAC-SHA256(key = salt, message = hash) hex; r = first 13 hex digits (52 bits); X = r / 2^52; ' +
  'crash = max(1, floor(99 / (1 - X)) / 100)';

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * A chain's salt, fixed when the chain is sealed (before its first round), after its terminating hash was
 * published: SHA-256 of the terminating hash and the client seeds given since, in the order they came, one a line (a seed is 1–64 letters, digits, `_` or `-`:
 * `crashClientSeedRequestSchema`).
 * The server committed to the chain before any of these seeds existed, so it cannot have chosen the chain for
 * the salt (bustabit salts with a future Bitcoin block's hash for the same reason).
 */
export const saltOf = (terminatingHash: string, seeds: readonly string[]): string =>
  sha256Hex([terminatingHash, ...seeds].join('\n'));

/** A round's crash point in hundredths: bustabit v2's `gameResult(hash, salt)` with HMAC key = salt, message = hash. */
export function crashPointOf(hash: string, salt: string): number {
  return crashPointOfHmac(createHmac('sha256', salt).update(hash).digest('hex'));
}

/** The chain's hash of round `n` (1-based), from the chain's seed (the hash of round `length`). */
export function chainHash(seed: string, length: number, n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > length) throw new RangeError(`round ${n} is outside the chain`);
  let hash = seed;
  for (let i = length; i > n; i--) hash = sha256Hex(hash);
  return hash;
}

/** The published end of a chain: SHA-256 of the hash of round 1. */
export const terminatingHashOf = (seed: string, length: number): string =>
  sha256Hex(chainHash(seed, length, 1));

/** What a stake pays cashed out at `point` (hundredths), in whole minor units rounded down. */
export const payoutOf = (stake: number, point: number): number => Math.floor((stake * point) / 100);

/**
 * The return of always cashing out at `target` over rounds of these crash points: Σ payouts / Σ stakes. A cash-out
 * at the target wins when the round's crash point is at least the target.
 */
export function returnOf(crashPoints: Iterable<number>, target: number): number {
  let rounds = 0;
  let won = 0;
  for (const point of crashPoints) {
    rounds += 1;
    if (point >= target) won += 1;
  }
  return rounds === 0 ? 0 : (won * target) / 100 / rounds;
}
