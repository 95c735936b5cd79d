import { describe, expect, it } from 'vitest';
import type { RouletteBet, RouletteBetType } from '@sb/contract';
import { POCKETS, checkPlacement, coverage, payoutOf } from './roulette.rules';

const bet = (type: RouletteBetType, numbers: number[] = [], amount = 100): RouletteBet => ({
  type,
  numbers,
  amount,
});

/** One valid bet of every type of the layout, with the odds it pays (n:1). */
const EXAMPLES: [RouletteBet, number][] = [
  [bet('straight', [17]), 35],
  [bet('split', [17, 20]), 17],
  [bet('split', [0, 2]), 17],
  [bet('street', [13, 14, 15]), 11],
  [bet('trio', [0, 2, 3]), 11],
  [bet('corner', [17, 18, 20, 21]), 8],
  [bet('first_four', [0, 1, 2, 3]), 8],
  [bet('line', [13, 14, 15, 16, 17, 18]), 5],
  [bet('dozen', [2]), 2],
  [bet('column', [3]), 2],
  [bet('red'), 1],
  [bet('black'), 1],
  [bet('odd'), 1],
  [bet('even'), 1],
  [bet('low'), 1],
  [bet('high'), 1],
];

describe('roulette rules', () => {
  it.each(EXAMPLES)('%j pays %i:1 and keeps 1/37 for the house', (b, odds) => {
    const covered = coverage(b, 'bet');
    expect(36 / covered.length - 1).toBe(odds);
    let returned = 0;
    for (let n = 0; n < POCKETS; n++) returned += payoutOf([b], n);
    // Over the 37 equally likely pockets the bet returns 36 stakes of 37: a 2.70 % edge.
    expect(returned).toBe(36 * b.amount);
  });

  it('knows the layout: outside bets cover the right numbers, zero loses them all', () => {
    expect(coverage(bet('dozen', [3]), 'b')).toEqual(Array.from({ length: 12 }, (_, i) => 25 + i));
    expect(coverage(bet('column', [1]), 'b')).toEqual(Array.from({ length: 12 }, (_, i) => 1 + 3 * i));
    expect(coverage(bet('red'), 'b')).toHaveLength(18);
    for (const type of ['red', 'black', 'odd', 'even', 'low', 'high'] as const)
      expect(payoutOf([bet(type)], 0)).toBe(0);
  });

  it.each([
    [bet('split', [17, 19])],
    [bet('split', [3, 4])],
    [bet('street', [14, 15, 16])],
    [bet('corner', [18, 19, 21, 22])],
    [bet('line', [1, 2, 3, 5, 6, 7])],
    [bet('dozen', [4])],
    [bet('column', [])],
    [bet('red', [1])],
    [bet('straight', [])],
  ])('refuses %j naming the field', (b) => {
    expect(() => coverage(b, 'bets.0')).toThrow(expect.objectContaining({ field: 'bets.0.numbers' }));
  });

  it('checks chips and table limits', () => {
    expect(checkPlacement([bet('red', [], 500), bet('straight', [7], 200)])).toBe(700);
    expect(() => checkPlacement([bet('red', [], 150)])).toThrow(
      expect.objectContaining({ field: 'bets.0.amount' }),
    );
    expect(() => checkPlacement([bet('red', [], 60_000)])).toThrow(
      expect.objectContaining({ field: 'bets.0.amount' }),
    );
    expect(() => checkPlacement(Array.from({ length: 5 }, () => bet('red', [], 50_000)))).toThrow(
      expect.objectContaining({ field: 'bets' }),
    );
  });
});
