import { buildApp, type AppDeps } from '../../src/app';
import { testConfig, type Config } from '../../src/config/config';
import type { BackendName } from './databases';
import { createTestDatabase } from './databases';
import { scannedLogs } from './log-scan';

export interface TestServerOptions extends Omit<Partial<AppDeps>, 'config' | 'database'> {
  config?: Partial<Config>;
}

/** A whole server on a fresh database, for Fastify inject() tests. */
export async function createTestServer(backend: BackendName, options: TestServerOptions = {}) {
  const database = await createTestDatabase(backend);
  // Every line it logs is scanned for secrets (support/log-scan.ts), at `info` unless the test chose a level.
  const { logStream, level } = scannedLogs(options.logStream);
  const config = testConfig({ ...(level ? { LOG_LEVEL: level } : {}), ...options.config });
  const built = await buildApp({
    ...options,
    ...(logStream ? { logStream } : {}),
    config,
    database,
    migrate: false,
  });
  return {
    ...built,
    database,
    async close() {
      await built.app.close();
      await database.close();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof createTestServer>>;
