import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketUpdate } from '@sb/contract';
import { createMarketConflator } from './feed.conflator';
import { marketUpdate } from './feed.test-support';

describe('market conflator', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (windowMs: number) => {
    const emitted: MarketUpdate[] = [];
    const conflator = createMarketConflator({ windowMs, emit: (u) => emitted.push(u) });
    return { emitted, conflator };
  };
  const odds = (u: MarketUpdate | undefined) => u?.markets.map((m) => [m.id, m.selections[0]?.odd]);

  it('keeps only the latest state of a market changed several times in one window', () => {
    const { emitted, conflator } = setup(150);
    conflator.add(marketUpdate(1, 10, 1.5, 1));
    conflator.add(marketUpdate(1, 10, 1.6, 2));
    conflator.add(marketUpdate(1, 10, 1.7, 3));
    vi.advanceTimersByTime(149);
    expect(emitted).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(emitted).toHaveLength(1);
    expect(odds(emitted[0])).toEqual([[10, 1.7]]);
    expect(emitted[0]?.ts).toBe(3);
  });

  it('merges different markets of one event and keeps events apart', () => {
    const { emitted, conflator } = setup(100);
    conflator.add(marketUpdate(1, 10, 1.5));
    conflator.add(marketUpdate(2, 20, 3.0));
    conflator.add(marketUpdate(1, 11, 2.2));
    conflator.add(marketUpdate(1, 10, 1.4));
    vi.advanceTimersByTime(100);
    expect(emitted.map((u) => u.eventId)).toEqual([1, 2]);
    expect(odds(emitted[0])).toEqual([
      [10, 1.4],
      [11, 2.2],
    ]);
  });

  it('flushes a market that never stops changing once per window, not never', () => {
    const { emitted, conflator } = setup(100);
    for (let i = 0; i < 10; i += 1) {
      conflator.add(marketUpdate(1, 10, 1 + i / 10));
      vi.advanceTimersByTime(50);
    }
    expect(emitted).toHaveLength(5);
  });

  it('passes updates straight through when the window is 0', () => {
    const { emitted, conflator } = setup(0);
    conflator.add(marketUpdate(1, 10, 1.5));
    conflator.add(marketUpdate(1, 10, 1.6));
    expect(emitted).toHaveLength(2);
  });

  it('drops what is pending on close and starts no timer after it', () => {
    const { emitted, conflator } = setup(100);
    conflator.add(marketUpdate(1, 10, 1.5));
    expect(conflator.pendingMarkets()).toBe(1);
    conflator.close();
    vi.advanceTimersByTime(500);
    expect(emitted).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
