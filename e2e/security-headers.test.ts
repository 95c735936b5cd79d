import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO } from './support/clients';
import { urlFor, useBrowser } from './support/fixtures';

/** Every screen of the route table (spec §2); event, game and stream pages are added per brand. */
const SCREENS = [
  '',
  'casino',
  'slot',
  'live-casino',
  'live',
  'sports',
  'today',
  '3hours',
  '48hours',
  'highlighted',
  'favorites',
  'betslip',
  'deposit',
  'account',
  'account/informations',
  'account/password',
  'account/my-bets',
  'account/transactions',
  'account/settings',
  'account/limits',
  'account/limit-summary',
  'info/help',
  'no-such-screen',
];

/** Reports every `securitypolicyviolation` of every frame of the page (across navigations) into `into`. */
async function watchViolations(page: Page, into: string[]): Promise<void> {
  await page.exposeFunction('__cspViolation', (text: string) => into.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(text: string): void }).__cspViolation(
        `${location.pathname}: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sample})`,
      );
    });
  });
  page.on('console', (m) => {
    if (/content security policy/i.test(m.text())) into.push(`console: ${m.text()}`);
  });
}

/**
 * Waits until the page has done what could break its policy: the screen hydrated (no inert server markup left,
 * its lazy chunks and styles loaded) and every frame in it loaded — a violation is reported before each of those.
 */
async function drawn(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.locator('[inert]').first().waitFor({ state: 'detached' });
  for (const frame of page.frames()) await frame.waitForLoadState('load');
}

/** The catalogue and the casino games are the same for both brands (Node cannot resolve *.localhost). */
async function json<T>(path: string): Promise<T> {
  return (await (await fetch(urlFor(path))).json()) as T;
}

/**
 * Every screen of both brands in Chromium under the server's Content-Security-Policy (no
 * 'unsafe-inline' scripts): not one violation; the login link's credentials never reach a Referer.
 */
describe('content security policy in Chromium (both brands)', () => {
  const browser = useBrowser();

  for (const [host, locale] of [
    ['localhost', 'en'],
    ['kartal.localhost', 'tr'],
  ] as const) {
    it(`walks every screen of ${host} with no CSP violation`, async () => {
      const page = await browser.newPage(locale === 'tr' ? 'tr-TR' : 'en-US');
      const violations: string[] = [];
      await watchViolations(page, violations);
      const referers: string[] = [];
      page.on('request', (r) => {
        const referer = r.headers()['referer'];
        if (referer) referers.push(referer);
      });

      // The login link (the demo client is Demo Bet's; Kartal Bahis is walked as a visitor): credentials leave
      // the address bar, and no request carries them in a Referer.
      if (host === 'localhost') {
        await page.goto(urlFor(`/${locale}/login?u=${DEMO.username}&s=${DEMO.password}`, host));
        await page.waitForURL((url) => !url.search.includes('s='), { timeout: 60_000 });
        await page.waitForURL(new RegExp(`/${locale}/$`), { timeout: 60_000 });
        expect(referers.filter((r) => r.includes(DEMO.password))).toEqual([]);
      }

      const live = await json<{ result: { id: number }[] }>('/api/v2/fixture/full?onLive=1&per_page=1');
      const upcoming = await json<{ result: { id: number }[] }>(
        '/api/v2/fixture/full?onlyPre=1&sport=1&per_page=1',
      );
      const events = [...live.result, ...upcoming.result].map((e) => `sports/event/${e.id}`);
      const games = await json<{ result: { extended_id: string; demo?: boolean }[] }>(
        '/api/v1/casino/games?per_page=5',
      );
      const screens = [...SCREENS, ...events];
      for (const screen of screens) {
        await page.goto(urlFor(`/${locale}/${screen}`, host));
        await page.getByTestId('header').waitFor({ timeout: 60_000 });
        await drawn(page);
      }
      // The event page's frames (play-stream view, widgets) under their own policies.
      if (live.result[0]) {
        await page.goto(urlFor(`/${locale}/sports/event/${live.result[0].id}`, host));
        await drawn(page);
        // The Simulation tab, whose panel is always a frame or the note that stands for it: the first of the
        // event's tabs, or the second when the stream's tab opened first (the Statistics panel of an event with no
        // tracker id holds neither, so the tab is chosen, not taken by its place).
        const section = page.locator('.event-tabs');
        if (await section.isVisible()) {
          const streamOpen = (await section.getAttribute('data-tab')) === '4';
          await section
            .getByRole('tab')
            .nth(streamOpen ? 1 : 0)
            .click();
          await page
            .locator('[data-testid=event-panel-1] iframe, [data-testid=event-panel-1] .event-frame__note')
            .first()
            .waitFor();
          await drawn(page);
        }
      }
      // A casino game page (demo play).
      const game = games.result[0];
      if (game) {
        await page.goto(urlFor(`/api/v1/casino/playnow?mobile=1&demo=1&gameId=${game.extended_id}`, host));
        await page.waitForURL(/\/play\//, { timeout: 60_000 });
        await page.getByTestId('play-page').waitFor();
        await drawn(page);
      }
      expect(violations).toEqual([]);
    }, 240_000);
  }

  it('sends the security headers on the shell and the API', async () => {
    for (const path of ['/en/', '/api/v1/get/client']) {
      const res = await fetch(urlFor(path));
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'self'");
      expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
    }
  });
});
