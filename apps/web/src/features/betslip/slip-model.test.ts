import { describe, expect, it } from 'vitest';
import { COUPON_TYPE } from '@sb/betting';
import type { SlipEntry } from '@/lib/slip-store';
import { earningsOf } from './slip-model';

const entry = (i: number, odd: number): SlipEntry =>
  ({ eventId: i + 1, oddId: (i + 1) * 10, odd, banker: false }) as SlipEntry;
const multiple = { type: COUPON_TYPE.multiple, systems: [] };

describe('earningsOf', () => {
  it('is exact while the earnings fit in the exact integers', () => {
    expect(earningsOf(multiple, [entry(0, 2.5), entry(1, 1.4)], 1_000)).toEqual({ min: 3_500, max: 3_500 });
  });

  it('is null, not a RangeError, for 25 picks at 5.00 (5^25 × 1.00 passes 2^53 minor units)', () => {
    const picks = Array.from({ length: 25 }, (_, i) => entry(i, 5));
    expect(earningsOf(multiple, picks, 100)).toBeNull();
  });
});
