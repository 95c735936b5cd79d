// Chromium for browser tests: the build shipped inside @sparticuz/chromium (no system install,
// no download), or a system browser named by CHROMIUM_BIN.
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Phone-sized, touch: every screen must work at 360×640. */
export const PHONE = {
  viewport: { width: 360, height: 640 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
};

/** The Chromium binary the tests (and the Lighthouse bench) drive. */
export async function chromiumExecutable(): Promise<string> {
  // The test process is where the browser is chosen; this is test tooling, not server config.
  const env = process.env;
  if (env.CHROMIUM_BIN) return env.CHROMIUM_BIN;
  // @sparticuz/chromium unpacks into $TMPDIR/chromium and reuses it: keep it in the project's cache.
  env.TMPDIR = path.resolve('.cache/tmp');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(env.TMPDIR, { recursive: true });
  const sparticuz = (await import('@sparticuz/chromium')).default;
  return sparticuz.executablePath();
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumExecutable(), args: ARGS, headless: true });
}

/**
 * A context of any shape with the tests' patience: every wait for an element, a navigation or an action is a hang
 * guard (60 s), not a timing check. Playwright's own default (30 s for a navigation) failed the desk's login
 * `page.goto` on a busy machine.
 */
export async function patientContext(
  browser: Browser,
  options: BrowserContextOptions,
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(60_000);
  return context;
}

export async function phoneContext(
  browser: Browser,
  locale = 'en-US',
  options: { userAgent?: string; timezoneId?: string } = {},
): Promise<BrowserContext> {
  // On a busy machine a screen can take many times its quiet time to draw (scripts/ci-under-load.sh).
  return patientContext(browser, { ...PHONE, locale, ...options });
}
