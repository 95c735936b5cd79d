// The back office in browser tests: its viewport and the operators' login with a second factor.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import * as OTPAuth from 'otpauth';
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
