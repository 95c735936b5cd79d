// Web vitals of the built web app as the lab tool measures them: Lighthouse 12 itself (mobile defaults:
// simulated Slow 4G, CPU ×4), driven through chrome-launcher at the bundled Chromium, on five pages — home, a
// live event, a competition, the casino lobby and the bet slip — median of N runs each. Beside each page, the
// same page's HTML with its scripts removed, served by the same server in the same run (what that markup costs
// with no JavaScript at all): every figure is printed with its ratio to that static baseline. Then the layout
// shift while the live event's odds tick for 30 s.
// Needs the web build: npm run build -w @sb/web.
// Run: node --import tsx bench/web-vitals.ts [--runs 5] [--tick 30 (0: skip)] [--pages home,bet-slip]
//      [--dist path/to/another/web/dist] [--why: where each run's main thread went]
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/config';
import { openDatabase } from '../apps/server/src/db/database';
import { chromiumExecutable, launchBrowser, phoneContext } from '../e2e/support/browser';
import { quantile } from './support/report';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const RUNS = Number(arg('runs', '5'));
const TICK_SECONDS = Number(arg('tick', '30'));
/** Another web build to measure (e.g. a copy of the build before a change); default: apps/web/dist. */
const DIST = arg('dist', '');
/** Only these pages (comma-separated names: home, live-event, competition, casino-lobby, bet-slip); default all. */
const ONLY = arg('pages', '').split(',').filter(Boolean);

/** Flags for the bundled Chromium (STACK.md): headless, no sandbox (root in a container), nothing in the background. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

interface Vitals {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's navigation run has no interaction: Max Potential FID (the longest task after FCP) stands in. */
  inp: number;
}
const METRICS: (keyof Vitals)[] = ['score', 'lcp', 'fcp', 'tbt', 'cls', 'inp'];

/** The scripts of the last Lighthouse run (its network log, until the page was idle). */
let lastScripts: string[] = [];
/** With `--why`: where the last run's main thread went (Lighthouse's own breakdown), printed after each page. */
const WHY = process.argv.includes('--why');
let lastWhy = '';

async function lighthouseRun(url: string, port: number): Promise<Vitals> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (
    lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] }
  )?.items;
  lastScripts = (requests ?? []).filter((r) => r.resourceType === 'Script').map((r) => r.url);
  if (WHY) lastWhy = whyOf(lhr.audits);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint'),
    fcp: audit('first-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    inp: audit('max-potential-fid'),
  };
}

type Audits = Record<string, { details?: unknown } | undefined>;
/** Lighthouse's main-thread breakdown and its costliest scripts (bootup time), as two short lines. */
function whyOf(audits: Audits): string {
  const items = (id: string) => (audits[id]?.details as { items?: Record<string, unknown>[] })?.items ?? [];
  const work = items('mainthread-work-breakdown')
    .map((i) => `${String(i.groupLabel)} ${Math.round(Number(i.duration))}`)
    .join(', ');
  const scripts = items('bootup-time')
    .slice(0, 6)
    .map((i) => `${String(i.url).replace(/^https?:\/\/[^/]+/, '')} ${Math.round(Number(i.scripting))}`)
    .join(', ');
  return `  main thread (ms): ${work}\n  scripting by script (ms): ${scripts}`;
}

const median = (runs: Vitals[]): Vitals =>
  Object.fromEntries(
    METRICS.map((key) => [
      key,
      quantile(
        runs.map((r) => r[key]),
        0.5,
      ),
    ]),
  ) as unknown as Vitals;

/** The page's HTML as a visitor gets it, with every script (and module preload) taken out. */
function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link rel="modulepreload"[^>]*>/gi, '');
}

/** Layout shift on a page while its odds tick: loaded (unthrottled), then watched for `seconds`. */
async function clsWhileTicking(url: string, seconds: number): Promise<number> {
  const browser = await launchBrowser();
  try {
    const page = await (await phoneContext(browser)).newPage();
    await page.addInitScript(`(() => { window.__cls = 0; new PerformanceObserver((l) => l.getEntries()
      .forEach((e) => { if (!e.hadRecentInput) window.__cls += e.value; })).observe({ type: 'layout-shift', buffered: true }); })();`);
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.waitForTimeout(2_000);
    const before = await page.evaluate<number>('window.__cls');
    await page.waitForTimeout(seconds * 1_000);
    return (await page.evaluate<number>('window.__cls')) - before;
  } finally {
    await browser.close();
  }
}

interface LiveEvent {
  id: number;
  region: { id: number };
  competition: { id: number };
  status?: string;
  periodTime?: number | null;
}

/**
 * Whether a live match keeps playing through the tick measurement (30 s at ×10 is five match minutes): no
 * half-time or full-time inside it, when the period's markets close and their blocks leave the page (a closing,
 * not odds ticking: measured on a match at 89′, CLS 0.36 as Match Result and Double Chance closed).
 */
function playsOnThrough(event: LiveEvent): boolean {
  const minute = event.periodTime ?? 0;
  return (event.status === 'first_half' && minute <= 35) || (event.status === 'second_half' && minute <= 80);
}

