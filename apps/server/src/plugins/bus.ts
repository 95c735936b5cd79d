import type { MarketUpdate, MatchUpdate } from '@sb/contract';

/**
 * The one typed map of internal events. Producers (the simulator, later settlement and wallet)
 * publish here; consumers (the live feed, caches) subscribe. Payloads must be JSON-serialisable:
 * with REDIS_URL they cross instances through Redis pub/sub. Handlers must not mutate payloads
 * (the memory bus hands every handler the same object).
 */
export interface BusEvents {
  'fixture.match': MatchUpdate;
  'fixture.markets': MarketUpdate;
}
export type BusTopic = keyof BusEvents;
export type BusHandler<K extends BusTopic> = (payload: BusEvents[K]) => void;

export interface EventBus {
  /**
   * Resolves once the message is handed over (memory: delivered; Redis: accepted by the server).
   * Rejects when Redis stays unreachable through its retries: live data is not queued forever.
   */
  publish<K extends BusTopic>(topic: K, payload: BusEvents[K]): Promise<void>;
  /** Returns the unsubscribe function. Handlers run for messages of every instance, this one included. */
  subscribe<K extends BusTopic>(topic: K, handler: BusHandler<K>): () => void;
  /** Resolves when every subscription made so far receives messages (Redis: SUBSCRIBE acknowledged). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Where a bus reports a handler that threw or a transport problem; it never stops delivery to other handlers. */
export type BusErrorReporter = (error: unknown, context: string) => void;

/** Local handler registry shared by both buses: one throwing handler cannot starve the others. */
export function createHandlerRegistry(onError: BusErrorReporter) {
  const handlers = new Map<BusTopic, Set<(payload: never) => void>>();
  return {
    add<K extends BusTopic>(topic: K, handler: BusHandler<K>): { first: boolean; remove: () => boolean } {
      const set = handlers.get(topic) ?? new Set();
      handlers.set(topic, set);
      const entry = handler as (payload: never) => void;
      set.add(entry);
      return { first: set.size === 1, remove: () => set.delete(entry) && set.size === 0 };
    },
    dispatch<K extends BusTopic>(topic: K, payload: BusEvents[K]): void {
      for (const handler of handlers.get(topic) ?? []) {
        try {
          (handler as BusHandler<K>)(payload);
        } catch (error) {
          onError(error, `handler of ${topic}`);
        }
      }
    },
    clear: () => handlers.clear(),
  };
}

/** In-process bus: the default for one instance. Delivery is synchronous, in publish order. */
export function createMemoryBus(onError: BusErrorReporter = () => {}): EventBus {
  const registry = createHandlerRegistry(onError);
  let closed = false;
  return {
    async publish(topic, payload) {
      if (!closed) registry.dispatch(topic, payload);
    },
    subscribe(topic, handler) {
      const { remove } = registry.add(topic, handler);
      return () => void remove();
    },
    async ready() {},
    async close() {
      closed = true;
      registry.clear();
    },
  };
}
