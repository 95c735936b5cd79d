import Fastify, { type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/config';
import type { Database } from './db/database';
import { runMigrations } from './db/database';
import { systemClock, type Clock } from './lib/clock';
import { cryptoIds, type IdSource } from './lib/ids';
import { registerDocs } from './plugins/docs';
import { registerErrorHandling } from './plugins/errors';
import { loggerOptions } from './plugins/logger';
import { registerWeb } from './plugins/web';
import { createConfiguredBus } from './plugins/redis-bus';
import { createFeedModule, feedLimitsFromConfig, type VerifyToken } from './modules/feed/index';
import { contentRoutes } from './modules/content/index';
import { createFixturesModule } from './modules/fixtures/index';
import { createTenancyModule, seedTenancy } from './modules/tenancy/index';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  ids?: IdSource;
  /** Skip migrations when the database is a clone of an already migrated one (tests). */
  migrate?: boolean;
  /** Checks a live-feed `auth` token; default: anonymous (no per-user topics until identity exists). */
  verifyFeedToken?: VerifyToken;
}

/** Composition root: every module is built here with only its own dependencies, then registered. */
export async function buildApp(deps: AppDeps) {
  const { config, database, clock = systemClock, ids = cryptoIds, migrate = true } = deps;
  if (migrate) await runMigrations(database);
  const db = database.db;

  const tenancy = createTenancyModule({ db, clock, ids });
  const fixtures = createFixturesModule({ db });

  await fixtures.seedReferenceData();
  if (config.SEED_DEMO) await seedTenancy(tenancy.service);

  const app: FastifyInstance = Fastify({
    logger: loggerOptions(config),
    trustProxy: true,
    bodyLimit: 256 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerDocs(app);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  // Memory by default, Redis pub/sub with REDIS_URL; closed after the feed that reads it.
  const bus = createConfiguredBus(config, (error, context) => app.log.warn({ err: error, context }, 'event bus problem'));
  const feed = createFeedModule({
    bus,
    clock,
    ids,
    limits: feedLimitsFromConfig(config),
    verifyToken: deps.verifyFeedToken,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    feed.close();
    await bus.close();
  });

  app.get('/healthz', { schema: { tags: ['ops'], summary: 'Liveness and database reachability' } }, async () => {
    await database.withConnection((query) => query('select 1'));
    return { status: 'ok', database: database.kind };
  });

  await app.register(tenancy.routes);
  await app.register(contentRoutes());
  await app.register(fixtures.routes);
  await app.register(feed.routes);
  await registerWeb(app, config);

  return { app, bus, modules: { tenancy, fixtures, feed } };
}
