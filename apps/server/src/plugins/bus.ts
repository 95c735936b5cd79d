import type { MarketUpdate, MatchUpdate } from '@sb/contract';

/**
 * The one typed map of internal events. Producers (the simulator, later settlement and wallet)
 * publish here; consumers (the live feed, caches) subscribe. Payloads must be JSON-serialisable:
 * with REDIS_URL they cross instances through Redis pub/sub.
 */
export interface BusEvents {
  'fixture.match': MatchUpdate;
  'fixture.markets': MarketUpdate;
}
export type BusTopic = keyof BusEvents;

export interface EventBus {
  publish<K extends BusTopic>(topic: K, payload: BusEvents[K]): Promise<void>;
  /** Returns the unsubscribe function. Handlers run for messages of every instance, this one included. */
  subscribe<K extends BusTopic>(topic: K, handler: (payload: BusEvents[K]) => void): () => void;
  close(): Promise<void>;
}

/** In-process bus: the default for one instance. */
export function createMemoryBus(): EventBus {
  const handlers = new Map<BusTopic, Set<(payload: never) => void>>();
  return {
    async publish(topic, payload) {
      for (const handler of handlers.get(topic) ?? []) (handler as (p: typeof payload) => void)(payload);
    },
    subscribe(topic, handler) {
      const set = handlers.get(topic) ?? new Set();
      handlers.set(topic, set);
      set.add(handler as (payload: never) => void);
      return () => set.delete(handler as (payload: never) => void);
    },
    async close() {
      handlers.clear();
    },
  };
}
