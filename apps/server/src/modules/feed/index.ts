import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config/config';
import type { DomainMetrics } from '../../observability/metrics';
import type { Clock } from '../../lib/clock';
import type { IdSource } from '../../lib/ids';
import type { EventBus } from '../../plugins/bus';
import type { VerifyToken } from './feed.connection';
import { FeedHub, type CrashFeedSource, type FeedLimits, type FeedStateSource } from './feed.hub';
import type { FeedRendering } from './feed.payload';
import { feedRoutes } from './feed.routes';

export type { FeedIdentity, VerifyToken } from './feed.connection';
export type { CrashFeedSource, EventState, FeedHub, FeedLimits, FeedStateSource } from './feed.hub';
export type { BrandMarkets, FeedRendering } from './feed.payload';

/**
 * Until the identity module exists there are no per-user topics, so every token is accepted as
 * an anonymous visitor. The identity module replaces this with a real check.
 */
export const anonymousVerifier: VerifyToken = async () => ({ userId: null });

/** The feed's limits from the configuration; the ones no operator needs to tune are fixed here. */
export function feedLimitsFromConfig(config: Config): FeedLimits {
  return {
    heartbeatMs: config.FEED_HEARTBEAT_MS,
    conflateMs: config.FEED_CONFLATE_MS,
    ringSize: config.FEED_RING_SIZE,
    ringMaxBytes: config.FEED_RING_MAX_BYTES,
    maxEvents: config.FEED_MAX_EVENTS,
    maxMarketsPerEvent: 1_000,
    maxBufferedBytes: config.FEED_MAX_BUFFERED_BYTES,
    maxStrikes: 3,
    maxTopics: 100,
  };
}

export function createFeedModule(deps: {
  bus: EventBus;
  clock: Clock;
  ids: IdSource;
  limits: FeedLimits;
  verifyToken?: VerifyToken;
  /** Languages and row markets of the texts sent. */
  rendering?: FeedRendering;
  /** Current state (the sports read model): the start, resyncs and events not seen yet. */
  source?: FeedStateSource;
  /** The crash game's messages and state (topic `crash`). */
  crash?: CrashFeedSource;
  /** Where dropped clients are reported (slow consumers, dead connections): operators watch for them. */
  log?: { info(details: object, message: string): void };
  metrics?: DomainMetrics;
  /** Open feed connections one address may hold on this instance (default: no cap). */
  maxConnectionsPerAddress?: number;
  /** The brand of a connection's site (its host): market updates go out in that brand's prices. */
  brandOf?: (request: FastifyRequest) => Promise<number | null>;
}) {
  const hub = new FeedHub({
    bus: deps.bus,
    clock: deps.clock,
    epoch: deps.ids.uuid(),
    limits: deps.limits,
    verifyToken: deps.verifyToken ?? anonymousVerifier,
    rendering: deps.rendering,
    source: deps.source,
    crash: deps.crash,
    onRelease: (reason) => {
      if (reason === 'slow_consumer' || reason === 'no_pong') {
        deps.log?.info({ reason }, 'feed client dropped');
        deps.metrics?.feedDropped(reason);
      }
    },
    onFanOut: deps.metrics && ((sockets, ts) => deps.metrics?.feedSent(sockets, deps.clock.now() - ts)),
  });
  hub.start();
  return {
    hub,
    routes: feedRoutes(hub, deps.maxConnectionsPerAddress ?? Number.POSITIVE_INFINITY, deps.brandOf),
    /** Sends every client fresh snapshots from the source (after a bus gap or a producer change). */
    resync: () => hub.resync(),
    close: () => hub.close(),
  };
}

export type FeedModule = ReturnType<typeof createFeedModule>;
