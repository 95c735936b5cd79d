// What home (`/en/`) loads in JavaScript before it is idle, lazy chunks included: the figure of the 120 KB budget
// (issue 20) as Lighthouse counts it, without Lighthouse's timing. The bundled Chromium loads the page at a
// phone's size, waits for network idle and 3 s more, and every script response is counted twice: the bytes the
// browser received (the server's precompressed .br or .gz, whichever it chose) and gzip level 9 of the script
// (the count of bench/web-vitals.ts). Byte counts do not depend on the machine's load, unlike web-vitals.ts.
// Two sizes: 360×640 (the e2e phone) and 412×823 (Lighthouse's mobile screen: more of home is "near" there).
// Needs the web build: npm run build -w @sb/web.
// Run: node --import tsx bench/home-js.ts [--path /en/] [--dist path/to/another/web/dist] [--list]
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/config';
import { openDatabase } from '../apps/server/src/db/database';
import { launchBrowser, PHONE } from '../e2e/support/browser';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const PAGE_PATH = arg('path', '/en/');
/** Another web build to measure (e.g. a copy of the build before a change); default: apps/web/dist. */
const DIST = arg('dist', '');
const LIST = process.argv.includes('--list');
/** Time after network idle that still counts as "before idle" (Lighthouse waits for a quiet network and CPU). */
const SETTLE_MS = 3_000;

const SCREENS: [string, { width: number; height: number }][] = [
  ['360×640', PHONE.viewport],
  ['412×823 (Lighthouse mobile)', { width: 412, height: 823 }],
];

interface Script {
  url: string;
  /** Body bytes as received: compressed by the server. */
  received: number;
  encoding: string;
  /** The script's decoded bytes at gzip level 9. */
  gzip9: number;
}

async function scriptsBeforeIdle(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
): Promise<Script[]> {
  const context = await browser.newContext({ ...PHONE, viewport, locale: 'en-US' });
  try {
    const page = await context.newPage();
    const pending: Promise<Script | null>[] = [];
    page.on('requestfinished', (request) => {
      pending.push(
        (async () => {
          const response = await request.response();
          if (!response || request.resourceType() !== 'script') return null;
          const [sizes, body, headers] = await Promise.all([
            request.sizes(),
            response.body(),
            response.allHeaders(),
          ]);
          return {
            url: request.url(),
            received: sizes.responseBodySize,
            encoding: headers['content-encoding'] ?? 'identity',
            gzip9: gzipSync(body, { level: 9 }).length,
          };
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.waitForTimeout(SETTLE_MS);
    return (await Promise.all(pending)).filter((s): s is Script => s !== null);
  } finally {
    await context.close();
  }
}

/**
 * Waits until the simulator has a live event: home's carousel (and what loads with it) shows only then, and
 * without it the page is shorter and other sections come near. The same page every run, as web-vitals.ts does.
 */
async function untilLive(address: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const list = (await (await fetch(`${address}/api/v2/fixture/full?onLive=1&per_page=1`)).json()) as {
      result: unknown[];
    };
    if (list.result.length > 0) return;
    await new Promise((r) => setTimeout(r, 1_000));
  }
  throw new Error('no live event after 60 s');
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main(): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory' });
  // The server as it runs in production (catalogue, simulator), on an in-memory database.
  const config = loadConfig({ DATA_DIR: 'memory', LOG_LEVEL: 'silent', CATALOGUE_DAYS_AHEAD: '2' });
  if (DIST) config.WEB_DIST_DIR = DIST;
  const { app } = await buildApp({ config, database });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${address.replace('127.0.0.1', 'localhost')}${PAGE_PATH}`;
  await untilLive(address);
  await fetch(url); // warm the server's own caches (not the browser's)
  const browser = await launchBrowser();
  try {
    for (const [name, viewport] of SCREENS) {
      const scripts = await scriptsBeforeIdle(browser, url, viewport);
      const sum = (key: 'received' | 'gzip9') => scripts.reduce((total, s) => total + s[key], 0);
      const encodings = [...new Set(scripts.map((s) => s.encoding))].join(', ');
      console.log(
        `${PAGE_PATH} at ${name}: ${scripts.length} scripts before idle, ${kib(sum('gzip9'))} gzip -9 (Lighthouse's count), ${kib(sum('received'))} received (${encodings})`,
      );
      if (LIST)
        for (const s of scripts.sort((a, b) => b.gzip9 - a.gzip9))
          console.log(
            `  ${new URL(s.url).pathname.padEnd(48)} gzip -9 ${String(s.gzip9).padStart(7)} B  received ${s.received} B`,
          );
    }
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
