import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, phoneContext } from './browser';

/** The started server's address with another host name (browsers resolve *.localhost to loopback). */
export function urlFor(path: string, host = 'localhost'): string {
  return `http://${host}:${inject('port')}${path}`;
}

/** One browser per test file; a fresh phone-sized context per call of `newPage`. */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });
  return {
    async newPage(locale = 'en-US', options: { userAgent?: string } = {}): Promise<Page> {
      const context = await phoneContext(browser, locale, options);
      contexts.push(context);
      return context.newPage();
    },
  };
}

/**
 * Steers a simulated match on the e2e server through the operator HTTP API (`/ops/v1/...`):
 * `start`, `pause`, `resume`, `finish`, `speed` ({factor}) or `result` ({home, away}). Resolves when the
 * simulator leader has applied it; throws with the server's message otherwise.
 */
export async function operatorCommand(
  eventId: number,
  command: 'start' | 'pause' | 'resume' | 'finish' | 'speed' | 'result',
  args: { factor?: number; home?: number; away?: number } = {},
): Promise<void> {
  const res = await fetch(urlFor(`/ops/v1/fixtures/${eventId}/commands`), {
    method: 'POST',
    headers: { authorization: `Bearer ${inject('operatorToken')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ command, ...args }),
  });
  if (res.status !== 200)
    throw new Error(`operator ${command} on ${eventId}: ${res.status} ${await res.text()}`);
}
