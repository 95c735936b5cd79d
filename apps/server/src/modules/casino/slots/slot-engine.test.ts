import { describe, expect, it } from 'vitest';
import { SCATTER, WILD, compileSlot, linePay, playRound, type SlotMath } from './slot-engine';
import { exactRtp } from './slot-rtp';

/** A tiny slot: symbol 2 pays 10/20/50, symbol 3 pays 5/10/20, wild 100/200/500; one line across the middle. */
const math = (strips: number[][], lines = [[1, 1, 1, 1, 1]]): SlotMath => ({
  lines,
  strips,
  pays: [
    [100, 200, 500],
    [0, 0, 0],
    [10, 20, 50],
    [5, 10, 20],
  ],
  scatterPays: [2, 5, 10],
  freeSpins: { count: 3, multiplier: 2 },
});
const plain = compileSlot(
  math([
    [2, 3, 2],
    [2, 3, 2],
    [2, 3, 2],
    [2, 3, 2],
    [2, 3, 2],
  ]),
);

/** An RNG that answers the given stops in order (then 0). */
const stops = (...values: number[]) => ({ int: () => values.shift() ?? 0 });

describe('slot engine', () => {
  it.each([
    [[2, 2, 2, 3, 3], 10],
    [[2, 2, 2, 2, 2], 50],
    [[WILD, 2, 2, 2, 3], 20],
    [[2, WILD, WILD, 3, 3], 10],
    [[WILD, WILD, WILD, 3, 3], 100],
    [[WILD, WILD, WILD, WILD, 2], 200],
    [[WILD, WILD, WILD, WILD, WILD], 500],
    [[WILD, WILD, 3, 3, 3], 20],
    [[2, 2, 3, 3, 3], 0],
    [[SCATTER, 2, 2, 2, 2], 0],
    [[WILD, WILD, SCATTER, 2, 2], 0],
    [[2, 2, SCATTER, 2, 2], 0],
  ])('line %j pays %i line stakes', (line, pays) => {
    expect(linePay(plain, line)).toBe(pays);
  });

  it('reads a window of three consecutive stops, wrapping around the strip', () => {
    const c = compileSlot(
      math([
        [2, 3, 2, 3],
        [2, 3, 2, 3],
        [2, 3, 2, 3],
        [2, 3, 2, 3],
        [2, 3, 2, 3],
      ]),
    );
    const round = playRound(c, stops(3, 3, 3, 3, 3), 10);
    expect(round.spins[0]!.window).toEqual(Array.from({ length: 5 }, () => [3, 2, 3]));
    // Middle row 2-2-2-2-2 pays 50 line stakes of 10.
    expect(round.win).toBe(500);
    expect(round.spins[0]!.lineWins).toEqual([{ line: 0, symbol: 2, count: 5, amount: 500 }]);
  });

  it('pays scatters anywhere and plays the free spins with their multiplier', () => {
    const strip = [SCATTER, 3, 2, 3, 2, 3];
    const c = compileSlot(math([strip, strip, strip, [3, 2, 3, 2, 3, 2], [3, 2, 3, 2, 3, 2]]));
    // Stop 0 on the first three reels: a scatter on top of each; then three free spins.
    const round = playRound(c, stops(0, 0, 0, 0, 0), 10);
    expect(round.freeSpins).toBe(3);
    expect(round.spins).toHaveLength(4);
    expect(round.spins[0]!.scatter).toEqual({ count: 3, amount: 2 * 10 });
    expect(round.spins.slice(1).every((s) => s.multiplier === 2)).toBe(true);
    expect(round.win).toBe(round.spins.reduce((sum, s) => sum + s.win, 0));
  });

  it('refuses a stake that does not split into whole line stakes', () => {
    const c = compileSlot(
      math(plain.math.strips, [
        [1, 1, 1, 1, 1],
        [0, 0, 0, 0, 0],
      ]),
    );
    expect(() => playRound(c, stops(), 3)).toThrow(/multiple of 2 lines/);
  });

  it('computes the RTP of a slot exactly by enumeration', () => {
    // Each reel shows 2 or 3 with probability 1/2 on the line: only 2-2-2 (…) and 3-3-3 (…) pay.
    const c = compileSlot(
      math([
        [2, 3],
        [2, 3],
        [2, 3],
        [2, 3],
        [2, 3],
      ]),
    );
    const expected = (1 / 8) * (1 / 2) * 10 + (1 / 16) * (1 / 2) * 20 + (1 / 32) * 50;
    const both = expected + ((1 / 8) * (1 / 2) * 5 + (1 / 16) * (1 / 2) * 10 + (1 / 32) * 20);
    expect(exactRtp(c).rtp).toBeCloseTo(both, 12);
    expect(exactRtp(c).trigger).toBe(0);
  });
});
