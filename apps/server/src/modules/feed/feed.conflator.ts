import type { FeedMarket, MarketUpdate } from '@sb/contract';

export interface ConflatorTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const nodeTimers: ConflatorTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Merges updates of the same market that arrive within one window (ms) into the latest one.
 * The window opens with the first pending update and closes after `windowMs` however busy the
 * market is, so a change is delayed by at most `windowMs`. Markets keep their first-seen order;
 * one `market_update` per event leaves at each flush. `windowMs <= 0` passes updates straight through.
 */
export function createMarketConflator(options: {
  windowMs: number;
  emit: (update: MarketUpdate) => void;
  timers?: ConflatorTimers;
}) {
  const { windowMs, emit, timers = nodeTimers } = options;
  const pending = new Map<number, { markets: Map<number, FeedMarket>; ts: number }>();
  let timer: unknown = null;

  function flush(): void {
    timer = null;
    const batch = [...pending];
    pending.clear();
    for (const [eventId, { markets, ts }] of batch) {
      emit({ type: 'market_update', eventId, markets: [...markets.values()], ts });
    }
  }

  return {
    add(update: MarketUpdate): void {
      if (windowMs <= 0) return emit(update);
      const entry = pending.get(update.eventId) ?? { markets: new Map<number, FeedMarket>(), ts: update.ts };
      pending.set(update.eventId, entry);
      for (const market of update.markets) entry.markets.set(market.id, market);
      entry.ts = Math.max(entry.ts, update.ts);
      timer ??= timers.setTimeout(flush, windowMs);
    },
    /** Markets waiting for the window to close (for tests and metrics). */
    pendingMarkets(): number {
      let count = 0;
      for (const entry of pending.values()) count += entry.markets.size;
      return count;
    },
    close(): void {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      pending.clear();
    },
  };
}

export type MarketConflator = ReturnType<typeof createMarketConflator>;
