// HTTP registration, the second half of the composition root (app.ts): the Fastify instance and its infrastructure
// plugins, the live feed, the jobs' start and the shutdown order, and every module's routes. The modules are made
// before any of this, in app.modules.ts.
import Fastify, { type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/config';
import type { Database } from './db/database';
import type { Clock } from './lib/clock';
import type { IdSource } from './lib/ids';
import type { EventBus } from './plugins/bus';
import { registerCors } from './plugins/cors';
import { registerDocs } from './plugins/docs';
import { registerErrorHandling } from './plugins/errors';
import { registerBodyParsers } from './plugins/body-parsers';
import { registerCompression } from './plugins/compression';
import { registerTextInputGuard } from './plugins/text-input';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerRateLimit } from './plugins/rate-limit';
import { loggerOptions } from './plugins/logger';
import { registerWeb } from './plugins/web';
import { registerBackoffice } from './plugins/backoffice';
import { createFeedModule, feedLimitsFromConfig, type VerifyToken } from './modules/feed/index';
import { contentRoutes, TRANSLATIONS } from './modules/content/index';
import { guardOpsRoutes } from './modules/ops/index';
import type { DomainMetrics, Metrics } from './observability/metrics';
import { registerHttpMetrics } from './plugins/metrics';
import { createReadiness } from './plugins/readiness';
import { registerRequestId, requestIdGenerator } from './plugins/request-id';
import { registerLoadShedding } from './plugins/under-pressure';
import { capConnectionsPerAddress, cutSlowBodies } from './plugins/http-limits';
import type { Modules } from './app.modules';

/**
 * permessage-deflate of the live feed, with a bounded cost per connection: the compressor of a connection uses
 * a 2 KiB window (2^11) at memLevel 5, about 8 KiB + 16 KiB of zlib state, and keeps no context between
 * messages (server_no_context_takeover), so nothing grows with time. Without context takeover `ws` honours the
 * threshold: messages under 8 KiB (match and market updates) go out as they are, while snapshots, the big ones,
 * shrink several times. Compressing every update for every client queued them behind zlib instead (bench/peak.ts
 * at 1,000 clients: 1–2 s delivery; with a 1 KiB threshold still 0.9 s at p99). At most 10 zlib jobs at once.
 */
export const FEED_DEFLATE = {
  serverNoContextTakeover: true,
  clientNoContextTakeover: true,
  serverMaxWindowBits: 11,
  clientMaxWindowBits: 11,
  zlibDeflateOptions: { memLevel: 5, level: 6 },
  threshold: 8_192,
  concurrencyLimit: 10,
};

/** Fastify's trustProxy from TRUST_PROXY: `false` (default, no proxy), `true`, or a list of addresses/CIDRs. */
export function trustProxyOption(value: string): boolean | string[] {
  if (value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((p) => p.trim());
}

/** The Fastify instance, its bounds and its infrastructure plugins (no module's routes yet). */
export function createHttpServer(config: Config, logStream?: { write(line: string): void }) {
  const app: FastifyInstance = Fastify({
    logger: logStream ? { ...(loggerOptions(config) as object), stream: logStream } : loggerOptions(config),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    genReqId: requestIdGenerator(trustProxyOption(config.TRUST_PROXY)),
    bodyLimit: 256 * 1024,
    // Headers and body must arrive within this: a slow body cannot hold a connection open (issue 32 item 11).
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    // Fastify's own 10 s bound also applies to the close hooks: on a busy machine the producers' last tick can take
    // longer to stop, and `app.close()` then fails. The process bounds its shutdown itself (SHUTDOWN_TIMEOUT_MS in
    // main.ts); this bound only catches a plugin that never finishes loading.
    pluginTimeout: 120_000,
  });
  capConnectionsPerAddress(app, config.HTTP_MAX_CONNECTIONS_PER_ADDRESS);
  cutSlowBodies(app, config.HTTP_REQUEST_TIMEOUT_MS);
  return app;
}

/** Error handling, request ids, metrics, load shedding, parsers, compression, headers, limits, CORS, docs, ws. */
export async function registerInfrastructure(
  app: FastifyInstance,
  config: Config,
  metrics: Metrics,
  { tenancy }: Pick<Modules, 'tenancy'>,
) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  guardOpsRoutes(app);
  registerRequestId(app);
  if (config.METRICS_ENABLED) registerHttpMetrics(app, metrics);
  await registerLoadShedding(app, {
    maxEventLoopDelayMs: config.SHED_MAX_EVENT_LOOP_DELAY_MS,
    maxHeapUsedBytes: config.SHED_MAX_HEAP_USED_MB * 1024 * 1024,
    maxEventLoopUtilization: config.SHED_MAX_EVENT_LOOP_UTILIZATION,
    sampleIntervalMs: config.SHED_SAMPLE_INTERVAL_MS,
    retryAfterSeconds: config.SHED_RETRY_AFTER_S,
    onShed: metrics.http.shed,
  });
  registerBodyParsers(app);
  registerTextInputGuard(app);
  await registerCompression(app);
  await registerSecurityHeaders(app, config);
  // Limits are set per route (betPlace, checkBets, cash-out, casino plays); Redis counts them with REDIS_URL.
  await registerRateLimit(app, config);
  await registerCors(app, async (hostname) => (await tenancy.service.findByHost(hostname)) !== null);
  await registerDocs(app);
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024, perMessageDeflate: FEED_DEFLATE },
  });
}

