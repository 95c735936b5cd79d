import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, phoneContext } from './browser';

/** The started server's address with another host name (browsers resolve *.localhost to loopback). */
export function urlFor(path: string, host = 'localhost'): string {
  return `http://${host}:${inject('port')}${path}`;
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

const operatorHeaders = () => ({
  authorization: `Bearer ${inject('operatorToken')}`,
  'content-type': 'application/json',
});

/**
 * Sends an operator command and resolves once the simulator leader has applied it; throws with the server's
 * message when it was refused or failed. The server waits a few seconds for the leader and answers 200 (applied),
 * 409 (failed) or 202 (queued: no leader yet, or a busy one): then `GET /ops/v1/commands/{id}` is asked until the
 * command is applied or failed — a test never goes on with a command that is still queued. (The wait is a condition;
 * its limit only turns a hang into a failure that names the command.)
 */
export async function sendCommand(path: string, body: Record<string, unknown>, what: string): Promise<void> {
  const res = await fetch(urlFor(path), {
    method: 'POST',
    headers: operatorHeaders(),
    body: JSON.stringify(body),
  });
  if (res.status === 200) return;
  if (res.status !== 202) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  const { id } = ((await res.json()) as { result: { id: number } }).result;
  let outcome: { status: string; error: string | null } = { status: 'queued', error: null };
  await expect
    .poll(
      async () => {
        const status = await fetch(urlFor(`/ops/v1/commands/${id}`), { headers: operatorHeaders() });
        outcome = ((await status.json()) as { result: typeof outcome }).result;
        return outcome.status;
      },
      { timeout: 60_000, interval: 100, message: `${what} (command ${id}) still queued` },
    )
    .not.toBe('queued');
  if (outcome.status !== 'applied') throw new Error(`${what}: ${outcome.status} ${outcome.error ?? ''}`);
}

/**
 * Steers a simulated match on the e2e server through the operator HTTP API (`/ops/v1/...`):
 * `start`, `pause`, `resume`, `finish`, `speed` ({factor}) or `result` ({home, away}, optionally {htHome, htAway}).
 * Resolves when the simulator leader has applied it; throws with the server's message otherwise.
 */
export function operatorCommand(
  eventId: number,
  command: 'start' | 'pause' | 'resume' | 'finish' | 'speed' | 'result',
  args: { factor?: number; home?: number; away?: number; htHome?: number; htAway?: number } = {},
): Promise<void> {
  return sendCommand(
    `/ops/v1/fixtures/${eventId}/commands`,
    { command, ...args },
    `operator ${command} on ${eventId}`,
  );
}

/**
 * Drives virtual football's rounds through the operator HTTP API: `start` kicks the next round off now, `finish`
 * plays every round in play to its end. Resolves when the simulator leader has applied it.
 */
export function virtualCommand(command: 'start' | 'finish'): Promise<void> {
  return sendCommand('/ops/v1/virtual/commands', { command }, `virtual ${command}`);
}
