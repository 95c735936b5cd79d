import {
  FEED_PROTOCOL_VERSION,
  type FeedDataMessage,
  type FeedMarket,
  type FeedTopic,
  type MarketUpdate,
  type MatchUpdate,
} from '@sb/contract';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../plugins/bus';
import { createBackpressurePolicy, type BackpressurePolicy } from './feed.backpressure';
import { createMarketConflator, type ConflatorTimers, type MarketConflator } from './feed.conflator';
import {
  FeedConnection,
  type FeedConnectionHost,
  type FeedSocket,
  type VerifyToken,
} from './feed.connection';
import { FeedPayload, type FeedRendering, type FeedView } from './feed.payload';
import { FeedRingBuffer } from './feed.ring-buffer';
import { FeedStateStore } from './feed.state';

/** The current state of an event as feed messages, from the system of record (a resync). */
export interface EventState {
  match: MatchUpdate;
  markets: FeedMarket[];
}

/** Where a resync and a cold `event:<id>` snapshot read current state from (the fixtures read model). */
export interface FeedStateSource {
  /** The events that are live now. */
  liveIds(): number[];
  /** The state of these events (unknown ids are left out). */
  states(eventIds: Iterable<number>): EventState[];
}

export interface FeedLimits {
  heartbeatMs: number;
  /** Market conflation window in ms (0: off). */
  conflateMs: number;
  ringSize: number;
  ringMaxBytes: number;
  maxEvents: number;
  maxMarketsPerEvent: number;
  /** Per-client cap on bytes waiting to be sent; past it the client is dropped. */
  maxBufferedBytes: number;
  maxStrikes: number;
  maxTopics: number;
}

export interface FeedHubOptions {
  bus: EventBus;
  clock: Clock;
  /** Names this instance's stream; a resume from another epoch gets a snapshot. */
  epoch: string;
  limits: FeedLimits;
  verifyToken: VerifyToken;
  /** Languages and row markets of the texts sent (default: the bus's text, every market). */
  rendering?: FeedRendering;
  /** Current state for resyncs and for events this stream has not seen yet. */
  source?: FeedStateSource;
  timers?: ConflatorTimers & {
    setInterval(fn: () => void, ms: number): unknown;
    clearInterval(handle: unknown): void;
  };
  onRelease?: (reason: string) => void;
}

/** How long a client gets to answer the close handshake at shutdown before its socket is cut. */
const CLOSE_GRACE_MS = 1_000;

const nodeTimers = {
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (fn: () => void, ms: number) => setInterval(fn, ms).unref(),
  clearInterval: (handle: unknown) => clearInterval(handle as ReturnType<typeof setInterval>),
};

/**
 * One instance's live feed: numbers bus updates into a stream (seq), keeps a bounded history
 * (resume) and the latest state per event (snapshot), and fans each message out, serialised once,
 * to the connections whose topics want it. All of it runs on the event loop, so a subscribe's
 * replay and the live messages after it can never interleave.
 */
export class FeedHub implements FeedConnectionHost {
  private readonly connections = new Set<FeedConnection>();
  private readonly ring: FeedRingBuffer<FeedPayload>;
  private readonly rendering: FeedRendering;
  private readonly state: FeedStateStore;
  private readonly conflator: MarketConflator;
  private readonly policy: BackpressurePolicy;
  private readonly timers: NonNullable<FeedHubOptions['timers']>;
  private readonly unsubscribes: (() => void)[] = [];
  private heartbeat: unknown = null;
  private seq = 0;

  constructor(private readonly options: FeedHubOptions) {
    const { limits } = options;
    this.timers = options.timers ?? nodeTimers;
    this.rendering = options.rendering ?? { competitionName: () => undefined, isRowMarket: () => true };
    this.ring = new FeedRingBuffer(limits.ringSize, limits.ringMaxBytes);
    this.state = new FeedStateStore(limits.maxEvents, limits.maxMarketsPerEvent);
    this.policy = createBackpressurePolicy(limits.maxBufferedBytes);
    this.conflator = createMarketConflator({
      windowMs: limits.conflateMs,
      emit: (update) => this.publishMarkets(update),
      timers: this.timers,
    });
  }

  start(): void {
    // Start from the current state: a first `live` snapshot is complete even before any update arrives.
    if (this.options.source) this.loadState(this.options.source, []);
    this.unsubscribes.push(
      this.options.bus.subscribe('fixture.match', (update) => this.publishMatch(update)),
      this.options.bus.subscribe('fixture.markets', (update) => this.conflator.add(update)),
    );
    this.heartbeat = this.timers.setInterval(() => this.beat(), this.options.limits.heartbeatMs);
  }

  /** A new WebSocket: greet it and keep it until it closes. */
  accept(socket: FeedSocket): FeedConnection {
    const { limits, verifyToken } = this.options;
    const connection = new FeedConnection({
      socket,
      host: this,
      policy: this.policy,
      verifyToken,
      maxStrikes: limits.maxStrikes,
      maxTopics: limits.maxTopics,
    });
    this.connections.add(connection);
    connection.send({
      type: 'hello',
      version: FEED_PROTOCOL_VERSION,
      seq: this.seq,
      epoch: this.options.epoch,
      heartbeatMs: limits.heartbeatMs,
    });
    return connection;
  }