export interface FeedWiring {
  config: Config;
  bus: EventBus;
  clock: Clock;
  ids: IdSource;
  domain: DomainMetrics;
  verifyFeedToken?: VerifyToken;
}

/** The live feed: the sports read side's and the crash game's topics, to the app's WebSocket clients. */
export function composeFeed(app: FastifyInstance, w: FeedWiring, m: Modules) {
  const { config } = w;
  return createFeedModule({
    bus: w.bus,
    clock: w.clock,
    ids: w.ids,
    limits: feedLimitsFromConfig(config),
    maxConnectionsPerAddress: config.FEED_MAX_CONNECTIONS_PER_ADDRESS,
    brandOf: m.brandOf,
    rendering: m.sports.feedRendering,
    source: m.sports.feedSource,
    crash: m.casino.crash.feedSource,
    // A feed `auth` message carries the same access token as the API (never in the URL).
    verifyToken:
      w.verifyFeedToken ??
      (async (token) => {
        const authenticated = await m.identity.tokens.authenticate(token);
        return authenticated ? { userId: String(authenticated.user.id) } : null;
      }),
    log: app.log,
    metrics: w.domain,
  });
}
type Feed = ReturnType<typeof composeFeed>;

/** The leaders' gauges, the jobs started as the configuration says, and the shutdown order. */
export function startAndStop(
  app: FastifyInstance,
  { config, bus, ownBus, metrics }: { config: Config; bus: EventBus; ownBus: boolean; metrics: Metrics },
  m: Modules,
  feed: Feed,
) {
  const { sports, producer, casino, ops, betting } = m;
  metrics.watchFeedClients(() => feed.hub.stats().connections);
  metrics.watchProducerStale('simulator', () => sports.isProducerStale());
  metrics.watchLeader('simulator', () => producer.isLeader());
  metrics.watchLeader('roulette', () => casino.isTableLeader());
  metrics.watchLeader('crash', () => casino.isCrashLeader());
  metrics.watchLeader('liability', () => ops.isLiabilityLeader());
  // After a bus gap (rebuilt from the database) or a change of the producer's liveness, every feed client
  // gets fresh snapshots.
  const stopResync = sports.readModel.onResync(() => void feed.resync());
  const leadership = config.SIMULATOR_ENABLED ? producer.startLeadership() : null;
  // Shutdown order: producers first (the simulator leader ends its tick and releases its lock), then the feed
  // that relays them (its sockets would otherwise keep the HTTP server from closing), then the bus both use.
  // The database is closed by whoever opened it, after `app.close()` has returned.
  if (config.BETTING_JOBS) betting.start();
  // Price overrides' expiry and suspension on a liability limit run beside the betting jobs, on one leader.
  if (config.BETTING_JOBS) ops.start();
  if (config.CASINO_TABLES_ENABLED) casino.startTables();
  if (config.CRASH_ENABLED) casino.startCrash();
  app.addHook('preClose', async () => {
    await betting.stop();
    await casino.stop();
    await ops.close();
    await leadership?.stop();
    stopResync();
    await sports.close();
    feed.close();
  });
  app.addHook('onClose', async () => {
    if (ownBus) await bus.close();
  });
}

/** GET /ready: the database and (with REDIS_URL) the bus answer in time. */
export function registerReadiness(
  app: FastifyInstance,
  { config, database, bus, metrics }: { config: Config; database: Database; bus: EventBus; metrics: Metrics },
) {
  const readiness = createReadiness({
    database,
    bus,
    redisConfigured: Boolean(config.REDIS_URL),
    timeoutMs: config.READINESS_TIMEOUT_MS,
    onCheck: metrics.setReady,
  });
  readiness.register(app, database.kind);
  return readiness;
}

/** Every module's routes, the back office's and the web app's pages. */
export async function registerRoutes(
  app: FastifyInstance,
  config: Config,
  m: Modules,
  feed: Feed,
  bus: EventBus,
) {
  const { tenancy, identity } = m;
  await app.register(tenancy.routes);
  await app.register(contentRoutes());
  await app.register(m.sports.routes);
  await app.register(m.producer.routes);
  await app.register(feed.routes);
  await app.register(identity.routes);
  await app.register(
    m.wallet.routes(
      identity.auth,
      async (request) => (await tenancy.resolveTenant(request)).cashbackBasisPoints,
    ),
  );
  await app.register(m.limits.routes(identity.auth));
  await app.register(m.betting.routes);
  await app.register(m.promotions.routes(identity.auth));
  await app.register(m.casino.routes);
  await app.register(m.banners.routes);
  await app.register(m.favourites.routes);
  await app.register(m.playStream.routes);
  await app.register(m.ops.routes);
  await registerBackoffice(app);
  // What the web loads before its first render, inlined into index.html (the same bodies as its start-up calls).
  await registerWeb(
    app,
    config,
    async (hostname, pathLocale) => {
      const row = await tenancy.service.findByHost(hostname);
      if (!row) return null;
      const brand = await tenancy.service.getByHost(hostname);
      const locale = pathLocale ?? brand.defaultLocale;
      return {
        host: hostname,
        app: brand,
        locale,
        translations: TRANSLATIONS[locale],
        markets: await m.sports.marketDefinitions(locale),
        client: tenancy.service.clientCredential(row),
      };
    },
    // A brand changed on any instance (the same message that empties the app caches): its pages are drawn again.
    (forget) => {
      bus.subscribe('tenancy.apps', forget);
      bus.onGap(forget);
    },
  );
}
