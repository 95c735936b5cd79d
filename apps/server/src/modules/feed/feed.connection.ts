import {
  DEFAULT_LOCALE,
  FEED_MAX_CLIENT_MESSAGE_BYTES,
  type Locale,
  feedClientMessageSchema,
  type FeedClientMessage,
  type FeedServerMessage,
  type FeedTopic,
} from '@sb/contract';
import type { BackpressurePolicy } from './feed.backpressure';

/** The part of a `ws` WebSocket the feed uses (tests pass fakes). */
export interface FeedSocket {
  readonly bufferedAmount: number;
  /** Sends a text frame: a string, or the UTF-8 bytes of one (a fan-out encodes its text once for every socket). */
  send(data: string | Buffer): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
  /** Holds writes in memory until `uncork` (the TCP socket's cork): several messages leave in one write. */
  cork?(): void;
  uncork?(): void;
}

/** Who is on the other end; `userId: null` is an anonymous visitor. */
export interface FeedIdentity {
  userId: string | null;
}
/** Resolves a bearer token to an identity, or null when the token is not valid. Never logs the token. */
export type VerifyToken = (token: string) => Promise<FeedIdentity | null>;

/** What a connection asks of the hub it belongs to. */
export interface FeedConnectionHost {
  subscribe(
    connection: FeedConnection,
    topics: FeedTopic[],
    sinceSeq?: number,
    epoch?: string,
  ): void | Promise<void>;
  currentSeq(): number;
  now(): number;
  /** The connection is gone (closed, dropped or terminated): forget it. */
  release(connection: FeedConnection, reason: string): void;
}

export interface FeedConnectionOptions {
  socket: FeedSocket;
  host: FeedConnectionHost;
  policy: BackpressurePolicy;
  verifyToken: VerifyToken;
  /** Bad messages tolerated before the connection is closed. */
  maxStrikes: number;
  maxTopics: number;
}

/** Client messages waiting behind a slow one (an auth check): more than this is a flood, and closes. */
const MAX_PENDING_MESSAGES = 32;

/** WebSocket close codes the feed uses. */
export const FEED_CLOSE = { policy: 1008, tooLarge: 1009, unauthorized: 4401 } as const;

/** One client of the feed: its topics, identity and bad-message count; every send passes the backpressure policy. */
export class FeedConnection {
  readonly topics = new Set<FeedTopic>();
  identity: FeedIdentity = { userId: null };
  /** The language of the texts it gets (`locale` on subscribe; the default until then). */
  locale: Locale = DEFAULT_LOCALE;
  /** The brand of the site it connected from (its host): market updates carry that brand's prices. */
  brandId: number | null = null;
  /** Cleared at each heartbeat, set by the client's pong: a connection still false at the next one is dead. */
  alive = true;
  private closed = false;
  private received = 0;
  private strikes = 0;
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(private readonly options: FeedConnectionOptions) {}

  get isClosed(): boolean {
    return this.closed;
  }

  send(message: FeedServerMessage): boolean {
    return this.sendText(JSON.stringify(message));
  }

  /**
   * Sends pre-serialised text (shared by every recipient of a fan-out), as `bytes` when given (its UTF-8 encoding,
   * made once for all of them); false when the client is gone or dropped.
   */
  sendText(text: string, bytes?: Buffer): boolean {
    if (this.closed) return false;
    // String length stands in for bytes: feed JSON is almost all ASCII, and the cap is a bound, not an exact figure.
    if (this.options.policy(this.options.socket.bufferedAmount, text.length) === 'drop') {
      this.terminate('slow_consumer');
      return false;
    }
    this.options.socket.send(bytes ?? text);
    return true;
  }

  /**
   * Which form of a data message of `eventId` (sent to `live` when `live`) this client gets: every market as
   * an `event:<id>` subscriber, the row markets as a `live` one, or nothing.
   */
  viewOf(eventId: number, live: boolean): 'event' | 'live' | null {
    if (this.topics.has(`event:${eventId}`)) return 'event';
    return live && this.topics.has('live') ? 'live' : null;
  }

