import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { assertOutcomeSeedAllowed, type Config } from './config/config';
import type { Database } from './db/database';
import { runMigrations } from './db/database';
import { systemClock, type Clock } from './lib/clock';
import { cryptoIds, type IdSource } from './lib/ids';
import type { EventBus } from './plugins/bus';
import { registerCors } from './plugins/cors';
import { registerDocs } from './plugins/docs';
import { registerErrorHandling } from './plugins/errors';
import { registerBodyParsers } from './plugins/body-parsers';
import { registerCompression } from './plugins/compression';
import { registerTextInputGuard } from './plugins/text-input';
import { registerSecurityHeaders } from './plugins/security-headers';
import { perClientLimit, registerRateLimit } from './plugins/rate-limit';
import { loggerOptions } from './plugins/logger';
import { registerWeb } from './plugins/web';
import { registerBackoffice } from './plugins/backoffice';
import { createConfiguredBus } from './plugins/redis-bus';
import { createFeedModule, feedLimitsFromConfig, type VerifyToken } from './modules/feed/index';
import { contentRoutes, TRANSLATIONS } from './modules/content/index';
import { createSportsModule, MIN_OFFERED_ODD } from './modules/sports/index';
import { createSimulatorProducer } from './modules/producer/index';
import { createTenancyModule, seedTenancy } from './modules/tenancy/index';
import { createBannersModule } from './modules/banners/index';
import { createIdentityModule } from './modules/identity/index';
import { createWalletModule } from './modules/wallet/index';
import { createLimitsModule } from './modules/limits/index';
import { seedDemoAccounts } from './demo-accounts.seed';
import { usePasswordHashCost } from './lib/password-hash';
import { createOpsModule, createRisk, guardOpsRoutes, tickerNotice } from './modules/ops/index';
import {
  createBetQueries,
  createBettingModule,
  payoutCaps,
  referralThresholds,
} from './modules/betting/index';
import { createBoostPrices, createPromotionsModule, tighten, UK_RULES } from './modules/promotions/index';
import { createCasinoModule } from './modules/casino/index';
import { createFavouritesModule } from './modules/favourites/index';
import { createPlayStreamModule } from './modules/play-stream/index';
import { createMetrics, NO_METRICS, type Metrics } from './observability/metrics';
import { registerHttpMetrics } from './plugins/metrics';
import { createReadiness } from './plugins/readiness';
import { registerRequestId, requestIdGenerator } from './plugins/request-id';
import { registerLoadShedding } from './plugins/under-pressure';
import { capConnectionsPerAddress, cutSlowBodies } from './plugins/http-limits';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  ids?: IdSource;
  /** Internal event bus; in-process by default. */
  bus?: EventBus;
  /** Skip migrations when the database is a clone of an already migrated one (tests). */
  migrate?: boolean;
  /** Checks a live-feed `auth` token; default: the identity module's access tokens. */
  verifyFeedToken?: VerifyToken;
  /** Waits of the login throttle's progressive delay (tests record them instead of waiting). */
  sleep?: (ms: number) => Promise<void>;
  /** Where log lines go (default stdout); tests capture them to prove secrets stay out. */
  logStream?: { write(line: string): void };
  /** This instance's metrics registry (default: a new one); main.ts serves it on the metrics listener. */
  metrics?: Metrics;
}

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

