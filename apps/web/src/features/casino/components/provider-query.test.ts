import { describe, expect, it } from 'vitest';
import { parseProviderQuery, providerQueryString } from './provider-query';

describe('provider query', () => {
  it.each([
    ['?provider=3', [3]],
    ['?provider=3&provider=5', [3, 5]],
    ['?provider=3,5', [3, 5]],
    ['?provider[]=3&provider[]=8', [3, 8]],
    ['?provider=3&provider=3', [3]],
    ['?provider=abc&provider=-2&provider=0&provider=4.5&provider=7', [7]],
    ['', []],
  ])('%s reads as %j', (search, ids) => {
    expect(parseProviderQuery(new URLSearchParams(search))).toEqual(ids);
  });

  it('writes the ids as repeated parameters, nothing for none', () => {
    expect(providerQueryString([3, 5])).toBe('?provider=3&provider=5');
    expect(providerQueryString([])).toBe('');
    expect(parseProviderQuery(new URLSearchParams(providerQueryString([8, 11])))).toEqual([8, 11]);
  });
});
