import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatLine,
  handicapOutcomeName,
  marketCaption,
  mirrorLine,
  namesOwnLine,
  sideLine,
} from './handicap';

describe('handicap lines', () => {
  it('puts the home side and the draw on the home line, the away side on its mirror', () => {
    const cases: [code: string, home: string, side: string][] = [
      ['1', '-0.5', '-0.5'],
      ['2', '-0.5', '+0.5'],
      ['2', '+0.5', '-0.5'],
      ['2', '0.5', '-0.5'],
      ['X', '-1', '-1'],
      ['2', '-1', '+1'],
      ['2', '0', '0'],
      ['2', '+2.25', '-2.25'],
    ];
    expect(cases.map(([code, home]) => sideLine(code, home))).toEqual(cases.map((c) => c[2]));
  });

  it('names each side with its own line, the two sides mirror each other', () => {
    fc.assert(
      fc.property(fc.integer({ min: -40, max: 40 }), (quarters) => {
        const home = formatLine(quarters / 4);
        const away = sideLine('2', home);
        expect(mirrorLine(away)).toBe(home);
        expect(Number(away)).toBe(quarters === 0 ? 0 : -quarters / 4);
        expect(handicapOutcomeName('2', '2', home)).toBe(`2 (${away})`);
      }),
    );
  });

  it('leaves the shared specifier out of the caption when the pick names its own line', () => {
    expect(namesOwnLine('2 (+0.5)')).toBe(true);
    expect(namesOwnLine('Over 2.5')).toBe(false);
    expect(marketCaption('Asian Handicap', '-0.5', '2 (+0.5)')).toBe('Asian Handicap');
    expect(marketCaption('Total Goals', '2.5', 'Over 2.5')).toBe('Total Goals (2.5)');
    expect(marketCaption('Match Result', '', '1')).toBe('Match Result');
  });
});
