import { describe, expect, it } from 'vitest';
import type { MarketDefinition } from '@sb/contract';
import { market, selection } from '@/test/fixture-event';
import { bundles, categoryTabs, groupMarkets, usesColumns } from './market-groups';

const def = (id: number, mg: number[], order: number): MarketDefinition => ({
  id,
  eid: id,
  n: `M${id}`,
  nameLn: { name: `M${id}` },
  order,
  spk: false,
  minOdds: 1,
  mg,
  sportId: 1,
});
const definitions = new Map(
  [def(1, [1], 1), def(18, [1, 15], 3), def(60, [14], 16), def(136, [2], 37)].map((d) => [d.id, d]),
);
const markets = [
  market(3, 18, [selection(31, 1.9), selection(32, 1.9)], { s: '2.5' }),
  market(1, 1, [selection(11, 2), selection(12, 3), selection(13, 4)]),
  market(4, 18, [selection(41, 1.5), selection(42, 2.5)], { s: '1.5' }),
  market(5, 136, [selection(51, 1.8), selection(52, 1.9)]),
];

describe('market categories and groups (spec §9)', () => {
  it('football tabs: the categories that have markets, in order, then all', () => {
    expect(categoryTabs(1, markets, definitions)).toEqual([1, 15, 2, 0]);
  });

  it('other sports show only "all"', () => {
    expect(categoryTabs(2, markets, definitions)).toEqual([0]);
  });

  it('groups a category by type in the definitions order, lines in the server order', () => {
    const main = groupMarkets(markets, 1, definitions);
    expect(main.map((g) => g.t)).toEqual([1, 18]);
    expect(main[1]!.markets.map((m) => m.s)).toEqual(['2.5', '1.5']);
    expect(groupMarkets(markets, 0, definitions).map((g) => g.t)).toEqual([1, 18, 136]);
    expect(groupMarkets(markets, 14, definitions)).toEqual([]);
  });

  it('uses columns above 3 odds and splits goal-scorer bundles by team', () => {
    expect(
      usesColumns(
        market(
          1,
          45,
          [1, 2, 3].map((i) => selection(i, 2)),
        ),
      ),
    ).toBe(false);
    expect(
      usesColumns(
        market(
          1,
          45,
          [1, 2, 3, 4].map((i) => selection(i, 2)),
        ),
      ),
    ).toBe(true);
    const split = bundles([selection(1, 5, { bundle: 'home' }), selection(2, 6, { bundle: 'away' })]);
    expect(split?.home.map((s) => s.id)).toEqual([1]);
    expect(split?.away.map((s) => s.id)).toEqual([2]);
    expect(bundles([selection(1, 2)])).toBeNull();
  });
});
