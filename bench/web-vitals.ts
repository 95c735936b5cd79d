// Web vitals of the built web app as a new visitor on a throttled phone gets them: the home page and one live
// event page, loaded cold in the bundled Chromium under Lighthouse's mobile throttling (CDP: 150 ms RTT × 3.75,
// 1.6 Mbps × 0.9 down, 750 kbps × 0.9 up, CPU × 4), median of 5 loads each. Beside them, the same figures for a
// static HTML page of the same size on the wire, served by the same server in the same run (the floor any page
// of that weight pays on that network): each figure is printed with its ratio to the static page's. Then the
// layout shift while the live event's odds tick for 30 s.
// Needs the web build: npm run build -w @sb/web.
// Run: node --import tsx bench/web-vitals.ts [--runs 5] [--tick 30] [--dist path/to/another/web/dist]
import { randomBytes } from 'node:crypto';
import type { CDPSession, Page } from 'playwright-core';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/config';
import { openDatabase } from '../apps/server/src/db/database';
import { launchBrowser, phoneContext } from '../e2e/support/browser';
import { quantile } from './support/report';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const RUNS = Number(arg('runs', '5'));
const TICK_SECONDS = Number(arg('tick', '30'));
/** Another web build to measure (e.g. a copy of the build before a change); default: apps/web/dist. */
const DIST = arg('dist', '');

/** Lighthouse's mobile preset as DevTools throttling applies it (latency × 3.75, throughput × 0.9). */
export const LIGHTHOUSE_MOBILE = {
  latencyMs: 150 * 3.75,
  downloadBytesPerSecond: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadBytesPerSecond: (750 * 1024 * 0.9) / 8,
  cpuSlowdown: 4,
};

interface Vitals {
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  jsBytes: number;
  totalBytes: number;
  lcpElement: string;
}

/** Collects paint, layout-shift and long-task entries from the first byte on (runs before any page script). */
const OBSERVER = `(() => {
  const v = (window.__vitals = { lcp: 0, fcp: 0, cls: 0, longTasks: [], lcpElement: '' });
  const observe = (type, fn) => { try { new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true }); } catch {} };
  observe('largest-contentful-paint', (e) => { v.lcp = e.startTime; const el = e.element; v.lcpElement = el ? (el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : '') + ' "' + (el.textContent || '').trim().slice(0, 40) + '"') : ''; });
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') v.fcp = e.startTime; });
  observe('layout-shift', (e) => { if (!e.hadRecentInput) v.cls += e.value; });
  observe('longtask', (e) => v.longTasks.push([e.startTime, e.duration]));
})();`;

async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LIGHTHOUSE_MOBILE.latencyMs,
    downloadThroughput: LIGHTHOUSE_MOBILE.downloadBytesPerSecond,
    uploadThroughput: LIGHTHOUSE_MOBILE.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: LIGHTHOUSE_MOBILE.cpuSlowdown });
}

