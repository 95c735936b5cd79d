import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { crashPointOfBits } from '@sb/crash';
import { chainHash, crashPointOf, payoutOf, returnOf, sha256Hex, terminatingHashOf } from './crash.fair';

// Vectors computed independently (Python's hashlib/hmac and float maths, which are IEEE doubles like JS) from the
// issue's formula: hash(n-1) = SHA-256(hash(n) as hex text); crash = max(1, floor(99 / (1 - X)) / 100) with X the
// first 52 bits of HMAC-SHA256(key = salt, message = hash) over 2^52.
const SALT = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';
const SEED = '5de24be2ba88f21070aca0b909a23ba8977a60e047e750dc6bd637aa3b4defc8';
const VECTORS: [round: number, hash: string, crash: number][] = [
  [5, '5de24be2ba88f21070aca0b909a23ba8977a60e047e750dc6bd637aa3b4defc8', 360],
  [4, '4eb92aa36ba40defe6108ebcb67bcb74d74db89bfd6f9d802c2aabed179ea107', 400],
  [3, 'f825d0f9e5c543c252729cabf45eb3ca0fa3cc9f7226799612d38e2ec812e6ca', 153],
  [2, '1cbd7155b8fa9876f30c306235aaa5aa436898cf29fd4c05848e35fa0749b70d', 106],
  [1, '259320760242445420a82fafbb2a681e836ab3da41b3d97789982108962d30a3', 204],
];
const TERMINATING = '52ea859157aaf3e07e845fd11b86e5d22a6b65469311112ca3e312dfd0dd25f4';

describe('crash game: bustabit v2 provably fair', () => {
  it('plays a hash chain backwards to its published terminating hash', () => {
    for (const [round, hash] of VECTORS) expect(chainHash(SEED, 5, round)).toBe(hash);
    for (const [round, hash] of VECTORS.slice(0, -1))
      expect(sha256Hex(hash)).toBe(chainHash(SEED, 5, round - 1));
    expect(terminatingHashOf(SEED, 5)).toBe(TERMINATING);
    expect(() => chainHash(SEED, 5, 6)).toThrow(RangeError);
    expect(() => chainHash(SEED, 5, 0)).toThrow(RangeError);
  });

  it('gives the crash points of the published algorithm', () => {
    for (const [, hash, crash] of VECTORS) expect(crashPointOf(hash, SALT)).toBe(crash);
  });

  it('matches the formula written out step by step on random hashes, and never goes below 1.00×', () => {
    for (let i = 0; i < 2_000; i++) {
      const hash = randomBytes(32).toString('hex');
      const salt = randomBytes(32).toString('hex');
      const hmac = createHmac('sha256', salt).update(hash).digest('hex');
      const x = Number.parseInt(hmac.slice(0, 13), 16) / 2 ** 52;
      const crash = Math.max(1, Math.floor(99 / (1 - x)) / 100);
      expect(crashPointOf(hash, salt)).toBe(Math.round(crash * 100));
      expect(crashPointOf(hash, salt)).toBeGreaterThanOrEqual(100);
    }
  });

  it('pays stake × multiplier to the minor unit, rounded down', () => {
    expect(payoutOf(1_000, 150)).toBe(1_500);
    expect(payoutOf(333, 150)).toBe(499);
    expect(payoutOf(10, 101)).toBe(10);
  });

  // The house edge is measured: 1,000,000 rounds. The HMAC's 52 bits are uniform, so they are drawn in bulk from
  // the CSPRNG (an HMAC per round would take ~15 s here) and go through the game's own crash-point function.
  // Cashing out at 2.00× has a per-round spread of about 1.0 (at 1.50×, 0.74), so one standard error is
  // 0.1 points: ±0.3 points is three of them.
  it('returns 99% ± 0.3 points to a fixed cash-out target over 1,000,000 rounds', () => {
    const rounds = 1_000_000;
    const bytes = randomBytes(rounds * 7);
    const points = new Uint32Array(rounds);
    for (let i = 0; i < rounds; i++) {
      const o = i * 7;
      // 52 bits: 6 whole bytes and the high nibble of the seventh, as 13 hex digits would give.
      const high = bytes.readUIntBE(o, 6);
      points[i] = crashPointOfBits(high * 16 + (bytes[o + 6]! >> 4));
    }
    for (const target of [150, 200]) {
      const rtp = returnOf(points, target);
      expect(Math.abs(rtp - 0.99), `target ${target}: ${rtp}`).toBeLessThanOrEqual(0.003);
    }
    // 1.00× (X < 2/101, so floor(99 / (1 − X)) ≤ 100) in about 1.98 % of rounds.
    const instant = points.filter((p) => p === 100).length / points.length;
    expect(Math.abs(instant - 2 / 101)).toBeLessThan(0.001);
  });
});
