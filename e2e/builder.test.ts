import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FixtureEvent } from '@sb/contract';
import { E2E_CLIENTS } from './support/clients';
import { urlFor, useBrowser } from './support/fixtures';
import { logIn, openSlip, placeQuick } from './support/slip';

/**
 * The Bet Builder tab (issue 37) in Chromium at 360×640: three legs (one a player's "2 or more", a sub-event
 * market), one greyed, placed, in My bets with each leg's state.
 */
const CLIENT = E2E_CLIENTS.builder;

async function preMatchFootball(skip: number): Promise<FixtureEvent> {
  const res = await fetch(urlFor('/api/v2/fixture/full?sport=1&onlyPre=1&per_page=100&onlyList=1'));
  const events = ((await res.json()) as { result: FixtureEvent[] }).result;
  const later = events.filter((e) => Date.parse(e.startDate) > Date.now() + 2 * 3_600_000);
  const event = later[skip];
  if (!event) throw new Error('no pre-match football event');
  return event;
}

/** The builder's selection of a market type, by its place among that market's buttons. */
const leg = (page: Page, t: number, n: number) =>
  page.locator(`.builder__market[data-market-type="${t}"] [data-testid=builder-pick]`).nth(n);

/** The leg ids of a market type's buttons, in their order on the page. */
const legIds = (page: Page, t: number) =>
  page
    .locator(`.builder__market[data-market-type="${t}"] [data-testid=builder-pick]`)
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-leg-id'))));

/**
 * The first of `candidates` (leg ids, in the test's order of preference) that the price endpoint offers, asked
 * from the page (its brand's host). A builder's price follows the event's drawn strengths and squads, so a fixed
 * set of legs can price outside the band and be refused with 409 `not_offered`: each candidate is asked once, in
 * order (a search, never a retry); any other answer than 200 or that refusal fails at once.
 */
