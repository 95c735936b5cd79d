import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  createGapDetector,
  createHandlerRegistry,
  createMemoryBus,
  type BusErrorReporter,
  type BusEvents,
  type BusHandler,
  type BusTopic,
  type EventBus,
} from './bus';

export interface RedisBusOptions {
  url: string;
  /** Prepended to every channel name: instances of one deployment share it; tests use a unique one. */
  channelPrefix: string;
  onError?: BusErrorReporter;
  /** Called when the subscriber connection is ready again after a drop (messages in between were lost). */
  onResubscribed?: () => void;
}

/** Reconnect delay in ms: grows by 100 ms per attempt, capped at 2 s; ioredis never gives up. */
const retryStrategy = (attempt: number) => Math.min(attempt * 100, 2_000);

/**
 * EventBus over Redis pub/sub. One connection publishes, one subscribes (a subscribed Redis
 * connection can do nothing else). While both connections are up, a message published here comes back through
 * Redis to this instance's handlers too, exactly like every other instance's (one order for everyone). While Redis
 * cannot be reached (issue 32 item 10), a message is handed to this instance's own handlers at once instead: the
 * producer keeps serving its own clients (feed data, crash ticks) and never waits on the connection's retries. The
 * other instances missed those messages: their subscriber's reconnect (or the skipped sequence number) is a gap, and
 * they rebuild from the database. ioredis reconnects and re-subscribes by itself; pub/sub keeps no history. Each
 * message travels in an envelope `{p, s, d}`: the producer (this bus's id), its sequence number on that topic and
 * the payload; a skipped number or a reconnect calls the gap handlers, whose consumers rebuild from the database.
 */
export function createRedisBus(options: RedisBusOptions): EventBus {
  const onError = options.onError ?? (() => {});
  const producer = randomUUID().slice(0, 8);
  const gapHandlers = new Set<(reason: string) => void>();
  const reportGap = (reason: string) => {
    for (const handler of gapHandlers) {
      try {
        handler(reason);
      } catch (error) {
        onError(error, 'gap handler');
      }
    }
  };
  const bus: RedisBusParts = {
    options,
    onError,
    producer,
    ...connectionsOf(options, producer),
    registry: createHandlerRegistry(onError),
    topicOf: new Map(),
    pending: new Set(),
    state: { closed: false, readyOnce: false },
    sequences: new Map(),
    reportGap,
    gaps: createGapDetector(reportGap),
  };
  const { publisher, subscriber, registry, pending, state } = bus;

  // The publisher's first connection attempt, ended either way: a message published before it is only delivered here.
  const firstConnection = new Promise<void>((resolve) => {
    publisher.once('ready', () => resolve());
    publisher.once('reconnecting', () => resolve());
    publisher.once('end', () => resolve());
  });
  publisher.on('error', (error) => onError(error, 'redis publisher'));
  subscriber.on('error', (error) => onError(error, 'redis subscriber'));
  watchSubscriber(bus);

  return {
    id: producer,
    publish: (topic, payload) => publish(bus, topic, payload),
    onGap(handler) {
      gapHandlers.add(handler);
      return () => void gapHandlers.delete(handler);
    },
    subscribe: (topic, handler) => subscribe(bus, topic, handler),
    async ready() {
      await Promise.all([...pending, firstConnection]);
    },
    connected: () => publisher.status === 'ready' && subscriber.status === 'ready',
    async close() {
      if (state.closed) return;
      state.closed = true;
      registry.clear();
      await Promise.all([quit(publisher), quit(subscriber)]);
    },
  };
}

/** One Redis bus's connections, handlers and bookkeeping, shared by the functions below. */
interface RedisBusParts {
  options: RedisBusOptions;
  onError: BusErrorReporter;
  /** This bus's id: its messages' producer in the envelope. */
  producer: string;
  publisher: Redis;
  subscriber: Redis;
  registry: ReturnType<typeof createHandlerRegistry>;
  /** Channel name → topic, for the topics this instance subscribes to. */
  topicOf: Map<string, BusTopic>;
  /** SUBSCRIBEs not yet answered (`ready()` waits for them). */
  pending: Set<Promise<unknown>>;
  /** `closed`: after `close()`; `readyOnce`: the subscriber was ready before (a later ready is a reconnect). */
  state: { closed: boolean; readyOnce: boolean };
  /** The last sequence number this bus gave each topic. */
  sequences: Map<BusTopic, number>;
  reportGap: (reason: string) => void;
  gaps: ReturnType<typeof createGapDetector>;
}

