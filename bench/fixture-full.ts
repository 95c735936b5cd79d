// Fixture read throughput: autocannon against the real app (PGlite, or --db postgres://…) with the simulator
// playing, reported as a ratio to /healthz (one trivial query) measured in the same run. Clients send
// `Accept-Encoding: br, gzip` as browsers do; the revalidation cases send the ETag they were given (If-None-Match).
// Run: node --import tsx bench/fixture-full.ts [--duration 10] [--connections 10] [--scale 1] [--db URL]
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { testConfig, type Config } from '../apps/server/src/config/config';
import { openDatabase } from '../apps/server/src/db/database';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const duration = Number(arg('duration', '10'));
const connections = Number(arg('connections', '10'));
const scale = Number(arg('scale', '1'));
const url = arg('db', '');
const browser = { 'accept-encoding': 'br, gzip' };

async function liveFootballEvent(address: string): Promise<number> {
  for (let i = 0; i < 60; i++) {
    const list = (await (
      await fetch(`${address}/api/v2/fixture/full?sport=1&onLive=1&per_page=1`)
    ).json()) as {
      result: { id: number }[];
    };
    if (list.result[0]) return list.result[0].id;
    await new Promise((r) => setTimeout(r, 1_000));
  }
  throw new Error('no live football event after 60 s');
}

async function main(): Promise<void> {
  const database = await openDatabase(url ? { url } : { dataDir: 'memory' });
  // FIXTURE_CACHE_MS=0: an older build's time-based list cache stays off, so it is the read path that is measured.
  const config = testConfig({
    CATALOGUE_SCALE: scale,
    CATALOGUE_DAYS_AHEAD: 7,
    SEED_DEMO: true,
    SIMULATOR_ENABLED: true,
    MARKETS_WINDOW_HOURS: 3,
    ...({ FIXTURE_CACHE_MS: 0 } as Partial<Config>),
  });
  const { app } = await buildApp({ config, database });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const eventId = await liveFootballEvent(address);
  const full = `${address}/api/v2/fixture/full?per_page=20&locale=en`;
  const event = `${address}/api/v2/fixture/e/${eventId}?locale=en`;
  await fetch(full, { headers: browser });
  await fetch(event, { headers: browser });
  // A competition page of upcoming matches (polled every 10 s by the competition view) is stable, so clients
  // revalidate it; a live event changes every few seconds. Each ETag is read just before its case runs.
  const competition = `${address}/api/v2/fixture/full?sport=1&onlyPre=1&per_page=10&locale=en`;
  const revalidate = (target: string) => async () => {
    const etag = (await fetch(target, { headers: browser })).headers.get('etag');
    return { ...browser, 'if-none-match': etag ?? '"none"' };
  };
  const plain = async () => browser;
  const cases: { name: string; url: string; headers: () => Promise<Record<string, string>> }[] = [
    { name: 'healthz', url: `${address}/healthz`, headers: plain },
    { name: 'fixture/full (20 rows, main markets)', url: full, headers: plain },
    { name: `fixture/e (live football ${eventId})`, url: event, headers: plain },
    { name: 'fixture/full revalidation (304)', url: competition, headers: revalidate(competition) },
    { name: 'fixture/e live revalidation', url: event, headers: revalidate(event) },
  ];

  const rows: { name: string; rps: number; p50: number; p99: number; kb: number; statuses: string }[] = [];
  for (const c of cases) {
    const r = await autocannon({ url: c.url, headers: await c.headers(), connections, duration });
    const statuses = Object.entries({ '2xx': r['2xx'], '3xx': r['3xx'], errors: r.errors })
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    rows.push({
      name: c.name,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      kb: r.throughput.average / Math.max(r.requests.average, 1) / 1024,
      statuses,
    });
  }
  const base = rows[0]?.rps ?? 1;
  console.log(
    `\nfixture reads — ${database.kind}, scale ${scale}, simulator on, ${connections} connections, ${duration} s per case, Accept-Encoding: br, gzip`,
  );
  console.log(
    `${'case'.padEnd(44)}${'req/s'.padStart(9)}${'ratio'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'KB/resp'.padStart(9)}  statuses`,
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(44)}${row.rps.toFixed(0).padStart(9)}${(row.rps / base).toFixed(3).padStart(8)}${String(row.p50).padStart(8)}${String(row.p99).padStart(8)}${row.kb.toFixed(1).padStart(9)}  ${row.statuses}`,
    );
  }
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