async function offered(page: Page, eventId: number, candidates: number[][]): Promise<number[]> {
  for (const oddIds of candidates) {
    const answer = await page.evaluate(async (body) => {
      const res = await fetch('/api/v1/bet-builder/price', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      return { status: res.status, text: await res.text() };
    }, JSON.stringify({ eventId, oddIds }));
    if (answer.status === 200) return oddIds;
    if (answer.status !== 409 || !answer.text.includes('not_offered'))
      throw new Error(`builder ${oddIds.join(',')}: ${answer.status} ${answer.text}`);
  }
  throw new Error(`event ${eventId}: none of the ${candidates.length} candidate builders is offered`);
}

/** Presses the builder pick of a leg id. */
const press = (page: Page, id: number) =>
  page.locator(`[data-testid=builder-pick][data-leg-id="${id}"]`).click();

async function openBuilder(page: Page, event: FixtureEvent, locale = 'en', host = 'localhost') {
  await page.goto(urlFor(`/${locale}/sports/${event.sport.id}/${event.region.id}/0/event/${event.id}`, host));
  await page.getByRole('tab', { name: locale === 'tr' ? 'Bahis Oluşturucu' : 'Bet Builder' }).click();
  await leg(page, 1, 0).waitFor();
}

describe('bet builder in Chromium (360×640)', () => {
  const browser = useBrowser();

  it('builds three legs with an incompatible one greyed, places the builder and shows it in My bets', async () => {
    // Legs: home win, both teams to score, and a player to score 2 or more (type 889, from the sub-event).
    const page = await browser.newPage();
    await logIn(page, CLIENT);
    const event = await preMatchFootball(30);
    await openBuilder(page, event);
    // The legs the endpoint offers on this event: a side's win (home first), both teams to score, and one of
    // the players' "2 or more" (shortest first on the page).
    const [wins, btts, braces] = await Promise.all([legIds(page, 1), legIds(page, 29), legIds(page, 889)]);
    const [side, yes, brace] = await offered(
      page,
      event.id,
      [wins[0]!, wins[2]!].flatMap((w) => braces.map((b) => [w, btts[0]!, b])),
    );
    // A side's win: the draw and the other side's win can no longer win with it, so they are greyed.
    await press(page, side!);
    const others = wins.filter((w) => w !== side);
    await expect.poll(() => leg(page, 1, wins.indexOf(others[0]!)).isDisabled()).toBe(true);
    expect(await leg(page, 1, wins.indexOf(others[1]!)).isDisabled()).toBe(true);
    await press(page, yes!);
    await press(page, brace!);
    expect(await page.locator('[data-testid=builder-pick][aria-pressed=true]').count()).toBe(3);
    const price = page.getByTestId('builder-price');
    await expect.poll(() => price.textContent()).toMatch(/Odds \d+\.\d\d/);
    await page.screenshot({ path: join(tmpdir(), 'i37-builder-en.png') });
    await page.getByTestId('builder-add').click();

    await openSlip(page);
    const row = page.getByTestId('slip-row');
    expect(await row.count()).toBe(1);
    expect(await row.getByTestId('slip-builder-legs').locator('li').count()).toBe(3);
    await page.screenshot({ path: join(tmpdir(), 'i37-slip-en.png') });
    const id = await placeQuick(page);
    expect(id).toBeGreaterThan(0);

    await page.goto(urlFor('/en/account/my-bets'));
    const card = page.locator(`[data-testid=bet-card][data-bet-id="${id}"]`);
    await card.waitFor();
    await card.locator('.bet-card__head').click();
    const legs = card.getByTestId('bet-builder-legs').locator('li');
    await legs.first().waitFor();
    expect(await legs.count()).toBe(3);
    expect(await legs.first().getAttribute('data-result')).toBe('open');
    // Each leg's state beside it (open before kick-off), and the player leg named by its market.
    expect(await card.getByTestId('builder-leg-state').allTextContents()).toEqual(['Open', 'Open', 'Open']);
    expect(await legs.nth(2).textContent()).toMatch(/^Player to Score 2 or More: /);
    await page.screenshot({ path: join(tmpdir(), 'i37-mybets-en.png') });
  });

  // The price bar is one line at 360×640 on both brands in both languages (it wrapped over three lines on Kartal
  // Bahis): the label is whole (not cut), the bar no taller than its buttons.
  for (const [locale, host, skip] of [
    ['tr', 'kartal.localhost', 31],
    ['en', 'kartal.localhost', 32],
    ['tr', 'localhost', 33],
    ['en', 'localhost', 34],
  ] as const)
    it(`draws the tab and its one-line price bar in ${locale} on ${host}`, async () => {
      const page = await browser.newPage(locale);
      const event = await preMatchFootball(skip);
      await openBuilder(page, event, locale, host);
      // A side's win and a goals line the endpoint offers together on this event (home and the third line first).
      const [wins, totals] = await Promise.all([legIds(page, 1), legIds(page, 18)]);
      const lines = [2, ...totals.keys()].filter((i, k, all) => i < totals.length && all.indexOf(i) === k);
      const [side, total] = await offered(
        page,
        event.id,
        [wins[0]!, wins[2]!].flatMap((w) => lines.map((i) => [w, totals[i]!])),
      );
      await press(page, side!);
      await expect.poll(() => leg(page, 1, 1).isDisabled()).toBe(true);
      await press(page, total!);
      await expect
        .poll(() => page.getByTestId('builder-price').textContent())
        .toMatch(locale === 'tr' ? /Oran \d/ : /Odds \d/);
      await page.screenshot({ path: join(tmpdir(), `i37-builder-${locale}-${host.split('.')[0]}.png`) });
      const bar = await page.getByTestId('builder-bar').evaluate((el) => {
        const label = el.querySelector('.builder__label') as HTMLElement;
        const price = el.querySelector('[data-testid=builder-price]') as HTMLElement;
        const add = el.querySelector('[data-testid=builder-add]') as HTMLElement;
        return {
          cut: label.scrollWidth > label.clientWidth,
          priceHeight: price.getBoundingClientRect().height,
          lineHeight: parseFloat(getComputedStyle(price.querySelector('.builder__odd')!).lineHeight) || 24,
          addHeight: add.getBoundingClientRect().height,
          addWraps: add.scrollWidth > add.clientWidth,
        };
      });
      expect(bar.cut).toBe(false);
      expect(bar.addWraps).toBe(false);
      expect(bar.priceHeight).toBeLessThan(2 * bar.lineHeight);
      expect(bar.addHeight).toBeLessThan(50);
    });
});
