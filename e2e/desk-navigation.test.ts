import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, patientContext } from './support/browser';
import { E2E_CLIENTS } from './support/clients';
import { DESK, deskLogin } from './support/desk';
import { urlFor } from './support/fixtures';

/**
 * The desk's navigation in Chromium at 1280×800 (issue 34 item 1): a deep link opens its view after the login;
 * views have URLs with their filters in the query string; reload keeps the view and Back walks the views; a new
 * tab of the same browser opens a deep link without a second login (one TOTP code per session); the session cookie
 * is never readable by a script; the ticker's live socket signs in on it; a filter the server refuses says why in
 * the desk's language; a logout in one tab ends the session in the other at once.
 */
const OPERATOR = { username: 'nav-trader', password: 'nav-trader-pass-2026' };
const CLIENT = E2E_CLIENTS.desk;
/** How long a drawn state is awaited: a call and a render on a loaded 2-core machine (a hang guard). */
const PATIENCE = { timeout: 60_000 };

describe('desk navigation in Chromium (1280×800)', () => {
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    // An operator of this file's own (the other desk suites enrol the demo ones): made with the automation token.
    const made = await fetch(urlFor('/ops/v1/operators'), {
      method: 'POST',
      headers: { authorization: `Bearer ${inject('operatorToken')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...OPERATOR, role: 'trader', brandId: null }),
    });
    expect(made.status, await made.text()).toBe(201);
    browser = await launchBrowser();
    context = await patientContext(browser, DESK);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('deep links, reload and Back keep the view; a new tab needs no second login; logout ends every tab', async () => {
    const first = await context.newPage();
    // A deep link with a filter: the login form shows there, then the link's view, filtered.
    await deskLogin(first, OPERATOR.username, OPERATOR.password, '/backoffice/audit?outcome=refused');
    expect(new URL(first.url()).pathname + new URL(first.url()).search).toBe(
      '/backoffice/audit?outcome=refused',
    );
    await first.getByTestId('audit').waitFor();
    expect(await first.locator('select[name=outcome]').inputValue()).toBe('refused');
    expect(await first.getByRole('link', { name: 'Audit log' }).getAttribute('aria-current')).toBe('page');

    // The session is an HttpOnly, SameSite=Strict cookie on /ops/v1: no script of the page reads it.
    const [cookie] = (await context.cookies(urlFor('/ops/v1/session'))).filter(
      (c) => c.name === 'sb_ops_session',
    );
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/ops/v1' });
    expect(await first.evaluate(() => document.cookie)).not.toContain('sb_ops_session');
    expect(await first.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))).not.toContain(
      cookie!.value,
    );

    // Navigate: the clients view, a search (in the query string), the client's page (its id in the path).
    await first.getByRole('link', { name: 'Clients' }).click();
    await first.waitForURL(/\/backoffice\/clients$/);
    await first.locator('input[name=q]').fill(CLIENT.username);
    await first.getByRole('button', { name: 'Search' }).click();
    await first.waitForURL(new RegExp(`/backoffice/clients\\?q=${CLIENT.username}$`));
    const found = first.locator('button[data-client]', { hasText: CLIENT.username }).first();
    const clientId = Number(await found.getAttribute('data-client'));
    await found.click();
    await first.waitForURL(new RegExp(`/backoffice/clients/${clientId}\\?q=${CLIENT.username}$`));
    await expect
      .poll(() => first.getByTestId('client-head').textContent(), PATIENCE)
      .toContain(CLIENT.username);

    // Reload: the same view, still signed in (no login form, no code).
    await first.reload();
    await expect
      .poll(() => first.getByTestId('client-head').textContent(), PATIENCE)
      .toContain(CLIENT.username);
    expect(await first.locator('input[name=password]').count()).toBe(0);

    // Back walks the views: the search, the clients view, the filtered audit log.
    await first.goBack();
    await first.waitForURL(new RegExp(`/backoffice/clients\\?q=${CLIENT.username}$`));
    await first.locator(`button[data-client="${clientId}"]`).waitFor();
    expect(await first.getByTestId('client-head').count()).toBe(0);
    await first.goBack();
    await first.waitForURL(/\/backoffice\/clients$/);
    await first.goBack();
    await first.waitForURL(/\/backoffice\/audit\?outcome=refused$/);
    await first.getByTestId('audit').waitFor();
    expect(await first.locator('select[name=outcome]').inputValue()).toBe('refused');

    // A new tab of the same browser (a second monitor): the client's deep link opens signed in, no login again.
    const second = await context.newPage();
    await second.goto(urlFor(`/backoffice/clients/${clientId}`));
    await expect
      .poll(() => second.getByTestId('client-head').textContent(), PATIENCE)
      .toContain(CLIENT.username);
    expect(await second.locator('input[name=password]').count()).toBe(0);
    expect(await second.title()).toBe('Clients · Trading desk');
    await second.screenshot({ path: '.cache/screenshots/desk-navigation-client-tab.png' });

    // The ticker filtered by the client from its URL; its live socket signs in on the cookie.
    await second.goto(urlFor(`/backoffice/ticker?client=${clientId}`));
    await second.getByTestId('feed-status').getByText('Live feed connected').waitFor();
    await expect
      .poll(() => second.locator('input[name=client]').inputValue(), PATIENCE)
      .toBe(CLIENT.username);
    // A filter the server refuses says why, in the desk's language (never the schema's text).
    await second.locator('input[name=minStake]').fill('-5');
    await second.getByRole('button', { name: 'Apply' }).click();
    await second.waitForURL(/minStake=-5/);
    const refusal = second.getByTestId('ticker').getByRole('alert');
    await expect
      .poll(() => refusal.textContent(), PATIENCE)
      .toBe('The minimum stake is not valid: check it and try again.');
    await second.screenshot({ path: '.cache/screenshots/desk-navigation-ticker-en.png' });
    await second.getByRole('button', { name: 'Türkçe' }).click();
    await expect
      .poll(() => refusal.textContent(), PATIENCE)
      .toBe('En az bahis geçerli değil: kontrol edip yeniden deneyin.');
    await second.screenshot({ path: '.cache/screenshots/desk-navigation-ticker-tr.png' });
    await second.getByRole('button', { name: 'English' }).click();
    await second.goBack();
    await expect.poll(() => second.locator('input[name=minStake]').inputValue(), PATIENCE).toBe('');
    await second.getByTestId('ticker').waitFor();

    // A logout in the first tab ends the session in the second at once, and for good.
    await first.getByRole('button', { name: 'Log out' }).click();
    await second.locator('input[name=username]').waitFor();
    await second.reload();
    await second.locator('input[name=username]').waitFor();
    expect(await second.evaluate(async () => (await fetch('/ops/v1/session')).status)).toBe(401);
    expect(second.url()).toMatch(/\/backoffice\/ticker\?client=\d+$/);
  });
});
