import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FixtureEvent } from '@sb/contract';
import { DEMO } from './support/clients';
import { hydrated, operatorCommand, urlFor, useBrowser } from './support/fixtures';
import { layoutShifts, WATCH_LAYOUT_SHIFTS } from './support/layout-shifts';

/** Events straight from the server (to pick a live match, one with a stream, a team to search for). */
async function events(query: string): Promise<FixtureEvent[]> {
  const res = await fetch(urlFor(`/api/v2/fixture/full?${query}`));
  return ((await res.json()) as { result: FixtureEvent[] }).result;
}

async function logIn(page: Page, locale = 'en') {
  await page.goto(urlFor(`/${locale}/login?u=${DEMO.username}&s=${DEMO.password}`));
  await page.getByTestId('header-balance').waitFor();
}

const pickableOdd = 'button[data-odd-id]:not([disabled])';

describe('sports screens in Chromium (360×640)', () => {
  const browser = useBrowser();

  it('home (English, logged in): live carousel, highlighted rows with odds; an odd goes on the slip and the badge counts it', async () => {
    const page = await browser.newPage();
    await logIn(page);
    await page.getByTestId('live-card').first().waitFor();
    expect(await page.getByTestId('casino-links').count()).toBe(0);
    const highlighted = page.getByTestId('highlighted-matches');
    await highlighted.getByTestId('event-row').first().waitFor();
    expect(await highlighted.getByTestId('event-row').count()).toBeLessThanOrEqual(6);
    expect(await highlighted.getByRole('link', { name: 'All Matches' }).getAttribute('href')).toBe(
      '/en/highlighted/1',
    );
    const odd = highlighted.locator(pickableOdd).first();
    const oddId = await odd.getAttribute('data-odd-id');
    await odd.click();
    await expect.poll(() => odd.getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('bets'))).toContain(`"oddId":${oddId}`);
    await expect.poll(() => page.getByTestId('badge-slip').textContent()).toBe('1');
    await odd.click();
    await expect.poll(() => page.getByTestId('badge-slip').count()).toBe(0);
  });

  it('Kartal Bahis (Turkish) shows the live overview (variant 2) and each time-period page', async () => {
    const page = await browser.newPage('tr-TR');
    await page.goto(urlFor('/tr/', 'kartal.localhost'));
    const overview = page.getByTestId('live-overview');
    await overview.getByTestId('event-row').first().waitFor();
    expect(await overview.getByRole('heading', { name: 'Canlı futbol' }).isVisible()).toBe(true);
    expect(await page.getByTestId('live-carousel-section').count()).toBe(0);
    // Kartal's flags: casino links shown, Results tile hidden (Demo Bet: the other way round).
    expect(await page.getByTestId('casino-links').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Kısayollar' }).getByText('Sonuçlar').count()).toBe(0);
    for (const [path, title] of [
      ['today', 'Bugün'],
      ['3hours', 'Sonraki 3 saat'],
      ['48hours', 'Sonraki 48 saat'],
      ['highlighted/1', 'Öne çıkanlar'],
    ] as const) {
      await page.goto(urlFor(`/tr/${path}`, 'kartal.localhost'));
      await page.getByTestId('header').getByText(title, { exact: true }).waitFor();
      await page
        .getByTestId('event-row')
        .or(page.getByText('Bu zaman aralığında başlayan maç yok.'))
        .first()
        .waitFor();
    }
    expect(await page.getByTestId('header').getByText('Öne çıkanlar').isVisible()).toBe(true);
    expect(await page.locator(pickableOdd).count()).toBeGreaterThan(0);
  });

  it('browses sport → region → competition → event; tabs open frames and collapse on a second tap', async () => {
    const page = await browser.newPage();
    await page.goto(urlFor('/en/sports'));
    await hydrated(page);
    await page
      .getByRole('link', { name: /^Football/ })
      .first()
      .click();
    await page.waitForURL(/\/en\/sports\/1$/);
    await page
      .getByRole('link', { name: /Turkey/ })
      .first()
      .click();
    await page.waitForURL(/\/en\/sports\/1\/2$/);
    await page.getByRole('heading', { name: 'Events' }).waitFor();
    await page.getByRole('link', { name: /Turkey Premier League/ }).click();
    await page.waitForURL(/\/en\/sports\/1\/2\/1001$/);
    const row = page.getByTestId('event-row').first();
    await row.waitFor();
    expect(await page.locator('.sport-bar').count()).toBe(0);
    await row.locator('.event-row__teams').click();
    await page.waitForURL(/\/event\/\d+$|\/live\/1\/\d+$/);
    const detail = page.getByTestId('event-detail');
    await detail.waitFor();
    await detail.locator('.market-block').first().waitFor();

    await page.getByRole('tab', { name: 'Statistics' }).click();
    await page.getByTestId('event-panel-2').getByTestId('h2h').waitFor();
    await page.getByRole('tab', { name: 'Statistics' }).click();
    await expect.poll(() => page.getByTestId('event-panel-2').count()).toBe(0);
    await page.getByRole('tab', { name: 'Simulation' }).click();
    await page.getByTestId('event-panel-1').locator('iframe, .event-frame__note').first().waitFor();
    expect(await page.getByRole('tab', { name: 'Lineups' }).isDisabled()).toBe(true);

    await page.goto(urlFor('/en/sports/1/2/0/event/999999999'));
    await hydrated(page);
    await page.getByRole('heading', { name: 'Match not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to sports' }).click();
    await page.waitForURL(/\/en\/sports\/1$/);
    await page.goto(urlFor('/en/sports/1/2'));
    await hydrated(page);
    await page.getByTestId('favourite-2-1001').click();
    await page.waitForURL(/\/en\/login$/);
  });

  it('the live page opens an event, closing it restores the scroll position; header back clears the event', async () => {
    const page = await browser.newPage();
    await page.goto(urlFor('/en/live'));
    const rows = page.getByTestId('live-list').getByTestId('event-row');
    await rows.nth(6).waitFor();
    // The rows come in the server's markup, inert until the screen has hydrated: a tap before then is dropped, and
    // Playwright would scroll the row to another place to try again (the list is then not where `before` says).
    await hydrated(page);
    await rows.nth(6).evaluate((row) => row.scrollIntoView({ block: 'center' }));
    const before = await page.evaluate(() => Math.round(window.scrollY));
    expect(before).toBeGreaterThan(300);
    await rows.nth(6).locator('.event-row__teams').click();
    await page.waitForURL(/\/en\/live\/\d+\/\d+$/);
    await page.getByTestId('event-detail').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByTestId('event-close').click();
    await page.waitForURL(/\/en\/live$/);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(before);

    await rows.nth(6).locator('.event-row__teams').click();
    await page.waitForURL(/\/en\/live\/\d+\/\d+$/);
    const sport = /\/live\/(\d+)\//.exec(page.url())![1];
    // The URL changes before React commits the event screen (router navigations are transitions): until the
    // event is drawn, the header still holds the list's Back, which leads elsewhere.
    await page.getByTestId('event-detail').waitFor();
    await page.getByTestId('header').getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(new RegExp(`/en/live/${sport}$`));
    await page.getByTestId('live-list').getByTestId('event-row').first().waitFor();
  });

  it('an odd changes on screen when the simulator reprices it, with its arrow', async () => {
    // A match some minutes off: the list starts with matches whose kick-off time has passed, which the simulator
    // (just started, catching up) may start at any moment: `start` then answers 409.
    const match = (await events('onlyPre=1&sport=1&per_page=50&onlyList=1')).find(
      (e) => Date.parse(e.startDate) > Date.now() + 10 * 60_000,
    );
    await operatorCommand(match!.id, 'start');
    await operatorCommand(match!.id, 'speed', { factor: 60 });
    const page = await browser.newPage();
    await page.goto(urlFor(`/en/live/1/${match!.id}`));
    await page.getByTestId('event-detail').locator('button[data-odd-id]').first().waitFor();
    const arrow = page.locator('button[data-odd-id] [data-arrow]').first();
    await arrow.waitFor({ timeout: 60_000 });
    expect(['up', 'down']).toContain(await arrow.getAttribute('data-arrow'));
    await operatorCommand(match!.id, 'finish');
  });

  it('a suspended event shows padlocks, drawn in place, and its odds cannot be picked', async () => {
    // An operator's pause holds a live match and suspends its markets (instead of waiting, up to 100 s, for a goal
    // or a dangerous moment to suspend one by chance).
    // Right after the server starts the simulator may not have kicked a match off yet: wait for one.
    let live: FixtureEvent | undefined;
    await expect.poll(async () => ([live] = await events('onLive=1&sport=1&per_page=1')).length).toBe(1);
    // The event's page is open when its odds lock: each padlock is drawn where its odd was, moving nothing (an
    // odd's box sized by its text moved when a padlock replaced it: the hydration test's layout shift).
    const page = await browser.newPage();
    await page.addInitScript(WATCH_LAYOUT_SHIFTS);
    await page.goto(urlFor(`/en/live/${live!.sport.id}/${live!.id}`));
    const detail = page.getByTestId('event-detail');
    await detail.locator(pickableOdd).first().waitFor();
    await hydrated(page);
    // Only what is on screen can shift.
    await detail.locator(pickableOdd).first().scrollIntoViewIfNeeded();
    await operatorCommand(live!.id, 'pause');
    try {
      let suspended: FixtureEvent | undefined;
      await expect
        .poll(async () => (suspended = (await events(`event=${live!.id}`)).find((e) => e.isSuspended)), {
          timeout: 60_000,
        })
        .toBeDefined();
      // The page learns of it from the feed.
      await expect.poll(() => detail.locator(pickableOdd).count()).toBe(0);
      expect(await detail.locator('button[data-odd-id] .ui-icon').count()).toBeGreaterThan(0);
      expect((await layoutShifts(page, 'button[data-odd-id]')).flatMap((s) => s.sources)).toEqual([]);
      await detail.locator('button[data-odd-id]').first().click({ force: true });
      expect(await page.evaluate(() => localStorage.getItem('bets') ?? '')).not.toContain('oddId');
      await page.goto(urlFor(`/en/live/${suspended!.sport.id}`));
      const row = page.locator(`[data-testid=event-row][data-event-id="${suspended!.id}"]`);
      await row.waitFor();
      expect(await row.locator(pickableOdd).count()).toBe(0);
      expect(await row.getByText('+0').isVisible()).toBe(true);
    } finally {
      await operatorCommand(live!.id, 'resume');
    }
  });

  it('the stream asks a visitor to log in and plays for a logged-in client', async () => {
    const streamed = (await events('per_page=100&onlyList=1')).find(
      (e) => e.streamEmbed && e.status !== 'ended',
    );
    expect(streamed).toBeDefined();
    const path = `/sports/${streamed!.sport.id}/${streamed!.region.id}/0/event/${streamed!.id}`;
    const page = await browser.newPage();
    await page.goto(urlFor(`/en${path}`));
    await page.getByTestId('stream-login').waitFor();
    expect(await page.getByRole('tab', { name: 'Live Stream' }).getAttribute('aria-selected')).toBe('true');
    await logIn(page);
    const stream = page.waitForResponse((r) => r.url().includes(`/api/v2/play-stream/${streamed!.id}`));
    await page.goto(urlFor(`/en${path}`));
    const frame = page.getByTestId('event-panel-4').locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toContain('access_token=');
    expect((await stream).status()).toBe(200);
  });

  it('a search suggestion opens the event (Turkish)', async () => {
    const [target] = await events('onlyPre=1&sport=1&per_page=1&onlyList=1');
    const page = await browser.newPage('tr-TR');
    await page.clock.install();
    await page.goto(urlFor('/tr/sports'));
    // Three letters search nothing, on the page's own clock: its search debounce is run out by hand (no wait for
    // time), then the full name searches; no request ever carried the three letters.
    const searched: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/search/fixture'))
        searched.push(new URL(r.url()).searchParams.get('q') ?? '');
    });
    const input = page.getByTestId('event-search-input');
    await input.waitFor();
    // The screen hydrates on real time (its parts' code is loaded first): typed into only once it is live.
    await hydrated(page);
    // Paused a little ahead of now (the page's clock runs on real time until then).
    await page.clock.pauseAt(Date.now() + 2_000);
    await input.fill(target!.home.name.slice(0, 3));
    await page.clock.runFor(1_000); // fake time, well past the screen's 300 ms debounce
    expect(await page.getByTestId('search-results').count()).toBe(0);
    await page.clock.resume();
    await input.fill(target!.home.name);
    const suggestion = page
      .getByTestId('search-results')
      .getByRole('link', { name: new RegExp(target!.away.name) })
      .first();
    await suggestion.waitFor();
    expect(searched.length).toBeGreaterThan(0);
    expect(searched.filter((q) => q.trim().length <= 3)).toEqual([]);
    await suggestion.click();
    await page.waitForURL(new RegExp(`/tr/sports/1/0/0/event/${target!.id}$`));
    await page.getByTestId('event-header').getByText(target!.home.name, { exact: true }).waitFor();
  });

  it('favourites: a competition starred, listed and removed (logged in)', async () => {
    const page = await browser.newPage();
    await logIn(page);
    await page.goto(urlFor('/en/sports/1/2'));
    await hydrated(page);
    const star = page.getByTestId('favourite-2-1001');
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await page.goto(urlFor('/en/favorites'));
    await hydrated(page);
    const list = page.getByTestId('favourite-competitions');
    await list.getByText('Turkey Premier League').waitFor();
    await list.getByTestId('event-row').first().waitFor();
    await list.getByTestId('favourite-2-1001').click();
    await page.getByRole('heading', { name: 'No favourites yet' }).waitFor();
  });
});
