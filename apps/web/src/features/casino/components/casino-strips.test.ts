import { describe, expect, it } from 'vitest';
import { GAMES } from '../testing/fake-casino-api';
import { mergeInTurn } from './casino-strips';

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