/** Total blocking time as Lighthouse counts it: the part over 50 ms of each long task after first paint. */
function blockingTime(longTasks: [number, number][], fcp: number): number {
  return longTasks.filter(([start]) => start >= fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
}

/** Read in the page as a string: tsx would wrap a function's inner names in a helper the page lacks. */
const READ_VITALS = `(() => {
  const resources = performance.getEntriesByType('resource');
  const nav = performance.getEntriesByType('navigation')[0];
  const js = resources.filter((r) => r.initiatorType === 'script' || /\\.m?js(\\?|$)/.test(r.name));
  const sum = (list) => list.reduce((s, r) => s + r.transferSize, 0);
  return { ...window.__vitals, jsBytes: sum(js), totalBytes: sum(resources) + (nav ? nav.transferSize : 0) };
})()`;

async function readVitals(page: Page): Promise<Vitals & { longTasks: [number, number][] }> {
  return page.evaluate(READ_VITALS);
}

/** One cold load (fresh context: empty cache, no storage) under throttling; waits for the network to settle. */
async function coldLoad(url: string): Promise<Vitals> {
  const browser = await launchBrowser();
  try {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.addInitScript(OBSERVER);
    await throttle(await context.newCDPSession(page));
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
    await page.waitForTimeout(1_500);
    const raw = await readVitals(page);
    return { ...raw, tbt: blockingTime(raw.longTasks, raw.fcp) };
  } finally {
    await browser.close();
  }
}

async function medianOf(url: string): Promise<Vitals> {
  const runs: Vitals[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await coldLoad(url));
  const med = (key: keyof Omit<Vitals, 'lcpElement'>) =>
    quantile(
      runs.map((r) => r[key]),
      0.5,
    );
  // The element of the median LCP run names what the largest paint was.
  const byLcp = [...runs].sort((a, b) => a.lcp - b.lcp)[Math.floor(runs.length / 2)]!;
  return {
    lcp: med('lcp'),
    fcp: med('fcp'),
    tbt: med('tbt'),
    cls: med('cls'),
    jsBytes: med('jsBytes'),
    totalBytes: med('totalBytes'),
    lcpElement: byLcp.lcpElement,
  };
}

/** Layout shift on a page while its odds tick: loaded (unthrottled), then watched for `seconds`. */
async function clsWhileTicking(url: string, seconds: number): Promise<number> {
  const browser = await launchBrowser();
  try {
    const page = await (await phoneContext(browser)).newPage();
    await page.addInitScript(OBSERVER);
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.waitForTimeout(2_000);
    const before = await page.evaluate<number>('window.__vitals.cls');
    await page.waitForTimeout(seconds * 1_000);
    const after = await page.evaluate<number>('window.__vitals.cls');
    return after - before;
  } finally {
    await browser.close();
  }
}

/** Text that compresses about as badly as minified code does not: its size on the wire is its size. */
function incompressibleParagraphs(bytes: number): string {
  const words =
    randomBytes(Math.ceil(bytes * 0.75))
      .toString('base64')
      .match(/.{1,9}/g) ?? [];
  const paragraphs: string[] = [];
  for (let i = 0; i < words.length; i += 60) paragraphs.push(`<p>${words.slice(i, i + 60).join(' ')}</p>`);
  return paragraphs.join('\n').slice(0, bytes);
}

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

function print(rows: { name: string; v: Vitals }[], baseline: Vitals): void {
  const cols: [string, (v: Vitals) => number, number][] = [
    ['LCP ms', (v) => v.lcp, 0],
    ['FCP ms', (v) => v.fcp, 0],
    ['TBT ms', (v) => v.tbt, 0],
    ['CLS', (v) => v.cls, 3],
    ['JS KB', (v) => v.jsBytes / 1024, 1],
    ['all KB', (v) => v.totalBytes / 1024, 1],
  ];
  const ratio = (a: number, b: number) =>
    b === 0 ? (a === 0 ? '1.00×' : '  —  ') : `${(a / b).toFixed(2)}×`;
  console.log(`${'page'.padEnd(34)}${cols.map(([h]) => h.padStart(16)).join('')}`);
  for (const { name, v } of rows) {
    const cells = cols.map(([, f, digits]) => `${f(v).toFixed(digits)} (${ratio(f(v), f(baseline))})`);
    console.log(`${name.padEnd(34)}${cells.map((c) => c.padStart(16)).join('')}`);
  }
  for (const { name, v } of rows) console.log(`  largest paint of ${name}: ${v.lcpElement || '(none)'}`);
}

async function main(): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory' });
  // The server as it runs in production (full catalogue, simulator, pricing thread), on an in-memory database.
  const config = loadConfig({ DATA_DIR: 'memory', LOG_LEVEL: 'silent', CATALOGUE_DAYS_AHEAD: '2' });
  if (DIST) config.WEB_DIST_DIR = DIST;
  const { app, modules } = await buildApp({ config, database });
  let staticPage = '';
  // The baseline page goes out exactly as built: no compression, no script, no style sheet.
  app.get('/bench/static.html', { schema: { hide: true }, compress: false }, (_req, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(staticPage),
  );
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = address.replace('127.0.0.1', 'localhost');
  const eventId = await liveFootballEvent(address);
  // Odds move more often on a faster match: the tick measurement below needs them to.
  await modules.fixtures.command(eventId, 'speed', { factor: 10 }).catch(() => undefined);
  const home = `${origin}/en/`;
  const live = `${origin}/en/live/1/${eventId}`;
  await fetch(home); // warm the server's own caches (not the browser's)

  console.log(
    `web vitals — Lighthouse mobile throttling (RTT ${LIGHTHOUSE_MOBILE.latencyMs} ms, ${((LIGHTHOUSE_MOBILE.downloadBytesPerSecond * 8) / 1024).toFixed(0)} kbps down, CPU ×${LIGHTHOUSE_MOBILE.cpuSlowdown}), median of ${RUNS} cold loads, 360×640`,
  );
  const homeVitals = await medianOf(home);
  const liveVitals = await medianOf(live);
  const size = Math.max(homeVitals.totalBytes, 10_000);
  staticPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>static</title></head><body><h1>Static page of ${size} bytes</h1>${incompressibleParagraphs(size - 300)}</body></html>`;
  const staticVitals = await medianOf(`${origin}/bench/static.html`);
  print(
    [
      { name: 'static page (baseline)', v: staticVitals },
      { name: 'home /en/', v: homeVitals },
      { name: `live event /en/live/1/${eventId}`, v: liveVitals },
    ],
    staticVitals,
  );
  const tickCls = await clsWhileTicking(live, TICK_SECONDS);
  console.log(`CLS on the live event page while odds tick for ${TICK_SECONDS} s: ${tickCls.toFixed(4)}`);
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
