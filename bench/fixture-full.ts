// fixture/full throughput: autocannon against the real app on PGlite (or --db postgres://…),
// reported as a ratio to /healthz (one trivial query) measured in the same run.
// Run: node --import tsx bench/fixture-full.ts [--duration 10] [--connections 20] [--scale 1] [--cache-ms 1000] [--db URL]
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config/config';
import { openDatabase } from '../apps/server/src/db/database';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const duration = Number(arg('duration', '10'));
const connections = Number(arg('connections', '20'));
const scale = Number(arg('scale', '1'));
const url = arg('db', '');
const cacheMs = Number(arg('cache-ms', '1000'));

async function main(): Promise<void> {
  const started = performance.now();
  const database = await openDatabase(url ? { url } : { dataDir: 'memory' });
  const opened = performance.now();
  const config = testConfig({
    CATALOGUE_SCALE: scale,
    CATALOGUE_DAYS_AHEAD: 7,
    SEED_DEMO: true,
    FIXTURE_CACHE_MS: cacheMs,
  });
  const { app } = await buildApp({ config, database });
  const built = performance.now();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const routes = {
    healthz: `${address}/healthz`,
    'fixture/full (20, main markets)': `${address}/api/v2/fixture/full?per_page=20&locale=en`,
    'fixture/full sport=1 (50)': `${address}/api/v2/fixture/full?sport=1&per_page=50`,
    'fixture/e (one event, all markets)': '',
  };
  // Warm up: the first request of a page prices and stores its events' markets.
  const first = (await (await fetch(routes['fixture/full (20, main markets)'])).json()) as {
    result: { id: number }[];
  };
  await fetch(routes['fixture/full sport=1 (50)']);
  routes['fixture/e (one event, all markets)'] = `${address}/api/v2/fixture/e/${first.result[0]?.id}`;
  await fetch(routes['fixture/e (one event, all markets)']);

  const rows: { route: string; rps: number; p50: number; p99: number; kb: number; errors: number }[] = [];
  for (const [route, target] of Object.entries(routes)) {
    const r = await autocannon({ url: target, connections, duration });
    rows.push({
      route,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      kb: r.throughput.average / Math.max(r.requests.average, 1) / 1024,
      errors: r.errors + r.non2xx,
    });
  }
  const base = rows[0]?.rps ?? 1;
  console.log(
    `\nfixture/full throughput — ${database.kind}, scale ${scale}, list cache ${cacheMs} ms, ${connections} connections, ${duration}s per route`,
  );
  console.log(
    `start-up: database ${((opened - started) / 1000).toFixed(1)} s, buildApp (migrate + seed + catalogue) ${((built - opened) / 1000).toFixed(1)} s\n`,
  );
  console.log(
    `${'route'.padEnd(38)}${'req/s'.padStart(9)}${'ratio'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'KB/resp'.padStart(9)}${'errors'.padStart(8)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.route.padEnd(38)}${row.rps.toFixed(0).padStart(9)}${(row.rps / base).toFixed(3).padStart(8)}${String(row.p50).padStart(9)}${String(row.p99).padStart(9)}${row.kb.toFixed(1).padStart(9)}${String(row.errors).padStart(8)}`,
    );
  }
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