/** A live football match (`ticking`: one that plays on through the tick measurement, when there is one). */
async function liveFootballEvent(address: string, ticking = false): Promise<LiveEvent> {
  for (let i = 0; i < 60; i++) {
    const list = (await (
      await fetch(`${address}/api/v2/fixture/full?sport=1&onLive=1&onlyList=1&per_page=50`)
    ).json()) as { result: LiveEvent[] };
    const event = (ticking && list.result.find(playsOnThrough)) || list.result[0];
    if (event) return event;
    await new Promise((r) => setTimeout(r, 1_000));
  }
  throw new Error('no live football event after 60 s');
}

function cell(value: number, base: number, digits: number): string {
  const ratio = base === 0 ? (value === 0 ? '1.00×' : '—') : `${(value / base).toFixed(2)}×`;
  return `${value.toFixed(digits)} (${ratio})`;
}

function print(rows: { name: string; page: Vitals; baseline: Vitals }[]): void {
  const cols: [string, keyof Vitals, number][] = [
    ['score', 'score', 0],
    ['LCP ms', 'lcp', 0],
    ['FCP ms', 'fcp', 0],
    ['TBT ms', 'tbt', 0],
    ['CLS', 'cls', 3],
    ['INP-proxy ms', 'inp', 0],
  ];
  console.log(`| page | ${cols.map(([h]) => h).join(' | ')} |`);
  console.log(`|---|${cols.map(() => '---').join('|')}|`);
  for (const { name, page, baseline } of rows) {
    console.log(`| ${name} | ${cols.map(([, k, d]) => cell(page[k], baseline[k], d)).join(' | ')} |`);
    console.log(`| ↳ static | ${cols.map(([, k, d]) => baseline[k].toFixed(d)).join(' | ')} |`);
  }
}

async function main(): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory' });
  // The server as it runs in production (full catalogue, simulator, pricing thread), on an in-memory database.
  const config = loadConfig({ DATA_DIR: 'memory', LOG_LEVEL: 'silent', CATALOGUE_DAYS_AHEAD: '2' });
  if (DIST) config.WEB_DIST_DIR = DIST;
  const { app, modules } = await buildApp({ config, database });
  // Each page's script-free twin, served as it was captured: same server, same run.
  const statics = new Map<string, string>();
  app.get<{ Params: { name: string } }>('/bench/static/:name', { schema: { hide: true } }, (req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(statics.get(req.params.name) ?? ''),
  );
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = address.replace('127.0.0.1', 'localhost');
  const event = await liveFootballEvent(address);
  const pages: [string, string][] = [
    ['home', '/en/'],
    ['live event', `/en/live/1/${event.id}`],
    ['competition', `/en/sports/1/${event.region.id}/${event.competition.id}`],
    ['casino lobby', '/en/casino'],
    ['bet slip', '/en/betslip'],
  ];

  const chrome = await chromeLauncher.launch({
    chromePath: await chromiumExecutable(),
    chromeFlags: CHROME_FLAGS,
  });
  const rows: { name: string; page: Vitals; baseline: Vitals }[] = [];
  let homeScripts: string[] = [];
  try {
    for (const [name, path] of pages) {
      if (ONLY.length > 0 && !ONLY.includes(name.replace(/\W/g, '-'))) continue;
      const url = `${origin}${path}`;
      await fetch(url); // warm the server's own caches (not the browser's)
      const key = name.replace(/\W/g, '-');
      statics.set(
        key,
        withoutScripts(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).text()),
      );
      const runs: Vitals[] = [];
      const baselines: Vitals[] = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await lighthouseRun(url, chrome.port));
        if (WHY) console.log(`${name}, run ${i + 1}: TBT ${Math.round(runs.at(-1)!.tbt)} ms\n${lastWhy}`);
        if (i === 0 && name === 'home') homeScripts = lastScripts;
        baselines.push(await lighthouseRun(`${origin}/bench/static/${key}`, chrome.port));
      }
      rows.push({ name: `${name} ${path}`, page: median(runs), baseline: median(baselines) });
    }
  } finally {
    chrome.kill();
  }
  console.log(
    `web vitals — Lighthouse ${RUNS > 1 ? `median of ${RUNS}` : '1 run'}, mobile defaults (simulated Slow 4G, CPU ×4)${DIST ? `, web build ${DIST}` : ''}; each page beside its HTML without scripts (ratio)`,
  );
  print(rows);
  // What home loads before it is idle (Lighthouse's network log), gzip level 9 as the build precompresses it.
  let gzipBytes = 0;
  for (const script of homeScripts)
    gzipBytes += gzipSync(Buffer.from(await (await fetch(script)).arrayBuffer()), { level: 9 }).length;
  console.log(
    `home: JavaScript loaded before idle ${(gzipBytes / 1024).toFixed(1)} KiB gzip in ${homeScripts.length} scripts`,
  );
  if (TICK_SECONDS > 0) {
    // Odds move more often on a faster match: the tick measurement needs them to. Sped up only now (a live
    // event then, which the Lighthouse runs above may have outlasted): during those runs the simulator works
    // at its normal pace, since the server shares this machine's two cores with the browser it measures.
    const ticking = await liveFootballEvent(address, true);
    await modules.producer.command(ticking.id, 'speed', { factor: 10 }).catch(() => undefined);
    const tickCls = await clsWhileTicking(`${origin}/en/live/1/${ticking.id}`, TICK_SECONDS);
    console.log(`CLS on the live event page while odds tick for ${TICK_SECONDS} s: ${tickCls.toFixed(4)}`);
  }
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
