import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FixtureEvent } from '@sb/contract';
import { urlFor, useBrowser } from './support/fixtures';

/** Counts layout shifts from the first byte on, and keeps the page's errors (React reports hydration ones). */
const WATCH = `(() => {
  window.__shift = 0;
  window.__errors = [];
  new PerformanceObserver((l) => l.getEntries().forEach((e) => { if (!e.hadRecentInput) window.__shift += e.value; }))
    .observe({ type: 'layout-shift', buffered: true });
})();`;

/** Whether React has taken over a node (hydration attaches its fiber to each DOM node it adopts). */
const HYDRATED = (selector: string) => `(() => {
  const el = document.querySelector(${JSON.stringify(selector)});
  return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
})()`;

async function firstEvent(query: string): Promise<FixtureEvent> {
  const res = await fetch(urlFor(`/api/v2/fixture/full?${query}&page=1&per_page=1`));
  const event = ((await res.json()) as { result: FixtureEvent[] }).result[0];
  if (!event) throw new Error(`no event for ${query}`);
  return event;
}

/**
 * Loads a page with its scripts held back, so the server's markup is all there is; keeps references to the
 * server's nodes, lets the scripts run, and checks that hydration kept those very nodes, said nothing and moved
 * nothing.
 */
async function checkHydration(page: Page, path: string, host: string, nodes: string[]) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(WATCH);
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });

  await page.goto(urlFor(path, host), { waitUntil: 'commit' });
  for (const selector of nodes) await page.waitForSelector(selector, { state: 'attached' });
  expect(await page.locator('#sb-ssr-state').count()).toBe(1);
  await page.evaluate(`window.__ssrNodes = ${JSON.stringify(nodes)}.map((s) => document.querySelector(s))`);

  release();
  // Polled with evaluate: the page's CSP forbids the eval that waitForFunction's string predicates use.
  for (const selector of nodes)
    await expect.poll(() => page.evaluate(HYDRATED(selector)), { timeout: 60_000 }).toBe(true);
  const kept = await page.evaluate(
    `${JSON.stringify(nodes)}.map((s, i) => document.querySelector(s) === window.__ssrNodes[i])`,
  );
  expect(kept).toEqual(nodes.map(() => true));
  expect(errors).toEqual([]);
  expect(await page.evaluate('window.__shift')).toBe(0);
}

describe('server-rendered first views hydrate in place (360×640)', () => {
  const browser = useBrowser();
  const frame = ['[data-testid="header"]', 'footer'];

  for (const [host, locale] of [
    ['localhost', 'en'],
    ['localhost', 'tr'],
    ['kartal.localhost', 'en'],
    ['kartal.localhost', 'tr'],
  ] as const) {
    it(`home on ${host} in ${locale}: the brand's page, in its language, kept by hydration`, async () => {
      const page = await browser.newPage(locale === 'tr' ? 'tr-TR' : 'en-US');
      await checkHydration(page, `/${locale}/`, host, [
        ...frame,
        '[data-testid="highlighted-matches"] [data-event-id]',
      ]);
      expect(await page.getAttribute('html', 'lang')).toBe(locale);
      expect(await page.title()).toContain(host === 'localhost' ? 'Demo Bet' : 'Kartal');
    });
  }

  it('the sports list, an event page and the casino lobby', async () => {
    const event = await firstEvent('sport=1');
    const eventPath = `/en/sports/${event.sport.id}/${event.region.id}/${event.competition.id}/event/${event.id}`;
    for (const [path, node] of [
      ['/en/sports', 'main'],
      [eventPath, 'main'],
      ['/tr/casino', 'main'],
    ] as const) {
      const page = await browser.newPage();
      await checkHydration(page, path, 'localhost', [...frame, node]);
      await page.close();
    }
  });
});
