import { describe, expect, it } from 'vitest';
import { betFor, colourOf, isSplit } from './roulette-layout';

describe('roulette board layout', () => {
  it.each([
    ['straight', 17, { type: 'straight', numbers: [17] }],
    ['street', 17, { type: 'street', numbers: [16, 17, 18] }],
    ['street', 0, { type: 'trio', numbers: [0, 1, 2] }],
    ['line', 17, { type: 'line', numbers: [16, 17, 18, 19, 20, 21] }],
    ['line', 35, { type: 'line', numbers: [31, 32, 33, 34, 35, 36] }],
    ['corner', 17, { type: 'corner', numbers: [17, 18, 20, 21] }],
    ['corner', 18, { type: 'corner', numbers: [17, 18, 20, 21] }],
    ['corner', 35, { type: 'corner', numbers: [32, 33, 35, 36] }],
    ['corner', 0, { type: 'first_four', numbers: [0, 1, 2, 3] }],
  ] as const)('a tap in %s mode on %i bets %j', (mode, n, bet) => {
    expect(betFor(mode, n)).toEqual(bet);
  });

  it.each([
    [17, 18, true],
    [17, 20, true],
    [0, 3, true],
    [18, 19, false],
    [17, 21, false],
    [0, 4, false],
  ])('%i and %i make a split: %s', (a, b, split) => {
    expect(isSplit(a, b)).toBe(split);
    expect(isSplit(b, a)).toBe(split);
  });

  it('colours the pockets', () => {
    expect([0, 1, 2, 36].map(colourOf)).toEqual(['green', 'red', 'black', 'red']);
  });
});
