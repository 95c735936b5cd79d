import type { FastifyInstance } from 'fastify';
import { assertOutcomeSeedAllowed, type Config } from './config/config';
import type { Database } from './db/database';
import { runMigrations } from './db/database';
import { systemClock, type Clock } from './lib/clock';
import { cryptoIds, type IdSource } from './lib/ids';
import type { EventBus } from './plugins/bus';
import { createConfiguredBus } from './plugins/redis-bus';
import type { VerifyToken } from './modules/feed/index';
import { usePasswordHashCost } from './lib/password-hash';
import { createMetrics, NO_METRICS, type Metrics } from './observability/metrics';
import { composeModules, seedModules, type Wiring } from './app.modules';
import {
  composeFeed,
  createHttpServer,
  registerInfrastructure,
  registerReadiness,
  registerRoutes,
  startAndStop,
} from './app.http';

export { FEED_DEFLATE, trustProxyOption } from './app.http';

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
 * Composition root: every module is built with only its own dependencies (app.modules.ts), then the HTTP server,
 * the feed and every module's routes are registered (app.http.ts).
 */
export async function buildApp(deps: AppDeps) {
  const { config, database, clock = systemClock, ids = cryptoIds, migrate = true, logStream } = deps;
  // Password hashing at the real cost unless NODE_ENV=test (lib/password-hash.ts).
  usePasswordHashCost(config.NODE_ENV);
  assertOutcomeSeedAllowed(config);
  if (migrate) await runMigrations(database);
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
  const wiring: Wiring = {
    config,
    database,
    db: database.db,
    clock,
    ids,
    bus,
    domain,
    sleep: deps.sleep,
    logTarget,
  };
  const modules = composeModules(wiring);
  await seedModules(wiring, modules);

  const app = createHttpServer(config, logStream);
  logTarget.app = app;
  await registerInfrastructure(app, config, metrics, modules);
  const feedWiring = { config, bus, clock, ids, domain, verifyFeedToken: deps.verifyFeedToken };
  const feed = composeFeed(app, feedWiring, modules);
  startAndStop(app, { config, bus, ownBus: !deps.bus, metrics }, modules, feed);
  const readiness = registerReadiness(app, { config, database, bus, metrics });
  await registerRoutes(app, config, modules, feed, bus);

  const { tenancy, sports, producer, identity, wallet, limits, betting, casino, favourites, ops } = modules;
  const { promotions, banners } = modules;
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
