import type { FeedMarket, MarketUpdate, MatchUpdate } from '@sb/contract';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../plugins/bus';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { SportsRepository } from '../sports.repository';
import { EventStore, type StoredEvent } from './event-store';

/** Finished events kept in memory for by-id reads (the slip, bet history); older ones are read on demand. */
const RECENT_ENDED_MS = 2 * 24 * 3_600_000;
/** Feed states kept for reuse; past this the memo starts over (it holds what clients watch: live and open events). */
const FEED_STATES_MAX = 5_000;
/** How often the producer's liveness is checked. */
export const PRODUCER_CHECK_MS = 1_000;

export interface ReadModelDeps {
  repo: SportsRepository;
  catalogue: CatalogueService;
  bus: EventBus;
  clock: Clock;
  /** Silence of the producer after which live markets are suspended (0: never). */
  producerStaleMs: number;
  log?: (msg: string, err?: unknown) => void;
}

/** What the feed needs to resync a client: the current state of an event, as feed messages. */
export interface EventFeedState {
  match: MatchUpdate;
  markets: FeedMarket[];
}

/**
 * The event read model of this instance: built from the database at start, kept current from the bus
 * (match and market updates applied in place; structural changes reloaded from the database), rebuilt after a
 * bus gap. It also watches the producer: silent for `producerStaleMs`, every live event reads as suspended.
 */
