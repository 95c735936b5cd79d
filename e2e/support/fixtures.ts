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
