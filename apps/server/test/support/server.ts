import { buildApp, type AppDeps } from '../../src/app';
import { testConfig, type Config } from '../../src/config/config';
import type { BackendName } from './databases';
import { createTestDatabase } from './databases';

export interface TestServerOptions extends Omit<Partial<AppDeps>, 'config' | 'database'> {
  config?: Partial<Config>;
}

/** A whole server on a fresh database, for Fastify inject() tests. */
export async function createTestServer(backend: BackendName, options: TestServerOptions = {}) {
  const database = await createTestDatabase(backend);
  const config = testConfig(options.config);
  const built = await buildApp({ ...options, config, database, migrate: false });
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
