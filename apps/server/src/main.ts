import { ConfigError, loadConfig, type Config } from './config/config';
import { openDatabase } from './db/database';
import { buildApp } from './app';
import { startMetricsServer } from './observability/metrics-server';

async function start(config: Config): Promise<void> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    guard: config.DB_TRANSACTION_GUARD,
  });
  const { app, metrics, readiness } = await buildApp({ config, database });
  // The metrics listener never shares the public port; a failure to bind is logged and the server still serves.
  const metricsServer = config.METRICS_ENABLED
    ? await startMetricsServer(metrics, { port: config.METRICS_PORT, host: config.METRICS_HOST }).catch(
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics listener did not start');
          return null;
        },
      )
    : null;
  if (metricsServer) app.log.info({ url: metricsServer.url }, 'metrics listening');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // Readiness first (/readyz answers 503, so load balancers stop sending), requests still served meanwhile;
    // then the drain: producers stop in the app's preClose hook, the database closes once nothing can use it.
    readiness.beginShutdown();
    app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'shutting down: not ready, draining');
    const drained = new Promise<void>((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
    drained
      .then(() => {
        const timer = setTimeout(() => {
          app.log.error('shutdown timed out; exiting');
          process.exit(1);
        }, config.SHUTDOWN_TIMEOUT_MS);
        timer.unref();
        return app.close();
      })
      .then(() => metricsServer?.close())
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
