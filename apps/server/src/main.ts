import { ConfigError, loadConfig, type Config } from './config/config';
import { openDatabase } from './db/database';
import { buildApp } from './app';

async function start(config: Config): Promise<void> {
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const { app } = await buildApp({ config, database });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    // Producers stop in the app's preClose hook; the database closes only once nothing can use it.
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const port = new URL(address).port;
  app.log.info({ database: database.kind }, `sportsbook ready at http://localhost:${port}/en/`);
  console.log(`\n  Sportsbook is running: http://localhost:${port}/en/  (database: ${database.kind})\n`);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
start(config).catch((error: unknown) => {
  console.error('server failed to start:', error);
  process.exit(1);
});
