// The back office in browser tests: its viewport and the operators' login with a second factor.
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { OpsRole } from '@sb/contract';
import * as OTPAuth from 'otpauth';
import { launchBrowser, phoneContext, patientContext } from './browser';
import { urlFor } from './fixtures';

/** The desk at 1280×800. A browser always reports a valid language tag; this machine's default (en-US@posix) is
 * not one, and uPlot's date formatting refuses it. */
export const DESK = { viewport: { width: 1280, height: 800 }, locale: 'en-US' };

export const totpAt = (secret: string, at: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });

/**
 * Enrols the operator's second factor (first login), logs out, and logs in again with a fresh code, at `path`
 * under /backoffice/ (a deep link: the login form shows there, then the link's view).
 */
export async function deskLogin(
  page: Page,
  username: string,
  password: string,
  path = '/backoffice/',
): Promise<void> {
  await page.goto(urlFor(path));
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(await page.getByRole('img', { name: 'QR' }).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  await page.locator('input[name=totp]').fill(totpAt(secret, Date.now()));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByTestId('who').waitFor();
  await page.getByRole('button', { name: 'Log out' }).click();
  // The enrolment's code is spent: the next time step's code (accepted within the ±1 step window).
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.locator('input[name=totp]').fill(totpAt(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Log in' }).click();
  expect(await page.getByTestId('who').textContent()).toContain(username);
}

/** The automation bearer's call to `/ops/v1` (setting up operators and clients, reading what the desk should show). */
export async function opsApi<T>(
  path: string,
  body?: unknown,
  method = body === undefined ? 'GET' : 'POST',
): Promise<T> {
  const res = await fetch(urlFor(path), {
    method,
    headers: {
      authorization: `Bearer ${inject('operatorToken')}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const json = (await res.json()) as { result: T };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.result;
}

/**
 * An all-brands operator of its own (this file's; a trader unless another role is named): made through the API,
 * enrolled in TOTP from the desk's first login.
 */
export async function traderDesk(page: Page, username: string, role: OpsRole = 'trader'): Promise<void> {
  const password = `${username}-pass-2026`;
  await opsApi('/ops/v1/operators', { username, password, role, brandId: null });
  await page.goto(urlFor('/backoffice/'));
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.locator('input[name=totp]').fill(totpAt(secret, Date.now()));
  await page.getByRole('button', { name: 'Confirm' }).click();
  expect(await page.getByTestId('who').textContent()).toContain(username);
}

/**
 * One browser for a desk test file: a client's phone page logged in (`player`, after the file's first beforeAll)
 * and desk contexts at 1280×800 (`deskContext`); every context and the browser closed after the file.
 */
export function playerBesideDesk(client: { username: string; password: string }) {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const floor = {
    player: undefined as unknown as Page,
    async deskContext(): Promise<BrowserContext> {
      const context = await patientContext(browser, DESK);
      contexts.push(context);
      return context;
    },
  };
  beforeAll(async () => {
    browser = await launchBrowser();
    const playerContext = await phoneContext(browser);
    contexts.push(playerContext);
    floor.player = await playerContext.newPage();
    await floor.player.goto(urlFor(`/en/login?u=${client.username}&s=${client.password}`));
    await floor.player.getByTestId('header-balance').waitFor();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });
  return floor;
}