/** The two connections, named per instance (prefix + role + producer id) so an operator or a test can tell them apart. */
function connectionsOf(options: RedisBusOptions, producer: string): { publisher: Redis; subscriber: Redis } {
  const common = { retryStrategy, maxRetriesPerRequest: 2, enableAutoPipelining: true };
  const publisher = new Redis(options.url, {
    ...common,
    connectionName: `${options.channelPrefix}pub:${producer}`,
  });
  const subscriber = new Redis(options.url, {
    ...common,
    connectionName: `${options.channelPrefix}sub:${producer}`,
  });
  return { publisher, subscriber };
}

const channelOf = (bus: RedisBusParts, topic: BusTopic) => `${bus.options.channelPrefix}${topic}`;

/** The subscriber's reconnects (a gap: subscribe again) and its messages (checked for gaps, then dispatched). */
function watchSubscriber(bus: RedisBusParts): void {
  const { subscriber, topicOf, gaps, registry, onError, state } = bus;
  subscriber.on('ready', () => {
    if (state.readyOnce) {
      // ioredis re-subscribes what the dropped connection had confirmed; a SUBSCRIBE still unanswered when it
      // dropped (a flapping restart) would be lost for good. Subscribing again to a channel is harmless.
      const channels = [...topicOf.keys()];
      if (channels.length > 0)
        subscriber.subscribe(...channels).catch((error: unknown) => onError(error, 'resubscribe'));
      gaps.forget();
      bus.reportGap('redis subscriber reconnected');
      bus.options.onResubscribed?.();
    }
    state.readyOnce = true;
  });
  subscriber.on('message', (name: string, raw: string) => {
    const topic = topicOf.get(name);
    if (!topic) return;
    let envelope: { p: string; s: number; d: BusEvents[BusTopic] };
    try {
      envelope = JSON.parse(raw) as typeof envelope;
    } catch (error) {
      onError(error, `malformed message on ${name}`);
      return;
    }
    gaps.seen(envelope.p, topic, envelope.s);
    registry.dispatch(topic, envelope.d);
  });
}

/** Publishes through Redis when both connections are up, else (or when that fails) to this instance's handlers. */
async function publish<K extends BusTopic>(
  bus: RedisBusParts,
  topic: K,
  payload: BusEvents[K],
): Promise<void> {
  const { publisher, subscriber, registry, sequences, onError } = bus;
  if (bus.state.closed) return;
  // Numbered in publish order; Redis keeps that order per publishing connection. A number is used up by a
  // message Redis never carried too, so an instance whose subscriber stayed up sees the gap.
  const seq = (sequences.get(topic) ?? 0) + 1;
  sequences.set(topic, seq);
  // Not handed to a connection that is not ready: ioredis would queue it and hold the caller through its
  // retries, then drop it, or deliver it late, after the others' resync.
  if (publisher.status !== 'ready') return registry.dispatch(topic, payload);
  // Our subscriber is down: the message cannot come back to this instance through Redis.
  const echoed = subscriber.status === 'ready';
  if (!echoed) registry.dispatch(topic, payload);
  try {
    await publisher.publish(channelOf(bus, topic), JSON.stringify({ p: bus.producer, s: seq, d: payload }));
  } catch (error) {
    // The connection dropped with the message on it: this instance's clients still get it; the others resync.
    onError(error, `publish ${topic}: delivered on this instance only`);
    if (echoed) registry.dispatch(topic, payload);
  }
}

/** Adds a handler; the topic's first one subscribes its channel, the last one's removal unsubscribes it. */
function subscribe<K extends BusTopic>(bus: RedisBusParts, topic: K, handler: BusHandler<K>): () => void {
  const { subscriber, registry, topicOf, pending, onError, state } = bus;
  const channel = channelOf(bus, topic);
  const { first, remove } = registry.add(topic, handler);
  if (first && !state.closed) {
    topicOf.set(channel, topic);
    const subscribing = subscriber
      .subscribe(channel)
      .catch((error: unknown) => onError(error, `subscribe ${topic}`));
    pending.add(subscribing);
    void subscribing.finally(() => pending.delete(subscribing));
  }
  return () => {
    if (!remove() || state.closed) return;
    topicOf.delete(channel);
    subscriber.unsubscribe(channel).catch((error: unknown) => onError(error, `unsubscribe ${topic}`));
  };
}

/** QUIT when connected (flushes pending commands); a connection still retrying is just dropped. */
async function quit(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    await client.quit().catch(() => client.disconnect());
  } else {
    client.disconnect();
  }
}

/** The bus of this deployment: in process by default, Redis pub/sub when REDIS_URL is set. */
export function createConfiguredBus(
  config: { REDIS_URL?: string | undefined; REDIS_CHANNEL_PREFIX: string },
  onError: BusErrorReporter,
): EventBus {
  if (!config.REDIS_URL) return createMemoryBus(onError);
  return createRedisBus({ url: config.REDIS_URL, channelPrefix: config.REDIS_CHANNEL_PREFIX, onError });
}
