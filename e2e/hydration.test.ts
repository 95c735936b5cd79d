import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import WebSocket from 'ws';
import type { FixtureEvent } from '@sb/contract';
import { urlFor, useBrowser } from './support/fixtures';
import { layoutShifts, WATCH_LAYOUT_SHIFTS } from './support/layout-shifts';

/** Whether a node is inside server markup not yet hydrated (it stays `inert` until its part has hydrated). */
const INERT = (selector: string) =>
  `!!document.querySelector(${JSON.stringify(selector)})?.closest('[inert]')`;

async function firstEvent(query: string): Promise<FixtureEvent> {
  const res = await fetch(urlFor(`/api/v2/fixture/full?${query}&page=1&per_page=1`));
  const event = ((await res.json()) as { result: FixtureEvent[] }).result[0];
  if (!event) throw new Error(`no event for ${query}`);
  return event;
}

/**
 * Resolves once the server's live feed has moved on (a match or market update published after the call), watched
 * from the test's own socket: the page opens its socket only once it has hydrated, and it hydrates only once the
 * parts the server drew have their code.
 */
function feedMovesOn(): { moved: Promise<void>; close: () => void } {
  const socket = new WebSocket(urlFor('/ws/feed').replace(/^http/, 'ws'));
  const moved = new Promise<void>((resolve) => {
    let live = false;
    socket.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { type: string };
      if (msg.type === 'hello') socket.send(JSON.stringify({ type: 'subscribe', topics: ['live'] }));
      // The snapshot comes first: only what is published after it counts.
      if (msg.type === 'subscribed') live = true;
      else if (live && (msg.type === 'match_update' || msg.type === 'market_update')) resolve();
    });
  });
  return { moved, close: () => socket.terminate() };
}

/**
 * Holds back the page's scripts until the returned function is called; those matching `later` come only after the
 * live feed has moved on once the others were let through: a lazy part whose code arrives after live data has
 * changed under its server markup — waited for as that event, not as time.
 */
async function holdScripts(page: Page, later?: RegExp): Promise<() => void> {
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  // Watched from the release on: an update after the server drew the page.
  const feedMoved = scriptsHeld.then(async () => {
    if (!later) return;
    const feed = feedMovesOn();
    page.on('close', feed.close);
    await feed.moved;
    feed.close();
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await scriptsHeld;
    if (later?.test(route.request().url())) await feedMoved;
    await route.continue();
  });
  return release;
}

/**
 * Loads a page with its scripts held back, so the server's markup is all there is (inert); keeps references to
 * the server's nodes, lets the scripts run, and checks that hydration kept those very nodes, said nothing, moved
 * nothing and left none of them inert.
 */
