import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser, phoneContext, patientContext } from './browser';

/**
 * The port of this file's server: global-setup.ts starts one per Vitest worker, and a worker runs one file at a
 * time, so a file has its server to itself (VITEST_POOL_ID is 1…maxWorkers).
 */
export function serverPort(): number {
  const ports = inject('ports');
  const pool = Number(process.env.VITEST_POOL_ID ?? '1');
  return ports[(Number.isInteger(pool) && pool >= 1 ? pool - 1 : 0) % ports.length]!;
}

/** The started server's address with another host name (browsers resolve *.localhost to loopback). */
export function urlFor(path: string, host = 'localhost'): string {
  return `http://${host}:${serverPort()}${path}`;
}

/**
 * Waits until the screen has hydrated: server markup stays `inert` until its part has hydrated, and a tap on it
 * before then is dropped (on a busy machine the screen's lazy chunk can arrive long after the page's load event).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('[inert]').first().waitFor({ state: 'detached' });
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
    /** A context of its own (the desk at 1280×800: `DESK`), closed with the browser. */
    async newContext(options: BrowserContextOptions): Promise<BrowserContext> {
      const context = await patientContext(browser, options);
      contexts.push(context);
      return context;
    },
    async newPage(
      locale = 'en-US',
      options: { userAgent?: string; timezoneId?: string } = {},
    ): Promise<Page> {
      const context = await phoneContext(browser, locale, options);
      contexts.push(context);
      return context.newPage();
    },
  };
}

/**
 * Steers a simulated match on the e2e server through the operator HTTP API (`/ops/v1/...`):
 * `start`, `pause`, `resume`, `finish`, `speed` ({factor}) or `result` ({home, away}, optionally {htHome, htAway}). Resolves when the
 * simulator leader has applied it; throws with the server's message otherwise.
 */
export async function operatorCommand(
  eventId: number,
  command: 'start' | 'pause' | 'resume' | 'finish' | 'speed' | 'result',
  args: { factor?: number; home?: number; away?: number; htHome?: number; htAway?: number } = {},
): Promise<void> {
  const res = await fetch(urlFor(`/ops/v1/fixtures/${eventId}/commands`), {
    method: 'POST',
    headers: { authorization: `Bearer ${inject('operatorToken')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ command, ...args }),
  });
  await untilApplied(res, `operator ${command} on ${eventId}`);
}

/**
 * An operator command answers 200 when the simulator leader applied it at once, 202 when it is queued (the leader is
 * busy or not elected yet): then the command's status is read until the leader has applied it.
 */
async function untilApplied(res: Response, what: string): Promise<void> {
  if (res.status === 200) return;
  if (res.status !== 202) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  const { id } = ((await res.json()) as { result: { id: number } }).result;
  await expect
    .poll(
      async () => {
        const status = await fetch(urlFor(`/ops/v1/commands/${id}`), {
          headers: { authorization: `Bearer ${inject('operatorToken')}` },
        });
        const { result } = (await status.json()) as { result: { status: string; error: string | null } };
        if (result.status === 'failed') throw new Error(`${what}: ${result.error}`);
        return result.status;
      },
      { timeout: 60_000 },
    )
    .toBe('applied');
}

/**
 * Drives virtual football's rounds through the operator HTTP API: `start` kicks the next round off now, `finish`
 * plays every round in play to its end. Resolves when the simulator leader has applied it.
 */
export async function virtualCommand(command: 'start' | 'finish'): Promise<void> {
  const res = await fetch(urlFor('/ops/v1/virtual/commands'), {
    method: 'POST',
    headers: { authorization: `Bearer ${inject('operatorToken')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ command }),
  });
  await untilApplied(res, `virtual ${command}`);
}