  /** A frame from the client: `text` is null for binary frames. Handled one at a time, in order. */
  receive(text: string | null, byteLength: number): void {
    if (this.pending >= MAX_PENDING_MESSAGES) return this.close(FEED_CLOSE.policy, 'too many messages');
    this.pending += 1;
    this.queue = this.queue
      .then(() => this.handle(text, byteLength))
      .catch(() => this.terminate('handler_error'))
      .finally(() => {
        this.pending -= 1;
      });
  }

  /** Holds this client's writes until `uncork`; false when its socket cannot (then nothing is held). */
  cork(): boolean {
    if (this.closed || !this.options.socket.cork) return false;
    this.options.socket.cork();
    return true;
  }

  /** Writes out what `cork` held (also after the connection closed: the socket decides what is left to do). */
  uncork(): void {
    this.options.socket.uncork?.();
  }

  /** A WebSocket ping: the client's automatic pong proves it is still there. */
  ping(): void {
    if (!this.closed) this.options.socket.ping();
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.options.socket.close(code, reason);
    this.options.host.release(this, reason);
  }

  terminate(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.options.socket.terminate();
    this.options.host.release(this, reason);
  }

  /** Ends the TCP connection now, even mid close-handshake: shutdown must not wait on a silent client. */
  forceTerminate(): void {
    this.closed = true;
    this.options.socket.terminate();
  }

  /** The socket closed from the other side. */
  closedByPeer(): void {
    if (this.closed) return;
    this.closed = true;
    this.options.host.release(this, 'peer_closed');
  }

  private async handle(text: string | null, byteLength: number): Promise<void> {
    if (this.closed) return;
    this.received += 1;
    if (byteLength > FEED_MAX_CLIENT_MESSAGE_BYTES) {
      this.send({
        type: 'error',
        code: 'message_too_large',
        message: `messages are limited to ${FEED_MAX_CLIENT_MESSAGE_BYTES} bytes`,
      });
      return this.close(FEED_CLOSE.tooLarge, 'message too large');
    }
    const message = parseClientMessage(text);
    if (typeof message === 'string') return this.strike('bad_message', message);
    await this.dispatch(message);
  }

  private async dispatch(message: FeedClientMessage): Promise<void> {
    const { host } = this.options;
    switch (message.type) {
      case 'auth':
        return this.authenticate(message.token);
      case 'subscribe': {
        const topics = [...new Set(message.topics)];
        const total = new Set([...this.topics, ...topics]).size;
        if (total > this.options.maxTopics)
          return this.strike('too_many_topics', `at most ${this.options.maxTopics} topics`);
        if (message.locale) this.locale = message.locale;
        return host.subscribe(this, topics, message.sinceSeq, message.epoch);
      }
      case 'unsubscribe':
        for (const topic of message.topics) this.topics.delete(topic);
        this.send({ type: 'unsubscribed', topics: message.topics });
        return;
      case 'ping':
        this.send({ type: 'heartbeat', seq: host.currentSeq(), ts: host.now() });
        return;
    }
  }

  private async authenticate(token: string): Promise<void> {
    if (this.received !== 1)
      return this.strike('auth_not_first', 'auth must be the first message of a connection');
    const identity = await this.options.verifyToken(token);
    if (!identity) {
      this.send({ type: 'error', code: 'unauthorized', message: 'invalid or expired token' });
      return this.close(FEED_CLOSE.unauthorized, 'unauthorized');
    }
    this.identity = identity;
    this.send({ type: 'authenticated', anonymous: identity.userId === null });
  }

  private strike(code: string, message: string): void {
    this.strikes += 1;
    this.send({ type: 'error', code, message });
    if (this.strikes >= this.options.maxStrikes) this.close(FEED_CLOSE.policy, 'too many bad messages');
  }
}

/** The parsed message, or a description of what is wrong with it. */
function parseClientMessage(text: string | null): FeedClientMessage | string {
  if (text === null) return 'binary frames are not accepted';
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'message is not JSON';
  }
  const parsed = feedClientMessageSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return `invalid message${issue?.path.length ? ` at ${issue.path.join('.')}` : ''}: ${issue?.message ?? 'unknown'}`;
}
