import { describe, expect, it } from 'vitest';
import { selectionIn } from './betting-view';
import type { MarketEntry } from './read-model/event-store';

/** A loaded market with selections `ids` at `odd`, as the read model holds it. */
function entry(marketId: number, ids: number[], odd: number): MarketEntry {
  return {
    market: { id: marketId, disabled: false, closed: false },
    selections: ids.map((id) => ({ id, odd, isDisabled: false, isClosed: false })),
    ts: 0,
  } as unknown as MarketEntry;
}

describe('selectionIn (a quote finds its legs by their kept places)', () => {
  it('reads the state an update wrote, never the one seen when the places were made', () => {
    const markets = [entry(1, [11, 12, 13], 2), entry(2, [21, 22], 1.9)];
    expect(selectionIn(markets, 22)?.selection.odd).toBe(1.9);
    // As the store applies a bus update: the entry's selections and market replaced, the list kept.
    const updated = markets[1]!;
    updated.selections = updated.selections.map((s) => ({ ...s, odd: s.id === 22 ? 3.4 : s.odd }));
    updated.market = { ...updated.market, disabled: true };
    const found = selectionIn(markets, 22);
    expect(found?.selection.odd).toBe(3.4);
    expect(found?.market.disabled).toBe(true);
  });

  it('looks a selection up afresh when its place holds another one, and answers null for one not there', () => {
    const markets = [entry(1, [11, 12, 13], 2)];
    expect(selectionIn(markets, 13)?.selection.odd).toBe(2);
    markets[0]!.selections = [...markets[0]!.selections].reverse().map((s) => ({ ...s, odd: 5 }));
    expect(selectionIn(markets, 13)?.selection).toMatchObject({ id: 13, odd: 5 });
    expect(selectionIn(markets, 99)).toBeNull();
  });

  it('keeps places per list: a reloaded list is read as it is', () => {
    const before = [entry(1, [11], 2)];
    expect(selectionIn(before, 11)?.selection.odd).toBe(2);
    const reloaded = [entry(7, [30, 11], 2.5)];
    expect(selectionIn(reloaded, 11)).toMatchObject({ market: { id: 7 }, selection: { odd: 2.5 } });
    expect(selectionIn(reloaded, 30)?.selection.id).toBe(30);
  });
});