/** Composition root: every module is built here with only its own dependencies, then registered. */
export async function buildApp(deps: AppDeps) {
  const { config, database, clock = systemClock, ids = cryptoIds, migrate = true, logStream } = deps;
  // Password hashing at the real cost unless NODE_ENV=test (lib/password-hash.ts).
  usePasswordHashCost(config.NODE_ENV);
  assertOutcomeSeedAllowed(config);
  if (migrate) await runMigrations(database);
  const db = database.db;
  // METRICS_ENABLED=false: no listener, no process metrics, no per-request or domain updates (bench/metrics-cost.ts).
  const metrics = deps.metrics ?? createMetrics({ processMetrics: config.METRICS_ENABLED });
  const domain = config.METRICS_ENABLED ? metrics.domain : NO_METRICS;

  // The bus and the simulator log through the app's logger, which exists only once Fastify is built below.
  const logTarget: { app?: FastifyInstance } = {};
  // Memory by default, Redis pub/sub with REDIS_URL; a test may pass its own (then it closes it).
  const bus =
    deps.bus ??
    createConfiguredBus(config, (error, context) =>
      logTarget.app?.log.warn({ err: error, context }, 'event bus problem'),
    );

  const tenancy = createTenancyModule({ db, clock, ids, bus });
  /** The brand a player request is served for (X-App or host); none (null) → the shared prices. */
  const brandOf = async (request: FastifyRequest) =>
    (await tenancy.resolveTenant(request).catch(() => null))?.id ?? null;
  const log = (msg: string, err?: unknown) => logTarget.app?.log.error({ err }, msg);
  // A brand's odds boosts (promotions, issue 36), shown beside the prices of the fixture bodies.
  const boostPrices = createBoostPrices({ db, clock });
  const sports = createSportsModule({
    brandOf,
    boostsOf: (brandId) => boostPrices.of(brandId),
    log,
    database,
    clock,
    bus,
    catalogue: {
      seed: config.CATALOGUE_SEED,
      scale: config.CATALOGUE_SCALE,
      daysAhead: config.CATALOGUE_DAYS_AHEAD,
      marketsWindowHours: config.MARKETS_WINDOW_HOURS,
    },
    producerStaleMs: config.PRODUCER_STALE_MS,
    pricingThreads: config.PRICING_THREADS,
    pricing: {
      band: { minOdd: MIN_OFFERED_ODD, maxOdd: config.PRICE_MAX_ODD },
      rho: config.PRICING_DC_RHO,
    },
    builderTargets: config.BUILDER_MARGINS,
  });
  // The feed producer (the match simulator): writes the sports tables only through the sports module's ingest port.
  const producer = createSimulatorProducer({
    log,
    database,
    clock,
    bus,
    sports,
    seed: config.CATALOGUE_SEED,
    outcomeTestSeed: config.OUTCOME_TEST_SEED,
    simulator: { speed: config.SIMULATOR_SPEED, tickMs: config.SIMULATOR_TICK_MS },
    virtual: { roundMs: config.VIRTUAL_ROUND_SECONDS * 1000, matchMs: config.VIRTUAL_MATCH_SECONDS * 1000 },
  });
  // Modules are made in the order they need each other, so no closure reaches a module made later: what the wallet
  // and the session read of a client's bets is a read-only query object, and client risk is made before betting
  // (which applies it) and the back office (which settles through betting) after it.
  const betQueries = createBetQueries(db);
  const wallet = createWalletModule({
    db,
    clock,
    metrics: domain,
    // Cashback counts settled bets.
    settledBets: betQueries.settledBetween,
  });
  const identity = createIdentityModule({
    db,
    clock,
    ids,
    refreshGraceMs: config.REFRESH_GRACE_MS,
    sleep: deps.sleep,
    brandOf: async (appId) => tenancy.service.findById(appId),
    sources: {
      balances: (user) => wallet.service.balances(user),
      // Open bets (waiting or in their live delay).
      waitingBets: betQueries.openCount,
      appOf: tenancy.resolveTenant,
    },
  });
  const limits = createLimitsModule({
    db,
    clock,
    clientById: (id, tx) => identity.service.getUser(id, tx),
    usage: (client, from, to, tx) => wallet.activity.usage(client, from, to, tx),
  });

  // Client limits, stake factors and block flags: the back office sets them, bet placement applies them.
  const risk = createRisk({ db, clock });

  // Promotions (issue 36): betting takes free bets through it, the back office runs its campaigns.
  const promotions = createPromotionsModule({
    db,
    clock,
    wallet: wallet.service,
    // Cashback campaigns count settled bets.
    cashbackBets: betQueries.cashbackBets,
    brandName: async (appId) => (await tenancy.service.findById(appId))?.name ?? null,
    clientById: async (id, tx) => {
      const user = await identity.service.getUser(id, tx).catch(() => null);
      return user && { id: user.id, appId: user.appId, role: user.role, currencyIso: user.currencyIso };
    },
    // An odds boost must beat the selection's price in the brand's prices.
    boostPrices,
    selectionPrice: async (oddId, brandId) =>
      (await sports.betting.selections([oddId], undefined, brandId)).get(oddId)?.odd ?? null,
    // A campaign's segments are the desk's risk labels.
    segmentOf: async (userId) => (await risk.client(userId)).label,
    // The UK's rules, tightened by the brand's own (its features).
    rulesOf: async (appId) => {
      const features = (await tenancy.service.findById(appId))?.features;
      return tighten(UK_RULES, {
        maxWagering: features?.promotionMaxWagering,
        maxExpiryDays: features?.promotionMaxExpiryDays,
      });
    },
  });

  // Rate limits count per client (any of their tokens), visitors per address.
  const clientOf = (request: FastifyRequest) => identity.auth.clientIdOf(request);
  const betting = createBettingModule({
    db,
    clock,
    bus,
    wallet: wallet.service,
    sports: sports.betting,
    auth: identity.auth,
    assertCanStake: (userId, amount, tx) => limits.service.assertCanStake(userId, amount, tx),
    liveDelayMs: config.BET_LIVE_DELAY_MS,
    builderVoidReprice: (appId) =>
      config.BUILDER_VOID_REPRICE_BRANDS === '*' || config.BUILDER_VOID_REPRICE_BRANDS.has(appId),
    risk: risk.betRisk,
    rewards: promotions.rewards,
    bonusStakes: promotions.bonusStakes,
    payoutCap: payoutCaps({
      defaultCents: config.BET_MAX_PAYOUT,
      overrides: config.BET_MAX_PAYOUTS,
      maxOdds: config.BET_MAX_COMBINED_ODDS,
    }),
    referrals: referralThresholds({
      stake: config.BET_REFERRAL_STAKE,
      payout: config.BET_REFERRAL_PAYOUT,
      overrides: config.BET_REFERRALS,
    }),
    referralTimeoutMs: config.BET_REFERRAL_TIMEOUT_MS,
    clientsWithRules: (userIds) => limits.service.clientsWithRules(userIds),
    batching: config.BET_BATCH_LANES > 0 && {
      lanes: config.BET_BATCH_LANES,
      windowMs: config.BET_BATCH_WINDOW_MS,
      maxBatch: config.BET_BATCH_MAX,
    },
    cashOut: {
      marginBasisPoints: config.CASHOUT_MARGIN_BP,
      toleranceBasisPoints: config.CASHOUT_TOLERANCE_BP,
    },
    rateLimits: {
      betPlace: perClientLimit(clientOf, config.BET_PLACE_PER_MINUTE),
      checkBets: perClientLimit(clientOf, config.CHECK_BETS_PER_MINUTE),
      cashOut: perClientLimit(clientOf, config.CASHOUT_PER_MINUTE),
    },
    metrics: domain,
    brandOf,
    brandName: async (appId) => (await tenancy.service.findById(appId))?.name ?? null,
    sleep: deps.sleep,
    log: (msg, err) => logTarget.app?.log.error({ err }, msg),
    // A bet placed or its referral moved: the desk's ticker on every instance polls now, not at its next tick.
    betChanged: tickerNotice(bus, (msg, err) => logTarget.app?.log.warn({ err }, msg)),
  });

  const casino = createCasinoModule({
    database,
    clock,
    bus,
    wallet: wallet.service,
    auth: identity.auth,
    // playnow is a navigation: its token comes in the query, and must belong to the request's app.
    clientOfToken: async (request, token) => {
      const found = await identity.tokens.authenticate(token);
      if (!found || found.user.role !== 'ROLE_CLIENT') return null;
      return found.user.appId === (await tenancy.resolveTenant(request)).id ? found.user : null;
    },
    appOf: tenancy.resolveTenant,
    brandExists: async (appId) => (await tenancy.service.findById(appId)) !== null,
    assertCanStake: (userId, amount, tx) => limits.service.assertCanStake(userId, amount, tx),
    rouletteSpinMs: config.ROULETTE_SPIN_MS,
    demoSessionsPerHour: config.DEMO_SESSIONS_PER_ADDRESS_HOUR,
    playLimit: perClientLimit(clientOf, config.CASINO_PLAYS_PER_MINUTE),
    metrics: domain,
    crash: {
      bettingMs: config.CRASH_BETTING_MS,
      pauseMs: config.CRASH_PAUSE_MS,
      tickMs: config.CRASH_TICK_MS,
      chainLength: config.CRASH_CHAIN_LENGTH,
      seedingMs: config.CRASH_SEEDING_MS,
      maxRoundPayout: config.CRASH_MAX_ROUND_PAYOUT,
      minStake: 10,
      maxStake: 100_000,
    },
    log: (msg, err) => logTarget.app?.log.error({ err }, msg),
  });

  const banners = createBannersModule({
    db,
    clock,
    bus,
    brand: (appId) => tenancy.service.findById(appId),
    appOf: tenancy.resolveTenant,
  });

  // The back office: its resettlement settles through betting.
  const ops = createOpsModule({
    db,
    database,
    clock,
    bus,
    sports,
    producer,
    risk,
    settleBetsIn: betting.settlement.settleBetsIn,
    voidBetIn: betting.settlement.voidBetIn,
    referrals: betting.service.referrals,
    wallet: wallet.service,
    blocks: limits.service,
    require2fa: config.OPS_REQUIRE_2FA,
    sessionMinutes: config.OPS_SESSION_MINUTES,
    automationToken: config.OPERATOR_TOKEN,
    metrics: domain,
    log: (msg, err) => logTarget.app?.log.error({ err }, msg),
    plugins: [
      (ctx) => promotions.opsRoutes(ctx),
      (ctx) => tenancy.opsRoutes(ctx),
      (ctx) => casino.opsRoutes(ctx),
      (ctx) => banners.opsRoutes(ctx),
      (ctx) => identity.opsRoutes(ctx),
    ],
  });

  const favourites = createFavouritesModule({
    db,
    clock,
    auth: identity.auth,
    targets: { eventExists: sports.eventExists, competitionExists: sports.competitionExists },
  });

  const playStream = createPlayStreamModule({
    clock,
    auth: identity.auth,
    source: { match: sports.streamMatch },
  });

  await sports.seedReferenceData(() => producer.ensureReference());
  await casino.seed();
  if (config.SEED_DEMO) {
    await seedTenancy(tenancy.service);
    const walletAt = (ms: number) => createWalletModule({ db, clock: { now: () => ms } }).service;
    await seedDemoAccounts({
      tenancy: tenancy.service,
      identity: identity.service,
      walletAt,
      now: clock.now(),
    });
    await ops.seedDemo();
  }

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
  logTarget.app = app;
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

  const feed = createFeedModule({
    bus,
    clock,
    ids,
    limits: feedLimitsFromConfig(config),
    maxConnectionsPerAddress: config.FEED_MAX_CONNECTIONS_PER_ADDRESS,
    brandOf,
    rendering: sports.feedRendering,
    source: sports.feedSource,
    crash: casino.crash.feedSource,
    // A feed `auth` message carries the same access token as the API (never in the URL).
    verifyToken:
      deps.verifyFeedToken ??
      (async (token) => {
        const authenticated = await identity.tokens.authenticate(token);
        return authenticated ? { userId: String(authenticated.user.id) } : null;
      }),
    log: app.log,
    metrics: domain,
  });
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
    if (!deps.bus) await bus.close();
  });

  const readiness = createReadiness({
    database,
    bus,
    redisConfigured: Boolean(config.REDIS_URL),
    timeoutMs: config.READINESS_TIMEOUT_MS,
    onCheck: metrics.setReady,
  });
  readiness.register(app, database.kind);

  await app.register(tenancy.routes);
  await app.register(contentRoutes());
  await app.register(sports.routes);
  await app.register(producer.routes);
  await app.register(feed.routes);
  await app.register(identity.routes);
  await app.register(
    wallet.routes(
      identity.auth,
      async (request) => (await tenancy.resolveTenant(request)).cashbackBasisPoints,
    ),
  );
  await app.register(limits.routes(identity.auth));
  await app.register(betting.routes);
  await app.register(promotions.routes(identity.auth));
  await app.register(casino.routes);
  await app.register(banners.routes);
  await app.register(favourites.routes);
  await app.register(playStream.routes);
  await app.register(ops.routes);
  await registerBackoffice(app);
  // What the web loads before its first render, inlined into index.html (the same bodies as its start-up calls).
  await registerWeb(app, config, async (hostname, pathLocale) => {
    const row = await tenancy.service.findByHost(hostname);
    if (!row) return null;
    const brand = await tenancy.service.getByHost(hostname);
    const locale = pathLocale ?? brand.defaultLocale;
    return {
      host: hostname,
      app: brand,
      locale,
      translations: TRANSLATIONS[locale],
      markets: await sports.marketDefinitions(locale),
      client: tenancy.service.clientCredential(row),
    };
  });

  return {
    app,
    bus,
    metrics,
    readiness,
    modules: {
      tenancy,
      sports,
      producer,
      feed,
      identity,
      wallet,
      limits,
      betting,
      casino,
      favourites,
      ops,
      promotions,
      banners,
    },
  };
}
