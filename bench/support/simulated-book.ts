import { buildApp } from '../../apps/server/src/app';
import { testConfig } from '../../apps/server/src/config/config';
import { openDatabase } from '../../apps/server/src/db/database';

/**
 * The server a single-process bench measures: a demo book (catalogue at `scale`, two days ahead) with its simulator
 * running, on PostgreSQL at `url` or an in-memory PGlite; `extra` adds the bench's own settings.
 */
export async function simulatedBook(
  url: string | undefined,
  scale: number,
  extra: Record<string, unknown> = {},
) {
  const database = await openDatabase(url ? { url } : { dataDir: 'memory' });
  const config = testConfig({
    CATALOGUE_SCALE: scale,
    CATALOGUE_DAYS_AHEAD: 2,
    SEED_DEMO: true,
    SIMULATOR_ENABLED: true,
    ...extra,
  });
  const built = await buildApp({ config, database });
  return { ...built, database };
}
