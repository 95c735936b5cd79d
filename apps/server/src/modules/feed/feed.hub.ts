import {
  FEED_PROTOCOL_VERSION,
  type CrashBusMessage,
  type CrashState,
  type FeedDataMessage,
  type FeedMarket,
  type FeedTopic,
  type Locale,
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
import { FeedRingBuffer, type RingEntry } from './feed.ring-buffer';
import { FeedStateStore } from './feed.state';

/** The current state of an event as feed messages, from the system of record (a resync). */
export interface EventState {
  match: MatchUpdate;
  markets: FeedMarket[];
}

/** Where a resync and a cold `event:<id>` snapshot read current state from (the sports read model). */
export interface FeedStateSource {
  /** The events that are live now. */
  liveIds(): number[];
  /** The state of these events (unknown ids are left out). */
  states(eventIds: Iterable<number>): EventState[];
  /** Loads what `states` needs of these events (their markets), before a snapshot. */
  prepare?(eventIds: number[]): Promise<void>;
}

/** The crash game's messages and current state (the `crash` topic), kept by the game from the bus. */
export interface CrashFeedSource {
  /** The game as it stands: the `crash` topic's snapshot. */
  state(): CrashState;
  /** Every message of the game (from every instance, and a fresh state after a bus gap); returns unsubscribe. */
  onMessage(listener: (message: CrashBusMessage) => void): () => void;
}

/** What the ring buffer keeps of a sent message: its texts (rendered once). */
interface SentPayload {
  /** `brandId`: the client's brand (its margins price market updates). */
  text(locale: Locale, view: FeedView, brandId: number | null): string | null;
}

/** A crash message: one text for every client (no language or view). */
class CrashPayload implements SentPayload {
  readonly body: string;
  constructor(message: object) {
    this.body = JSON.stringify(message);
  }
  text(): string {
    return this.body;
  }
}

/**
 * The UTF-8 bytes of a fan-out's texts, encoded once each: the same Buffer goes to every socket (ws frames it
 * without copying), where a string would be encoded again for each of a thousand writes.
 */
class SharedBytes {
  private readonly bytes = new Map<string, Buffer>();
  of(text: string): Buffer {
    let bytes = this.bytes.get(text);
    if (!bytes) this.bytes.set(text, (bytes = Buffer.from(text)));
    return bytes;
  }
}

/** Ring entries of the `crash` topic carry this event id (no sports event has it). */
const CRASH_EVENT_ID = -1;

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
  /** The crash game (topic `crash`); without it the topic stays empty. */
  crash?: CrashFeedSource;
  timers?: ConflatorTimers & {
    setInterval(fn: () => void, ms: number): unknown;
    clearInterval(handle: unknown): void;
  };
  onRelease?: (reason: string) => void;
  /** After each data message's fan-out: sockets written and the producer's timestamp (metrics). */
  onFanOut?: (sockets: number, ts: number) => void;
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
  private readonly ring: FeedRingBuffer<SentPayload>;
  private readonly rendering: FeedRendering;
  /** Rendered snapshot messages per source state object (see `statePayload`). */
  private readonly statePayloads = new WeakMap<object, FeedPayload>();
  /** Connections whose writes are held until the end of the current turn (see `holdWrites`). */
  private corked: FeedConnection[] | null = null;
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
    this.rendering = options.rendering ?? {
      competitionName: () => undefined,
      isRowMarket: () => true,
    };
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
    this.unsubscribes.push(
      this.options.bus.subscribe('fixture.match', (update) => this.publishMatch(update)),
      this.options.bus.subscribe('fixture.markets', (update) => this.conflator.add(update)),
    );
    if (this.options.crash)
      this.unsubscribes.push(this.options.crash.onMessage((message) => this.publishCrash(message)));
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

  subscribe(
    connection: FeedConnection,
    topics: FeedTopic[],
    sinceSeq?: number,
    epoch?: string,
  ): void | Promise<void> {
    const fresh = topics.filter((topic) => !connection.topics.has(topic));
    const missed =
      sinceSeq !== undefined && epoch === this.options.epoch ? this.ring.since(sinceSeq, this.seq) : null;
    // A snapshot from the source needs the events' state at hand (markets are loaded on first need). Live
    // messages are not sent to these topics meanwhile; the snapshot taken after includes their effect.
    if (!missed && this.options.source?.prepare)
      return this.prepare(fresh).then(() => this.complete(connection, topics, fresh, null));
    this.complete(connection, topics, fresh, missed);
  }

  private complete(
    connection: FeedConnection,
    topics: FeedTopic[],
    fresh: FeedTopic[],
    missed: RingEntry<SentPayload>[] | null,
  ): void {
    if (connection.isClosed) return;
    for (const topic of fresh) connection.topics.add(topic);
    if (missed) {
      const wanted = new Set(fresh);
      for (const entry of missed) {
        const view: FeedView | null =
          entry.eventId === CRASH_EVENT_ID
            ? wanted.has('crash')
              ? 'event'
              : null
            : wanted.has(`event:${entry.eventId}`)
              ? 'event'
              : entry.live && wanted.has('live')
                ? 'live'
                : null;
        const text = view && entry.payload.text(connection.locale, view, connection.brandId);
        if (text && !connection.sendText(text)) return;
      }
    } else {
      for (const topic of fresh) if (!this.sendSnapshot(connection, topic)) return;
    }
    connection.send({ type: 'subscribed', topics, seq: this.seq, mode: missed ? 'resumed' : 'snapshot' });
  }

  /** Makes the source hold what snapshots of these topics need. */
  private async prepare(topics: Iterable<FeedTopic>): Promise<void> {
    const source = this.options.source;
    if (!source?.prepare) return;
    const ids = new Set<number>();
    for (const topic of topics) {
      if (topic === 'crash') continue;
      if (topic === 'live') source.liveIds().forEach((id) => ids.add(id));
      else ids.add(Number(topic.slice('event:'.length)));
    }
    if (ids.size > 0) await source.prepare([...ids]).catch(() => undefined);
  }

  /**
   * Sends every client a fresh snapshot of each of its topics from the source of record (after a bus gap,
   * or when the producer goes silent or comes back): an ordinary resync.
   */
  async resync(): Promise<void> {
    const topics = new Set<FeedTopic>();
    for (const connection of this.connections) connection.topics.forEach((t) => topics.add(t));
    await this.prepare(topics);
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

  /**
   * Holds every client's writes until the end of this turn of the event loop: the updates published in one
   * turn (a simulator tick, a batch from Redis, conflated markets whose windows close together) then leave in
   * one write per client instead of one system call per message per client.
   */
  private holdWrites(): void {
    if (this.corked) return;
    const corked: FeedConnection[] = [];
    for (const connection of this.connections) if (connection.cork()) corked.push(connection);
    this.corked = corked;
    setImmediate(() => {
      this.corked = null;
      for (const connection of corked) connection.uncork();
    });
  }

  /** A crash game message to every `crash` subscriber, numbered into this stream like any data message. */
  private publishCrash(message: CrashBusMessage): void {
    this.holdWrites();
    this.seq += 1;
    const payload = new CrashPayload({ ...message, seq: this.seq });
    this.ring.push({
      seq: this.seq,
      eventId: CRASH_EVENT_ID,
      live: false,
      size: payload.body.length,
      payload,
    });
    const bytes = Buffer.from(payload.body);
    for (const connection of this.connections)
      if (connection.topics.has('crash')) connection.sendText(payload.body, bytes);
  }

  private fanOut(message: FeedDataMessage, live: boolean): void {
    this.holdWrites();
    this.seq = message.seq;
    const payload = new FeedPayload(message, this.rendering);
    this.ring.push({ seq: message.seq, eventId: message.eventId, live, size: payload.size, payload });
    // Deleting from a Set while iterating it is safe: a client dropped mid-loop is simply skipped.
    let sockets = 0;
    const bytes = new SharedBytes();
    for (const connection of this.connections) {
      const view = connection.viewOf(message.eventId, live);
      const text = view && payload.text(connection.locale, view, connection.brandId);
      if (text && connection.sendText(text, bytes.of(text))) sockets++;
    }
    this.options.onFanOut?.(sockets, message.ts);
  }

  private sendSnapshot(connection: FeedConnection, topic: FeedTopic): boolean {
    if (topic === 'crash') {
      const state = this.options.crash?.state();
      const texts = state ? [JSON.stringify({ type: 'crash_state', ...state, seq: this.seq })] : [];
      const corked = connection.cork();
      try {
        if (!connection.send({ type: 'snapshot', seq: this.seq, topic, count: texts.length })) return false;
        return texts.every((text) => connection.sendText(text));
      } finally {
        if (corked) connection.uncork();
      }
    }
    const view: FeedView = topic === 'live' ? 'live' : 'event';
    const texts = this.snapshotParts(topic)
      .map((part) =>
        part.stamp === null
          ? part.payload.text(connection.locale, view, connection.brandId)
          : part.payload.stamped(connection.locale, view, part.stamp, connection.brandId),
      )
      .filter((text): text is string => text !== null);
    // One write for the whole snapshot.
    const corked = connection.cork();
    try {
      if (!connection.send({ type: 'snapshot', seq: this.seq, topic, count: texts.length })) return false;
      return texts.every((text) => connection.sendText(text));
    } finally {
      if (corked) connection.uncork();
    }
  }

  /**
   * A source state's message as a payload, rendered once: the source hands out the same state objects until
   * the event changes, so a thousand clients subscribing to `live` (or a resync of all of them) serialise each
   * event once per language and view instead of once per client.
   */
  private statePayload(key: object, message: () => MatchUpdate | MarketUpdate): FeedPayload {
    let payload = this.statePayloads.get(key);
    if (!payload) {
      payload = new FeedPayload(message(), this.rendering);
      this.statePayloads.set(key, payload);
    }
    return payload;
  }

  /**
   * The messages that rebuild a topic: from the source of record when there is one (complete, and current
   * after a gap), else from what this stream has seen. All carry the current `seq`.
   */
  private snapshotParts(topic: FeedTopic): { payload: FeedPayload; stamp: number | null }[] {
    const source = this.options.source;
    const seen = this.state.snapshot(topic, this.seq);
    const asSeen = (m: FeedDataMessage) => ({ payload: new FeedPayload(m, this.rendering), stamp: null });
    if (!source) return seen.map(asSeen);
    const ids = topic === 'live' ? source.liveIds() : [Number(topic.slice('event:'.length))];
    const known = source.states(ids);
    const stamp = this.seq;
    const fromSource = known.flatMap(({ match, markets }) => [
      { payload: this.statePayload(match, () => match), stamp },
      ...(markets.length > 0
        ? [
            {
              payload: this.statePayload(markets, () => ({
                type: 'market_update' as const,
                eventId: match.eventId,
                markets,
                ts: match.ts,
              })),
              stamp,
            },
          ]
        : []),
    ]);
    // Events the source does not know at all (yet) keep what this stream has seen of them.
    const unknown = new Set(seen.map((m) => m.eventId));
    for (const id of unknown) if (source.states([id]).length > 0) unknown.delete(id);
    return [...fromSource, ...seen.filter((m) => unknown.has(m.eventId)).map(asSeen)];
  }

  private beat(): void {
    const text = JSON.stringify({ type: 'heartbeat', seq: this.seq, ts: this.options.clock.now() });
    const bytes = Buffer.from(text);
    for (const connection of this.connections) {
      if (!connection.alive) {
        connection.terminate('no_pong');
        continue;
      }
      connection.alive = false;
      connection.ping();
      connection.sendText(text, bytes);
    }
  }
}