async function checkHydration(page: Page, path: string, host: string, nodes: string[], later?: RegExp) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  // The screen's style sheets are in the page: hydrating its lazy parts must not fetch them again.
  const sheets: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'stylesheet') sheets.push(r.url());
  });
  await page.addInitScript(WATCH_LAYOUT_SHIFTS);
  const release = await holdScripts(page, later);

  await page.goto(urlFor(path, host), { waitUntil: 'commit' });
  for (const selector of nodes) await page.waitForSelector(selector, { state: 'attached' });
  expect(await page.locator('#sb-ssr-state').count()).toBe(1);
  for (const selector of nodes) expect(await page.evaluate(INERT(selector))).toBe(true);
  await page.evaluate(`window.__ssrNodes = ${JSON.stringify(nodes)}.map((s) => document.querySelector(s))`);

  release();
  // A node's part is live once the app, having hydrated it, takes `inert` off (lib/server-markup.tsx); the node
  // must be the server's very node then. Polled with evaluate: the page's CSP forbids the eval that
  // waitForFunction's string predicates use.
  for (const selector of nodes)
    await expect.poll(() => page.evaluate(INERT(selector)), { timeout: 60_000 }).toBe(false);
  const kept = await page.evaluate(
    `${JSON.stringify(nodes)}.map((s, i) => document.querySelector(s) === window.__ssrNodes[i])`,
  );
  expect(kept).toEqual(nodes.map(() => true));
  expect(errors).toEqual([]);
  expect(await layoutShifts(page)).toEqual([]);
  expect(sheets).toEqual([]);
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
      // The carousel (and Kartal's live rows) are drawn from the live list: right after the server starts, the
      // simulator may not have kicked a match off yet. Wait for one, so the page's markup has them to hydrate.
      await expect
        .poll(async () => {
          const res = await fetch(urlFor('/api/v2/fixture/full?onLive=1&openMain=1&page=1&per_page=6'));
          return ((await res.json()) as { result: FixtureEvent[] }).result.some((e) => e.isLive);
        })
        .toBe(true);
      const page = await browser.newPage(locale === 'tr' ? 'tr-TR' : 'en-US');
      // The live carousel's code comes last, after the feed has moved its events on: its server markup is
      // still what hydrates (it was thrown away and drawn again when the list changed under it).
      await checkHydration(
        page,
        `/${locale}/`,
        host,
        [
          ...frame,
          '[data-testid="highlighted-matches"] [data-event-id]',
          // Kartal's home shows the live rows instead (its variant 2).
          ...(host === 'localhost' ? ['[data-testid="live-card"]'] : []),
        ],
        /live-carousel/,
      );
      expect(await page.getAttribute('html', 'lang')).toBe(locale);
      expect(await page.title()).toContain(host === 'localhost' ? 'Demo Bet' : 'Kartal');
    });
  }

  it('the sports list, an event page, the casino lobby and an empty slip', async () => {
    const event = await firstEvent('sport=1');
    const eventPath = `/en/sports/${event.sport.id}/${event.region.id}/${event.competition.id}/event/${event.id}`;
    for (const [path, node] of [
      // The screen's own gate (lazy screens hydrate when their chunk has loaded, after the frame).
      ['/en/sports', 'main > .hydration-gate'],
      [eventPath, 'main > .hydration-gate'],
      ['/tr/casino', 'main > .hydration-gate'],
      // An empty slip (this device holds none): the server draws it, links and all.
      ['/en/betslip', '[data-testid="slip-empty"] a'],
    ] as const) {
      const page = await browser.newPage();
      await checkHydration(page, path, 'localhost', [...frame, node]);
      await page.close();
    }
  });

  it('a search typed before the screen has hydrated waits for it, and is kept', async () => {
    const event = await firstEvent('onlyPre=1&sport=1&onlyList=1');
    const page = await browser.newPage();
    const release = await holdScripts(page);
    await page.goto(urlFor('/en/sports'), { waitUntil: 'commit' });
    const input = page.getByTestId('event-search-input');
    await input.waitFor({ state: 'attached' });
    expect(await page.evaluate(INERT('[data-testid="event-search-input"]'))).toBe(true);
    // The player types into the server's markup: the input takes it only once the screen is live.
    const typed = input.fill(event.home.name);
    release();
    await typed;
    await page.getByTestId('search-results').getByRole('link').first().waitFor();
    expect(await input.inputValue()).toBe(event.home.name);
  });

  it("dates are rendered in the visitor's time zone once the browser has told it (no text changes)", async () => {
    const page = await browser.newPage('tr-TR', { timezoneId: 'Europe/Istanbul' });
    // The first load sets the zone's cookie (the server had none: it rendered UTC, hydration re-rendered).
    await page.goto(urlFor('/tr/'));
    await page.locator('[inert]').first().waitFor({ state: 'detached' });
    const times = '[data-testid="highlighted-matches"] .event-row__time';
    const release = await holdScripts(page);
    await page.goto(urlFor('/tr/'), { waitUntil: 'commit' });
    await page.locator(times).first().waitFor({ state: 'attached' });
    const server = await page.locator(times).allTextContents();
    release();
    await page.locator('[inert]').first().waitFor({ state: 'detached' });
    expect(await page.locator(times).allTextContents()).toEqual(server);
  });

  it("a device whose slip holds selections gets its own slip, drawn by the client (not the server's empty one)", async () => {
    const page = await browser.newPage();
    await page.goto(urlFor('/en/'));
    await page.locator('[inert]').first().waitFor({ state: 'detached' });
    await page.locator('button.odd-button:not([disabled])').first().click();
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'sb_slip')?.value)
      .toBe('1');
    const response = await page.goto(urlFor('/en/betslip'));
    expect(await response!.text()).not.toContain('id="sb-ssr-state"');
    await page.getByTestId('betslip').waitFor();
    expect(await page.getByTestId('slip-empty').count()).toBe(0);
    await page.close();
  });

  it('a device holding a login gets the plain shell (the server renders only a visitor)', async () => {
    const html = async (cookie?: string) =>
      (await fetch(urlFor('/en/'), { headers: cookie ? { cookie } : {} })).text();
    expect(await html()).toContain('id="sb-ssr-state"');
    expect(await html('sb_tz=UTC; sb_signed_in=1')).not.toContain('id="sb-ssr-state"');
  });

  it("a page's queries fetched ahead go out in its language and brand, whatever page the server drew before", async () => {
    await expect
      .poll(async () => {
        const res = await fetch(urlFor('/api/v2/fixture/full?onLive=1&sport=1&page=1&per_page=1'));
        return ((await res.json()) as { result: FixtureEvent[] }).result.length;
      })
      .toBeGreaterThan(0);
    const mainMarkets = async (locale: string) => {
      const res = await fetch(urlFor(`/api/v2/fixture/main-market/1?isLive=1&locale=${locale}`));
      return ((await res.json()) as { result: { name: string }[] }).result.map((m) => m.name);
    };
    const [tr, en] = [await mainMarkets('tr'), await mainMarkets('en')];
    expect(tr[0]).not.toBe(en[0]);
    const page = await browser.newPage('tr-TR');
    await page.goto(urlFor('/tr/', 'kartal.localhost'));
    // Kartal's home draws its live rows under tabs of the sport's main markets, named by the server's first view.
    const serverTabs = () =>
      page.evaluate(async () => {
        const html = await (await fetch('/tr/', { credentials: 'omit' })).text();
        const markup = new DOMParser().parseFromString(html, 'text/html');
        return Array.from(markup.querySelectorAll('#root [role="tab"]')).map((tab) => tab.textContent ?? '');
      });
    expect(await serverTabs()).toContain(tr[0]);
    // An English page of the other brand drawn in between; then the Turkish page again, its queries now fetched
    // before its first pass (they went out with the previous page's language and brand).
    expect(await (await fetch(urlFor('/en/'))).text()).toContain('id="sb-ssr-state"');
    const again = await serverTabs();
    expect(again).toContain(tr[0]);
    expect(again).not.toContain(en[0]);
    await page.close();
  });

  it('a page rendered before renders once, its known queries fetched first, and hands over the same data', async () => {
    const path = '/en/casino';
    const load = async () => {
      const res = await fetch(urlFor(path));
      const html = await res.text();
      const state = /<script type="application\/json" id="sb-ssr-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
      const queries = (JSON.parse(state ?? '{"queries":[]}') as { queries: [unknown][] }).queries;
      return {
        timing: res.headers.get('server-timing') ?? '',
        keys: queries.map(([key]) => JSON.stringify(key)),
      };
    };
    const first = await load();
    const again = await load();
    // The first render of a page takes a pass per round of data it discovers, the next one pass.
    expect(first.timing).toMatch(/^ssr;dur=[\d.]+;desc="\d+ passes"$/);
    expect(again.timing).toMatch(/desc="1 passes"$/);
    expect(again.keys.length).toBeGreaterThan(0);
    expect(again.keys.sort()).toEqual(first.keys.sort());
  });
});
