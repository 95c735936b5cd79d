import { describe, expect, it } from 'vitest';
import { formatOdds, FRACTION_LADDER } from './odds-format';
import { PRICE_LADDER, ladderTick } from './price-ladder';

describe('the price ladder', () => {
  it('is ascending, starts at 1.02 (1/50) and ends at 501.00 (500/1; 1000/1 is past the override maximum)', () => {
    expect(PRICE_LADDER[0]).toBe(1020);
    expect(PRICE_LADDER[PRICE_LADDER.length - 1]).toBe(501_000);
    for (let i = 1; i < PRICE_LADDER.length; i++)
      expect(PRICE_LADDER[i]).toBeGreaterThan(PRICE_LADDER[i - 1]!);
  });

  it('moves one rung up or down from a price on the ladder', () => {
    expect(ladderTick(2, 1)).toBe(2.05); // 1/1 → 21/20
    expect(ladderTick(2, -1)).toBe(1.909); // 1/1 → 10/11
    expect(ladderTick(1.333, 1)).toBe(1.364); // 1/3 → 4/11
    expect(ladderTick(3, -1)).toBe(2.875); // 2/1 → 15/8
  });

  it('moves a price between two rungs to the rung on that side', () => {
    expect(ladderTick(2.15, 1)).toBe(2.2);
    expect(ladderTick(2.15, -1)).toBe(2.1);
  });

  it('stops at either end', () => {
    expect(ladderTick(1.02, -1)).toBeNull();
    expect(ladderTick(1.01, -1)).toBeNull();
    expect(ladderTick(501, 1)).toBeNull();
    expect(ladderTick(1000, -1)).toBe(501);
    expect(ladderTick(1.01, 1)).toBe(1.02);
  });

  it('every rung reads as its own fraction', () => {
    PRICE_LADDER.forEach((t, i) =>
      expect(formatOdds(t / 1000, 'fractional')).toBe(FRACTION_LADDER[i]!.join('/')),
    );
    expect(formatOdds(ladderTick(1.62, 1)!, 'fractional')).toBe('2/3');
  });
});
