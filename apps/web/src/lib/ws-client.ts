import type { FeedClientMessage, FeedServerMessage, FeedTopic, Locale } from '@sb/contract';
import {
  FEED_HEARTBEAT_MS,
  FEED_PATH,
  FEED_RECONNECT_MAX_MS,
  FEED_RECONNECT_MS,
  FEED_STALE_HEARTBEATS,
} from '@sb/contract/constants';

/**
 * The fields each server message must carry, with their JSON types. A structural check instead
 * of the contract's zod schema keeps zod out of the web bundle; the server validates what it sends.
 */
const REQUIRED_FIELDS: Record<string, Record<string, 'number' | 'string' | 'object' | 'boolean'>> = {
  match_update: {
    seq: 'number',
    eventId: 'number',
    competition: 'object',
    data: 'object',
    isLive: 'boolean',
  },
  market_update: { seq: 'number', eventId: 'number', markets: 'object' },
  crash_state: { seq: 'number', bets: 'object', history: 'object', ts: 'number' },
  crash_tick: { seq: 'number', roundId: 'number', multiplier: 'number', elapsedMs: 'number', ts: 'number' },
  crash_bets: { seq: 'number', bets: 'object', ts: 'number' },
  heartbeat: { seq: 'number', ts: 'number' },
  hello: { seq: 'number', version: 'number', epoch: 'string', heartbeatMs: 'number' },
  snapshot: { seq: 'number', topic: 'string', count: 'number' },
  subscribed: { seq: 'number', topics: 'object' },
  unsubscribed: { topics: 'object' },
  authenticated: { anonymous: 'boolean' },
  error: { code: 'string', message: 'string' },
};

export function parseFeedMessage(raw: string): FeedServerMessage {
  const value: unknown = JSON.parse(raw);
  const record = value as Record<string, unknown> | null;
  const fields = typeof record?.type === 'string' ? REQUIRED_FIELDS[record.type] : undefined;
  if (!record || !fields) throw new Error('unknown feed message type');
  for (const [key, type] of Object.entries(fields)) {
    if (typeof record[key] !== type || record[key] === null)
      throw new Error(`feed message ${record.type} lacks ${key}`);
  }
  return value as FeedServerMessage;
}

/** The part of the browser WebSocket the client uses (tests pass a fake). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type FeedStatus = 'connecting' | 'open' | 'stale' | 'closed';
type MessageOf<K extends FeedServerMessage['type']> = Extract<FeedServerMessage, { type: K }>;
type Listener<T> = (value: T) => void;

export interface FeedClientOptions {
  /** ws(s)://…/ws/feed. Never put a token here: pass `token` instead, it goes in the first message. */
  url: string;
  token?: () => string | null | undefined;
  /** Language of the feed's texts (competition names); sent with every subscribe. */
  locale?: Locale;
  createSocket?: (url: string) => WebSocketLike;
  reconnectMs?: number;
  maxReconnectMs?: number;
  /** 0..1, spreads reconnects of many clients after a server restart; tests pass () => 0. */
  random?: () => number;
}

const OPEN = 1;
const STALE_CLOSE_CODE = 4000;

/**
 * Framework-free live-feed client: connects, (re)subscribes its topics, resumes from the last
 * sequence number it has fully seen, reconnects with exponential backoff from FEED_RECONNECT_MS,
 * and declares the feed stale (then reconnects) when nothing arrives for 2.5 heartbeats.
 * Every message is parsed with the contract schema; listeners receive typed messages.
 */
export class FeedClient {
  private socket: WebSocketLike | null = null;
  private readonly topicRefs = new Map<FeedTopic, number>();
  private readonly listeners = new Map<string, Set<Listener<never>>>();
  /** Last position fully received: a resume asks for what came after it. */
  private position: { epoch: string; seq: number } | null = null;
  private connEpoch: string | null = null;
  private synced = false;
  private snapshotRemaining = 0;
  private heartbeatMs = FEED_HEARTBEAT_MS;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private staleTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private currentStatus: FeedStatus = 'closed';

  constructor(private readonly options: FeedClientOptions) {}

  get status(): FeedStatus {
    return this.currentStatus;
  }

  /** The stream position a reconnect will resume from (null before the first sync). */
  get resumePosition(): { epoch: string; seq: number } | null {
    return this.position && { ...this.position };
  }

  connect(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.open();
  }

