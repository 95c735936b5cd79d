import { describe, expect, it } from 'vitest';
import { crashPointOfBits, crashPointOfHmac, multiplierAt, timeOf } from './index';

describe('the crash curve and crash point', () => {
  it('grows as e^(0.00006 t): 1.06× at 1 s, 1.50× at 6.758 s, 2× at 11.553 s', () => {
    expect(multiplierAt(0)).toBe(100);
    expect(multiplierAt(1_000)).toBe(106);
    expect(multiplierAt(6_758)).toBe(150);
    expect(multiplierAt(11_552)).toBe(199);
    expect(multiplierAt(11_553)).toBe(200);
    expect(multiplierAt(100_000)).toBe(40_342);
    for (const point of [100, 101, 150, 200, 1_000, 123_456]) {
      expect(multiplierAt(timeOf(point))).toBeGreaterThanOrEqual(point);
      if (point > 100) expect(multiplierAt(timeOf(point) - 1)).toBeLessThan(point);
    }
  });

  // HMACs computed with Python's hmac (key = the salt, message = a round's hash); crash points from the
  // published formula by hand: the same vectors the server's and the verifier's tests hash their way to.
  it('reads the crash point off an HMAC: its first 52 bits, never below 1.00×', () => {
    expect(crashPointOfHmac('c0ca62934b9a4901423576820deef7f65a001bfb3de1dff4a792592639c0bd42')).toBe(400);
    expect(crashPointOfHmac('12c46e2fbd5221f71f6cc098f6a75417e9700a4bb4bea21d9d7b62ebf4519634')).toBe(106);
    expect(crashPointOfBits(0)).toBe(100);
    expect(crashPointOfBits(2 ** 52 / 2)).toBe(198);
  });
});