export function createEventReadModel(deps: ReadModelDeps) {
  const { repo, catalogue, bus, clock } = deps;
  const store = new EventStore();
  const listeners = new Set<(reason: string) => void>();
  let producerHeardAt = clock.now();
  let stale = false;
  let loading: Promise<void> | null = null;
  /** The last feed state built per event, reused while the event's version (and the producer's state) holds. */
  const feedStates = new Map<
    number,
    { event: StoredEvent; version: number; stale: boolean; state: EventFeedState }
  >();
  /** Market loads in flight per event: concurrent requests for a cold event share one. */
  const marketLoads = new Map<number, Promise<void>>();

  /** Every current event, and the markets of those whose markets were held before (a rebuild). */
  async function loadAll(): Promise<void> {
    const since = clock.now() - RECENT_ENDED_MS;
    const records = await repo.currentEvents(new Date(since));
    const keep = new Set(records.map((r) => r.id));
    const gone = store.all().filter((e) => !keep.has(e.record.id) && e.record.status !== 'ended');
    store.removeEvents(gone.map((e) => e.record.id));
    const held = store
      .all()
      .filter((e) => e.markets !== null)
      .map((e) => e.record.id);
    store.putEvents(records);
    await reloadMarkets(held);
  }

  async function reloadMarkets(ids: number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += 200) {
      const chunk = ids.slice(i, i + 200);
      store.beginMarketLoad(chunk);
      let rows: Awaited<ReturnType<typeof repo.marketsOf>>;
      try {
        rows = await repo.marketsOf(chunk);
      } catch (error) {
        store.abortMarketLoad(chunk);
        throw error;
      }
      const byEvent = new Map<number, typeof rows>(chunk.map((id) => [id, []]));
      for (const row of rows) byEvent.get(row.market.eventId)?.push(row);
      for (const [id, list] of byEvent) store.putMarkets(id, list);
    }
  }

  async function reloadEvents(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const records = await repo.eventsByIds(ids);
    store.putEvents(records);
    const held = records.filter((r) => store.get(r.id)?.markets !== null).map((r) => r.id);
    await reloadMarkets(held);
  }

  /**
   * Makes sure the events' markets are in memory: priced and stored first if the event has none yet
   * (lazy markets, idempotent across instances), then loaded. Cold events only: warm ones return at once.
   */
  async function ensureMarkets(list: StoredEvent[]): Promise<void> {
    const cold = list.filter((e) => e.markets === null);
    if (cold.length === 0) return;
    const fresh = cold.filter((e) => !marketLoads.has(e.record.id));
    if (fresh.length > 0) {
      const load = (async () => {
        const unready = fresh.filter((e) => !e.record.marketsReady).map((e) => e.record);
        if (unready.length > 0) await catalogue.ensureMarketsFor(unready.map((r) => r.id));
        await reloadMarkets(fresh.map((e) => e.record.id));
        if (unready.length > 0) store.putEvents(unready.map((r) => ({ ...r, marketsReady: true })));
      })();
      for (const e of fresh) marketLoads.set(e.record.id, load);
      void load.finally(() => fresh.forEach((e) => marketLoads.delete(e.record.id))).catch(() => {});
    }
    await Promise.all(cold.map((e) => marketLoads.get(e.record.id)));
  }

  const notify = (reason: string) => listeners.forEach((l) => l(reason));

  /** Serialises rebuilds: a gap during a rebuild starts another one after it. */
  function rebuild(reason: string): Promise<void> {
    const run = (loading ?? Promise.resolve()).then(async () => {
      await loadAll();
      notify(reason);
    });
    loading = run.catch((error: unknown) => deps.log?.('event read model rebuild failed', error));
    return loading;
  }

  const logFailure = (error: unknown) => deps.log?.('event read model update failed', error);

  const unsubscribes = [
    bus.subscribe('fixture.match', (update: MatchUpdate) => {
      const event = store.applyMatch(update);
      // Live events are what clients watch: their markets are kept in memory.
      if (event?.record.isLive && event.markets === null) void ensureMarkets([event]).catch(logFailure);
    }),
    bus.subscribe('fixture.markets', (update: MarketUpdate) => void store.applyMarkets(update)),
    bus.subscribe('fixture.state', (update) => void store.applyState(update)),
    bus.subscribe('fixture.refresh', ({ eventIds }) => {
      const work = eventIds ? reloadEvents(eventIds) : loadAll();
      void work.catch(logFailure);
    }),
    bus.subscribe('fixture.producer', () => {
      producerHeardAt = clock.now();
      if (stale) checkProducer();
    }),
    bus.onGap((reason) => void rebuild(`bus gap: ${reason}`)),
  ];

  /** Re-evaluates the producer's liveness; returns whether it changed. */
  function checkProducer(): boolean {
    if (deps.producerStaleMs <= 0) return false;
    const now = clock.now();
    const silent = now - producerHeardAt > deps.producerStaleMs;
    if (silent === stale) return false;
    stale = silent;
    notify(stale ? 'producer silent: live markets suspended' : 'producer back: live markets reopened');
    return true;
  }
  const timer = deps.producerStaleMs > 0 ? setInterval(checkProducer, PRODUCER_CHECK_MS) : null;
  (timer as { unref?: () => void } | null)?.unref?.();

  return {
    store,
    /** Builds the model from the database (at start). */
    load: async () => {
      await rebuild('initial load');
      await ensureMarkets(store.all().filter((e) => e.record.isLive));
    },
    /** Rebuilds from the database (a bus gap does this by itself). */
    rebuild,
    reloadEvents,
    isProducerStale: () => stale,
    checkProducer,
    /** Called after a rebuild or a change of the producer's liveness: the feed resyncs its clients then. */
    onResync(listener: (reason: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    ensureMarkets,

    /**
     * The current state of events as feed messages (snapshots, and a resync after a gap or a producer change).
     * The same objects come back until the event changes: the feed renders each once, not once per client.
     */
    feedState(ids: Iterable<number>): EventFeedState[] {
      const out: EventFeedState[] = [];
      for (const id of ids) {
        const e = store.get(id);
        if (!e) continue;
        let cached = feedStates.get(id);
        if (!cached || cached.version !== e.version || cached.stale !== stale || cached.event !== e) {
          if (feedStates.size >= FEED_STATES_MAX) feedStates.clear();
          cached = { event: e, version: e.version, stale, state: feedStateOf(e, stale) };
          feedStates.set(id, cached);
        }
        out.push(cached.state);
      }
      return out;
    },
    /** Ids of the live events. */
    liveIds: () =>
      store
        .all()
        .filter((e) => e.record.isLive)
        .map((e) => e.record.id),

    /** An event not in memory (finished long ago): read once from the database and kept. */
    async fetchEvent(id: number): Promise<StoredEvent | undefined> {
      const hit = store.byIdOrSub(id);
      if (hit) return hit;
      const record = await repo.eventByIdOrSub(id);
      if (!record) return undefined;
      store.putEvents([record]);
      return store.get(record.id);
    },

    close(): void {
      if (timer) clearInterval(timer);
      unsubscribes.forEach((u) => u());
    },
  };
}

export type EventReadModel = ReturnType<typeof createEventReadModel>;

/** An event's state as the feed's messages carry it; `stale` freezes a live event like a suspension. */
export function feedStateOf(e: StoredEvent, stale: boolean): EventFeedState {
  const r = e.record;
  const frozen = r.isSuspended || (stale && r.isLive);
  return {
    match: {
      type: 'match_update',
      eventId: r.id,
      sportId: r.sportId,
      competition: { id: r.competitionId, name: '' },
      isLive: r.isLive,
      isSuspended: frozen,
      periodTime: r.periodTime,
      periodTimeLeft: r.periodTimeLeft,
      periodCounter: r.periodCounter,
      status: r.phase,
      data: { score: r.data.score, stats: r.data.stats },
      resultName: r.resultName,
      ts: r.ts,
    },
    markets: (e.markets ?? []).map(({ market, selections }) => ({
      id: market.id,
      t: market.t,
      s: market.s,
      disabled: market.disabled || frozen,
      selections: selections.map((s) => ({
        id: s.id,
        outcome: s.outcome,
        odd: s.odd,
        isDisabled: s.isDisabled || market.disabled || frozen,
        isClosed: s.isClosed || market.closed,
      })),
    })),
  };
}
