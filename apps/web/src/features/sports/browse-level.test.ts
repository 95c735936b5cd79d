import { describe, expect, it } from 'vitest';
import { browseLevel } from './sports-page';
import { periodListParams } from './time-period-page';

describe('sports browse addresses', () => {
  it.each([
    [{}, { level: 'sports' }],
    [{ sport: '1' }, { level: 'regions', sport: 1 }],
    [
      { sport: '1', regionId: '2' },
      { level: 'competitions', sport: 1, region: 2 },
    ],
    [
      { sport: '1', regionId: '2', competitionId: '1001' },
      { level: 'matches', sport: 1, region: 2, competition: 1001 },
    ],
    [
      { sport: '1', regionId: '0', competitionId: '1001' },
      { level: 'matches', sport: 1, region: 0, competition: 1001 },
    ],
    [{ sport: 'x' }, { level: 'invalid' }],
    [{ sport: '1', regionId: '-3' }, { level: 'invalid' }],
    [{ sport: '1', regionId: '0' }, { level: 'invalid' }],
    [{ sport: '1', regionId: '2', competitionId: '1e3' }, { level: 'invalid' }],
  ])('%j → %j', (params, level) => {
    expect(browseLevel(params)).toEqual(level);
  });

  it('period pages ask for pre-match events within their hours; highlighted keeps live ones', () => {
    expect(periodListParams('today', 1)).toMatchObject({ upcoming: 24, onlyPre: true, sport: 1 });
    expect(periodListParams('3hours', undefined)).toMatchObject({ upcoming: 3, onlyPre: true });
    expect(periodListParams('48hours', 2)).toMatchObject({ upcoming: 48 });
    expect(periodListParams('highlighted', 1)).toEqual({ highlighted: true, sport: 1, perPage: 20 });
  });
});
