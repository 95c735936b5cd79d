import { describe, expect, it } from 'vitest';
import type { MarketEntry, StoredEvent } from './event-store';
import { hasOpenMainMarket } from './stored-event-views';

/** A live football event whose first main market (type 1, match result) and a total are as given. */
function event(
  result: Partial<MarketEntry['market']> | null,
  odds: [number, boolean, boolean][],
): StoredEvent {
  const market = (t: number, extra: object) =>
    ({
      market: { t, main: true, disabled: false, closed: false, ...extra },
      ts: 0,
    }) as unknown as MarketEntry;
  const selections = odds.map(([odd, isDisabled, isClosed]) => ({ odd, isDisabled, isClosed }));
  const markets = [
    ...(result ? [{ ...market(1, result), selections }] : []),
    { ...market(18, {}), selections: [{ odd: 1.9, isDisabled: false, isClosed: false }] },
  ] as MarketEntry[];
  return { record: { sportId: 1, isSuspended: false }, version: 1, markets } as unknown as StoredEvent;
}

describe('hasOpenMainMarket (the home carousel skips the others)', () => {
  it.each([
    [
      'an odd on sale',
      {},
      [
        [2.1, false, false],
        [3.2, true, false],
      ],
      true,
    ],
    [
      'every odd suspended',
      {},
      [
        [2.1, true, false],
        [3.2, true, false],
      ],
      false,
    ],
    [
      'decided outcomes only, the rest at 1.00',
      {},
      [
        [1, false, false],
        [3.2, false, true],
      ],
      false,
    ],
    ['the market suspended', { disabled: true }, [[2.1, false, false]], false],
    ['the market closed', { closed: true }, [[2.1, false, false]], false],
  ] as const)('%s → %s', (_, market, odds, open) => {
    expect(hasOpenMainMarket(event(market, odds as unknown as [number, boolean, boolean][]))).toBe(open);
  });

  it('is false without the main market, whatever else is open', () => {
    expect(hasOpenMainMarket(event(null, []))).toBe(false);
  });
});
