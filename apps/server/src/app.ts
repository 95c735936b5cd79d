import Fastify, { type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/config';
import type { Database } from './db/database';
import { runMigrations } from './db/database';
import { systemClock, type Clock } from './lib/clock';
import { cryptoIds, type IdSource } from './lib/ids';
import { createMemoryBus, type EventBus } from './plugins/bus';
import { registerDocs } from './plugins/docs';
import { registerErrorHandling } from './plugins/errors';
import { loggerOptions } from './plugins/logger';
import { registerWeb } from './plugins/web';
import { contentRoutes } from './modules/content/index';
import { createFixturesModule } from './modules/fixtures/index';
import { createTenancyModule, seedTenancy } from './modules/tenancy/index';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  ids?: IdSource;
  /** Internal event bus; in-process by default. */
  bus?: EventBus;
  /** Skip migrations when the database is a clone of an already migrated one (tests). */
  migrate?: boolean;
}

/** Composition root: every module is built here with only its own dependencies, then registered. */
export async function buildApp({ config, database, clock = systemClock, ids = cryptoIds, bus = createMemoryBus(), migrate = true }: AppDeps) {
  if (migrate) await runMigrations(database);
  const db = database.db;

  const tenancy = createTenancyModule({ db, clock, ids });
  // The simulator logs through the app's logger, which exists only once Fastify is built below.
  const logTarget: { app?: FastifyInstance } = {};
  const fixtures = createFixturesModule({
    log: (msg, err) => logTarget.app?.log.error({ err }, msg),
    database,
    clock,
    bus,
    simulator: { speed: config.SIMULATOR_SPEED, tickMs: config.SIMULATOR_TICK_MS },
    catalogue: {
      seed: config.CATALOGUE_SEED,
      scale: config.CATALOGUE_SCALE,
      daysAhead: config.CATALOGUE_DAYS_AHEAD,
      marketsWindowHours: config.MARKETS_WINDOW_HOURS,
    },
    listCacheMs: config.FIXTURE_CACHE_MS,
  });

  await fixtures.seedReferenceData();
  if (config.SEED_DEMO) await seedTenancy(tenancy.service);

  const app: FastifyInstance = Fastify({
    logger: loggerOptions(config),
    trustProxy: true,
    bodyLimit: 256 * 1024,
  });
  logTarget.app = app;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerDocs(app);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  app.get('/healthz', { schema: { tags: ['ops'], summary: 'Liveness and database reachability' } }, async () => {
    await database.withConnection((query) => query('select 1'));
    return { status: 'ok', database: database.kind };
  });

  await app.register(tenancy.routes);
  await app.register(contentRoutes());
  await app.register(fixtures.routes);
  await registerWeb(app, config);

  if (config.SIMULATOR_ENABLED) {
    const leadership = fixtures.startSimulatorLeadership();
    app.addHook('onClose', async () => leadership.stop());
  }

  return { app, bus, modules: { tenancy, fixtures } };
}
