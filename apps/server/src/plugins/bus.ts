import type { CrashBusMessage, MarketUpdate, MatchUpdate } from '@sb/contract';

/**
 * The one typed map of internal events. Producers (the simulator, later settlement and wallet)
 * publish here; consumers (the live feed, caches) subscribe. Payloads must be JSON-serialisable:
 * with REDIS_URL they cross instances through Redis pub/sub. Handlers must not mutate payloads
 * (the memory bus hands every handler the same object).
 */
export interface BusEvents {
  'fixture.match': MatchUpdate;
  'fixture.markets': MarketUpdate;
  /**
   * A live event's match state as the simulator just wrote it with the event row (`sim.match`: minute, goals,
   * cards, added time; never its draw stream) and whether its prices lag the score. Every instance's read model
   * keeps it, so the bet builder prices from memory with the state the database holds (`sports/read-model`).
   */
  'fixture.state': { eventId: number; ts: number; match: unknown; pricesBehindScore: boolean };
  /** Events whose stored rows changed outside the match and market updates (operator, catalogue): reload
   *  them from the database; `eventIds: null` means every event row (a new catalogue day). */
  'fixture.refresh': { eventIds: number[] | null };
  /** A brand's margins changed (back office): every instance reloads them (`sports/brand-margins.ts`). */
  'fixture.margins': { brandId: number };
  /** An operator changed something an event's desk view shows that no feed topic carries (its limits). */
  'ops.event': { eventId: number };
  /** A bet was placed or its referral moved (committed): every instance's ticker pump polls now. A notice only:
   *  the pump reads the bets table after the last id it sent, never this id's content (`ops/ticker.ts`). */
  'ops.ticker': { betId: number };
  /** The feed producer (the simulator leader, or a provider adapter) is alive; sent every tick. */
  'fixture.producer': { producer: string; ts: number };
  /** A roulette table's round was spun (by the tables' leader): every instance's players see this number. */
  'casino.roulette': { gameId: number; no: number; result: number };
  /** A brand (app) was created or changed (desk, CLI): every instance empties its app cache (issue 35). */
  'tenancy.apps': { appId: number };
  /** A brand's banners were added, changed or deleted (desk): every instance empties its list of them. */
  'banners.changed': { appId: number };
  /** The crash game: a round's state (leader), a bet placed or cashed out (any instance), a flight tick (leader). */
  'casino.crash': CrashBusMessage;
}
export type BusTopic = keyof BusEvents;
export type BusHandler<K extends BusTopic> = (payload: BusEvents[K]) => void;

export interface EventBus {
  /** Names this instance's bus (its producer id on Redis); 'memory' in process. */
  readonly id: string;
  /**
   * Resolves once the message is handed over (memory: delivered; Redis: accepted by the server, or, with Redis
   * unreachable, delivered to this instance's own handlers only: live data is never queued, and the other
   * instances rebuild from the database when their bus reports the gap).
   */
  publish<K extends BusTopic>(topic: K, payload: BusEvents[K]): Promise<void>;
  /** Returns the unsubscribe function. Handlers run for messages of every instance, this one included. */
  subscribe<K extends BusTopic>(topic: K, handler: BusHandler<K>): () => void;
  /**
   * Called when this instance may have missed messages: a producer's sequence skipped, or the transport
   * reconnected. Consumers rebuild what they hold from the system of record. Returns the unsubscribe function.
   */
  onGap(handler: (reason: string) => void): () => void;
  /**
   * Resolves when every subscription made so far receives messages and publishing reaches the other instances
   * (Redis: SUBSCRIBE acknowledged, the publisher's first connection made or failed).
   */
  ready(): Promise<void>;
  /** Whether the transport is connected now (Redis: both connections ready); absent in process (always). */
  connected?(): boolean;
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
    id: 'memory',
    async publish(topic, payload) {
      if (!closed) registry.dispatch(topic, payload);
    },
    subscribe(topic, handler) {
      const { remove } = registry.add(topic, handler);
      return () => void remove();
    },
    // In process nothing is ever lost in transit.
    onGap: () => () => {},
    async ready() {},
    async close() {
      closed = true;
      registry.clear();
    },
  };
}

/**
 * Sequence numbers per producer and topic: a bus stamps each message it publishes with its producer id and
 * the next number; a receiver that sees a number skipped knows it missed something. Numbers restart with a
 * new producer id, so an instance restart is no gap.
 */
export function createGapDetector(onGap: (reason: string) => void) {
  const last = new Map<string, number>();
  return {
    /** Call for every received message. */
    seen(producer: string, topic: string, seq: number): void {
      const key = `${producer}|${topic}`;
      const previous = last.get(key);
      last.set(key, seq);
      if (previous !== undefined && seq !== previous + 1)
        onGap(`${topic} from ${producer}: expected ${previous + 1}, got ${seq}`);
    },
    /** After a reconnect the sequences continue; only the numbers in between are lost. */
    forget: () => last.clear(),
  };
}
