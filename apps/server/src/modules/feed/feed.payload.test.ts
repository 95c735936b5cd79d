import { describe, expect, it } from 'vitest';
import type { FeedMarket, MarketUpdate } from '@sb/contract';
import { FeedPayload, type FeedRendering } from './feed.payload';

const update: MarketUpdate = {
  type: 'market_update',
  eventId: 7,
  ts: 1,
  markets: [
    {
      id: 1792,
      t: 1,
      s: '',
      disabled: false,
      selections: [{ id: 1, outcome: '1', odd: 2, isDisabled: false, isClosed: false }],
    },
  ],
};

describe('FeedPayload per brand', () => {
  it('renders one text per brand pricing, shared by brands without a margin', () => {
    let renders = 0;
    const rendering: FeedRendering = {
      competitionName: () => undefined,
      isRowMarket: () => true,
      brandMarkets: (brandId) => {
        if (brandId !== 2) return null;
        return {
          key: 'b2.1',
          apply: (m: FeedMarket) => {
            renders += 1;
            return { ...m, selections: m.selections.map((s) => ({ ...s, odd: 1.9 })) };
          },
        };
      },
    };
    const payload = new FeedPayload(update, rendering);
    const plain = payload.text('en', 'event', 1);
    expect(payload.text('en', 'event', null)).toBe(plain);
    expect(JSON.parse(plain!).markets[0].selections[0].odd).toBe(2);
    const branded = payload.text('en', 'event', 2);
    expect(JSON.parse(branded!).markets[0].selections[0].odd).toBe(1.9);
    expect(payload.text('tr', 'event', 2)).toBe(branded); // rendered once for the brand
    expect(renders).toBe(1);
  });
});
