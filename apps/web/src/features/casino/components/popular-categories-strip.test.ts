import { describe, expect, it } from 'vitest';
import { GAMES } from '../testing/fake-casino-api';
import { byVendor, mergeInTurn } from './popular-categories-strip';

const ids = (games: { id: number }[]) => games.map((g) => g.id);

describe('mergeInTurn', () => {
  const [a, b, c, d, e] = GAMES;
  it('takes the lists in turn, each game once, up to the limit', () => {
    expect(ids(mergeInTurn([[a!, b!, c!], [d!, a!], [e!]], 14))).toEqual(ids([a!, d!, e!, b!, c!]));
    expect(
      ids(
        mergeInTurn(
          [
            [a!, b!, c!],
            [d!, e!],
          ],
          3,
        ),
      ),
    ).toEqual(ids([a!, d!, b!]));
  });
  it('is empty for no lists or empty lists', () => {
    expect(mergeInTurn([], 14)).toEqual([]);
    expect(mergeInTurn([[], []], 14)).toEqual([]);
  });
});

describe('byVendor', () => {
  it('groups by vendor in order of first appearance, keeping each group in order', () => {
    const aurora = GAMES.filter((g) => g.vendor.id === 3).slice(0, 3);
    const bosporus = GAMES.filter((g) => g.vendor.id === 5).slice(0, 2);
    const groups = byVendor([aurora[0]!, aurora[1]!, bosporus[0]!, aurora[2]!, bosporus[1]!]);
    expect(groups.map(ids)).toEqual([ids(aurora), ids(bosporus)]);
    expect(ids(mergeInTurn(groups, 4))).toEqual(ids([aurora[0]!, bosporus[0]!, aurora[1]!, bosporus[1]!]));
  });
});
