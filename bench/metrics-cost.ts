// The metrics' own cost: requests/s of a list call (/api/v2/fixture/full) on an app with metrics on (HTTP RED
// histogram per request, process metrics, the domain's counters, and a scrape of the registry every second — a
// Prometheus scrapes every 15 s) and on the same app with METRICS_ENABLED=false, in the same run: both apps on one
// database, rounds alternating between them; the baseline is the app without metrics.
// Run: node --import tsx bench/metrics-cost.ts [--duration 10] [--rounds 3] [--connections 10] [--db URL]
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config/config';
import { openDatabase } from '../apps/server/src/db/database';
import { printTable } from './support/report';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const duration = Number(arg('duration', '10'));
const rounds = Number(arg('rounds', '3'));
const connections = Number(arg('connections', '10'));
const url = arg('db', '');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main(): Promise<void> {
  const database = await openDatabase(url ? { url } : { dataDir: 'memory' });
  const common = { CATALOGUE_SCALE: 0.3, SEED_DEMO: true, MARKETS_WINDOW_HOURS: 3 };
  const on = await buildApp({ config: testConfig({ ...common, METRICS_ENABLED: true }), database });
  const off = await buildApp({
    config: testConfig({ ...common, METRICS_ENABLED: false }),
    database,
    migrate: false,
  });
  const target = '/api/v2/fixture/full?per_page=20&locale=en';
  const addresses = {
    on: await on.app.listen({ port: 0, host: '127.0.0.1' }),
    off: await off.app.listen({ port: 0, host: '127.0.0.1' }),
  };
  const measured = { on: [] as number[], off: [] as number[] };
  let scrapeBytes = 0;
  for (let round = 0; round < rounds; round++) {
    for (const which of ['off', 'on'] as const) {
      const scraper =
        which === 'on'
          ? setInterval(() => void on.metrics.text().then((t) => (scrapeBytes = t.length)), 1_000)
          : null;
      const result = await autocannon({ url: `${addresses[which]}${target}`, connections, duration });
      if (scraper) clearInterval(scraper);
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${which}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      measured[which].push(result.requests.average);
    }
  }
  printTable(
    `metrics cost — ${database.kind}, ${target}, ${connections} connections, ${rounds} × ${duration} s alternating, median req/s (scrape ${(scrapeBytes / 1024).toFixed(0)} KB every 1 s)`,
    { name: 'without metrics (METRICS_ENABLED=false)', value: median(measured.off), unit: 'req/s' },
    [{ name: 'with metrics (+ scrape every 1 s)', value: median(measured.on), unit: 'req/s' }],
  );
  await on.app.close();
  await off.app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