  subscribe(connection: FeedConnection, topics: FeedTopic[], sinceSeq?: number, epoch?: string): void {
    const fresh = topics.filter((topic) => !connection.topics.has(topic));
    for (const topic of fresh) connection.topics.add(topic);
    const missed =
      sinceSeq !== undefined && epoch === this.options.epoch ? this.ring.since(sinceSeq, this.seq) : null;
    if (missed) {
      const wanted = new Set(fresh);
      for (const entry of missed) {
        const view: FeedView | null = wanted.has(`event:${entry.eventId}`)
          ? 'event'
          : entry.live && wanted.has('live')
            ? 'live'
            : null;
        const text = view && entry.payload.text(connection.locale, view);
        if (text && !connection.sendText(text)) return;
      }
    } else {
      for (const topic of fresh) if (!this.sendSnapshot(connection, topic)) return;
    }
    connection.send({ type: 'subscribed', topics, seq: this.seq, mode: missed ? 'resumed' : 'snapshot' });
  }

  /**
   * Replaces this stream's state with the system of record's (after a bus gap, or when the producer goes
   * silent or comes back) and sends every client a fresh snapshot of each of its topics: an ordinary resync.
   */
  resync(source: FeedStateSource): void {
    const subscribed = new Set<number>();
    for (const c of this.connections)
      for (const topic of c.topics) if (topic.startsWith('event:')) subscribed.add(Number(topic.slice(6)));
    this.loadState(source, [...subscribed]);
    for (const connection of [...this.connections]) {
      for (const topic of connection.topics) if (!this.sendSnapshot(connection, topic)) break;
    }
  }

  currentSeq(): number {
    return this.seq;
  }

  now(): number {
    return this.options.clock.now();
  }

  release(connection: FeedConnection, reason: string): void {
    if (this.connections.delete(connection)) this.options.onRelease?.(reason);
  }

  stats() {
    return {
      connections: this.connections.size,
      seq: this.seq,
      ringEntries: this.ring.length,
      ringBytes: this.ring.totalBytes,
      events: this.state.eventCount,
      pendingMarkets: this.conflator.pendingMarkets(),
    };
  }

  /** Stops timers and bus subscriptions and drops every client (they reconnect elsewhere). */
  close(): void {
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
    if (this.heartbeat !== null) this.timers.clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.conflator.close();
    const closing = [...this.connections];
    for (const connection of closing) connection.close(1001, 'server shutting down');
    if (closing.length > 0) {
      const grace = this.timers.setTimeout(() => closing.forEach((c) => c.forceTerminate()), CLOSE_GRACE_MS);
      (grace as { unref?: () => void }).unref?.();
    }
  }

  private loadState(source: FeedStateSource, extra: number[]): void {
    this.state.clear();
    for (const { match, markets } of source.states(new Set([...source.liveIds(), ...extra]))) {
      this.state.applyMatch(match);
      this.state.applyMarkets({ type: 'market_update', eventId: match.eventId, markets, ts: match.ts });
    }
  }

  private publishMatch(update: MatchUpdate): void {
    // The update that ends a live event still goes to `live`, so its subscribers can drop the event.
    const live = update.isLive || this.state.isLive(update.eventId);
    this.state.applyMatch(update);
    this.fanOut({ ...update, seq: this.seq + 1 }, live);
  }

  private publishMarkets(update: MarketUpdate): void {
    this.state.applyMarkets(update);
    this.fanOut({ ...update, seq: this.seq + 1 }, this.state.isLive(update.eventId));
  }

  private fanOut(message: FeedDataMessage, live: boolean): void {
    this.seq = message.seq;
    const payload = new FeedPayload(message, this.rendering);
    this.ring.push({ seq: message.seq, eventId: message.eventId, live, size: payload.size, payload });
    // Deleting from a Set while iterating it is safe: a client dropped mid-loop is simply skipped.
    for (const connection of this.connections) {
      const view = connection.viewOf(message.eventId, live);
      const text = view && payload.text(connection.locale, view);
      if (text) connection.sendText(text);
    }
  }

  private sendSnapshot(connection: FeedConnection, topic: FeedTopic): boolean {
    const view: FeedView = topic === 'live' ? 'live' : 'event';
    if (view === 'event' && this.options.source) {
      const eventId = Number(topic.slice('event:'.length));
      if (!this.state.has(eventId)) this.seedEvent(eventId, this.options.source);
    }
    const texts = this.state
      .snapshot(topic, this.seq)
      .map((message) => new FeedPayload(message, this.rendering).text(connection.locale, view))
      .filter((text): text is string => text !== null);
    if (!connection.send({ type: 'snapshot', seq: this.seq, topic, count: texts.length })) return false;
    return texts.every((text) => connection.sendText(text));
  }

  /** An event this stream has seen nothing of yet: its state from the source. */
  private seedEvent(eventId: number, source: FeedStateSource): void {
    for (const { match, markets } of source.states([eventId])) {
      this.state.applyMatch(match);
      this.state.applyMarkets({ type: 'market_update', eventId, markets, ts: match.ts });
    }
  }

  private beat(): void {
    const text = JSON.stringify({ type: 'heartbeat', seq: this.seq, ts: this.options.clock.now() });
    for (const connection of this.connections) {
      if (!connection.alive) {
        connection.terminate('no_pong');
        continue;
      }
      connection.alive = false;
      connection.ping();
      connection.sendText(text);
    }
  }
}