  /** Stops for good: no reconnect until `connect()` again. */
  close(): void {
    this.stopped = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) this.detach(socket).close(1000, 'client closed');
    this.setStatus('closed');
  }

  /** Adds interest in a topic (counted: several screens may want the same one); returns the release. */
  subscribe(topic: FeedTopic): () => void {
    const count = this.topicRefs.get(topic) ?? 0;
    this.topicRefs.set(topic, count + 1);
    if (count === 0) this.sendWhenOpen({ type: 'subscribe', topics: [topic], ...this.localeField() });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.topicRefs.get(topic) ?? 1) - 1;
      if (left > 0) return void this.topicRefs.set(topic, left);
      this.topicRefs.delete(topic);
      this.sendWhenOpen({ type: 'unsubscribe', topics: [topic] });
    };
  }

  on<K extends FeedServerMessage['type']>(type: K, listener: Listener<MessageOf<K>>): () => void {
    return this.listen(type, listener);
  }

  onStatus(listener: Listener<FeedStatus>): () => void {
    return this.listen('status', listener);
  }

  /** Messages that failed the contract (a newer server, a broken proxy): reported, never thrown. */
  onProtocolError(listener: Listener<unknown>): () => void {
    return this.listen('protocol_error', listener);
  }

  private listen(key: string, listener: Listener<never>): () => void {
    const set = this.listeners.get(key) ?? new Set();
    this.listeners.set(key, set);
    set.add(listener);
    return () => set.delete(listener);
  }

  private emit(key: string, value: unknown): void {
    for (const listener of this.listeners.get(key) ?? []) (listener as Listener<unknown>)(value);
  }

  private open(): void {
    this.setStatus('connecting');
    const create =
      this.options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as WebSocketLike);
    const socket = create(this.options.url);
    this.socket = socket;
    this.connEpoch = null;
    this.synced = false;
    this.snapshotRemaining = 0;
    socket.onopen = () => this.handleOpen(socket);
    socket.onmessage = (event) => this.handleMessage(event.data);
    socket.onerror = () => socket.close(); // spec §7: close on error; onclose then reconnects
    socket.onclose = () => this.handleClose(socket);
    this.armStaleTimer();
  }

  private handleOpen(socket: WebSocketLike): void {
    const token = this.options.token?.();
    if (token) socket.send(JSON.stringify({ type: 'auth', token } satisfies FeedClientMessage));
    const topics = [...this.topicRefs.keys()];
    if (topics.length === 0) return;
    const resume = this.position ? { sinceSeq: this.position.seq, epoch: this.position.epoch } : {};
    socket.send(
      JSON.stringify({
        type: 'subscribe',
        topics,
        ...resume,
        ...this.localeField(),
      } satisfies FeedClientMessage),
    );
  }

  private localeField(): { locale?: Locale } {
    return this.options.locale ? { locale: this.options.locale } : {};
  }

  private handleMessage(data: unknown): void {
    this.armStaleTimer();
    let message: FeedServerMessage;
    try {
      message = parseFeedMessage(String(data));
    } catch (error) {
      return this.emit('protocol_error', error);
    }
    if (this.currentStatus !== 'open') this.setStatus('open');
    this.track(message);
    this.emit(message.type, message);
  }

  /** Moves the resume position only past what this client has completely received. */
  private track(message: FeedServerMessage): void {
    switch (message.type) {
      case 'hello':
        this.connEpoch = message.epoch;
        this.heartbeatMs = message.heartbeatMs;
        this.attempt = 0;
        this.armStaleTimer();
        return;
      case 'snapshot':
        this.snapshotRemaining = message.count;
        return;
      case 'subscribed':
        this.synced = true;
        this.advance(message.seq);
        return;
      case 'heartbeat':
        if (this.synced) this.advance(message.seq);
        return;
      case 'match_update':
      case 'market_update':
        if (this.snapshotRemaining > 0) this.snapshotRemaining -= 1;
        else if (this.synced || this.connEpoch === this.position?.epoch) this.advance(message.seq);
        return;
      default:
        return;
    }
  }

  private advance(seq: number): void {
    if (!this.connEpoch || this.snapshotRemaining > 0) return;
    const sameStream = this.position?.epoch === this.connEpoch;
    this.position = { epoch: this.connEpoch, seq: sameStream ? Math.max(seq, this.position!.seq) : seq };
  }

  private handleClose(socket: WebSocketLike): void {
    if (socket !== this.socket) return;
    this.detach(socket);
    this.socket = null;
    if (this.stopped) return;
    this.clearTimers();
    this.setStatus('connecting');
    const base = this.options.reconnectMs ?? FEED_RECONNECT_MS;
    const cap = this.options.maxReconnectMs ?? FEED_RECONNECT_MAX_MS;
    const delay =
      Math.min(base * 2 ** this.attempt, cap) * (1 + 0.2 * (this.options.random ?? Math.random)());
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.open(), delay);
  }

  private armStaleTimer(): void {
    if (this.staleTimer) clearTimeout(this.staleTimer);
    this.staleTimer = setTimeout(() => this.goneStale(), this.heartbeatMs * FEED_STALE_HEARTBEATS);
  }

  /** Nothing for 2.5 heartbeats: the connection is presumed dead; drop it and reconnect. */
  private goneStale(): void {
    const socket = this.socket;
    if (!socket) return;
    this.setStatus('stale');
    socket.close(STALE_CLOSE_CODE, 'stale');
    this.handleClose(socket);
  }

  private sendWhenOpen(message: FeedClientMessage): void {
    // Not open yet: handleOpen subscribes every current topic, so nothing is lost.
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private detach(socket: WebSocketLike): WebSocketLike {
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    return socket;
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.staleTimer) clearTimeout(this.staleTimer);
    this.reconnectTimer = this.staleTimer = null;
  }

  private setStatus(status: FeedStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    this.emit('status', status);
  }
}

/** The feed's ws(s):// address for an API base address ('' = same origin as the page). */
export function feedUrl(apiBase: string, pageOrigin: string): string {
  const url = new URL(FEED_PATH, apiBase || pageOrigin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export function createFeedClient(options: FeedClientOptions): FeedClient {
  return new FeedClient(options);
}
