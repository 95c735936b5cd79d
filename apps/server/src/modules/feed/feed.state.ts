import type { FeedDataMessage, FeedMarket, FeedTopic, MarketUpdate, MatchUpdate } from '@sb/contract';

interface EventState {
  match: MatchUpdate | null;
  markets: Map<number, FeedMarket>;
  marketsTs: number;
}

/**
 * The latest match and market state per event, as seen on the bus, for snapshots.
 * Bounded: at most `maxEvents` events (least recently updated evicted first) and
 * `maxMarketsPerEvent` markets per event (oldest-updated evicted first).
 */
export class FeedStateStore {
  private readonly events = new Map<number, EventState>();

  constructor(
    private readonly maxEvents: number,
    private readonly maxMarketsPerEvent: number,
  ) {}

  get eventCount(): number {
    return this.events.size;
  }

  has(eventId: number): boolean {
    return this.events.has(eventId);
  }

  clear(): void {
    this.events.clear();
  }

  isLive(eventId: number): boolean {
    return this.events.get(eventId)?.match?.isLive ?? false;
  }

  applyMatch(update: MatchUpdate): void {
    const state = this.touch(update.eventId);
    if (state.match && state.match.ts > update.ts) return; // an older update overtaken on the way
    state.match = stripSeq(update);
  }

  applyMarkets(update: MarketUpdate): void {
    const state = this.touch(update.eventId);
    for (const market of update.markets) {
      state.markets.delete(market.id); // re-insert: Map order becomes least recently updated first
      state.markets.set(market.id, market);
    }
    while (state.markets.size > this.maxMarketsPerEvent)
      state.markets.delete(state.markets.keys().next().value!);
    state.marketsTs = Math.max(state.marketsTs, update.ts);
  }

  /** The messages that rebuild a topic's state, all stamped with the snapshot's `seq`. */
  snapshot(topic: FeedTopic, seq: number): FeedDataMessage[] {
    if (topic === 'live') {
      const out: FeedDataMessage[] = [];
      for (const [eventId, state] of this.events)
        if (state.match?.isLive) out.push(...messagesOf(eventId, state, seq));
      return out;
    }
    const eventId = Number(topic.slice('event:'.length));
    const state = this.events.get(eventId);
    return state ? messagesOf(eventId, state, seq) : [];
  }

  private touch(eventId: number): EventState {
    const state = this.events.get(eventId) ?? {
      match: null,
      markets: new Map<number, FeedMarket>(),
      marketsTs: 0,
    };
    this.events.delete(eventId);
    this.events.set(eventId, state);
    while (this.events.size > this.maxEvents) this.events.delete(this.events.keys().next().value!);
    return state;
  }
}

function messagesOf(eventId: number, state: EventState, seq: number): FeedDataMessage[] {
  const out: FeedDataMessage[] = [];
  if (state.match) out.push({ ...state.match, seq });
  if (state.markets.size > 0) {
    out.push({
      type: 'market_update',
      eventId,
      markets: [...state.markets.values()],
      ts: state.marketsTs,
      seq,
    });
  }
  return out;
}

/** Bus payloads have no seq, but a caller may hand a sent message: keep the stored state seq-free. */
function stripSeq(update: MatchUpdate & { seq?: number }): MatchUpdate {
  if (update.seq === undefined) return update;
  const { seq: _seq, ...rest } = update;
  return rest;
}
