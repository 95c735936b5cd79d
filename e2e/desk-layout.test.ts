import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { OpsCatalogueResponse, OpsEventView, OpsPickLists } from '@sb/contract';
import { launchBrowser } from './support/browser';
import { DESK, opsApi as ops, traderDesk } from './support/desk';
import { operatorCommand, urlFor } from './support/fixtures';

/**
 * The desk's tables at 1280×800 in English and Turkish (issue 34 §5): the trading controls' override and limit rows
 * name their brand, event, market and selection (never an id), date overrides in the language's one style, and
 * nothing there or in the results list runs past its panel. Screenshots in `.cache/screenshots/desk-layout-*.png`.
 */
const SHOTS = '.cache/screenshots';

/** Elements inside `selector`'s panels whose right edge passes the panel's inner right edge (px over, with text). */
async function overflows(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((panels) =>
    panels.flatMap((panel) => {
      const box = panel.getBoundingClientRect();
      const right = box.right - parseFloat(getComputedStyle(panel).paddingRight) + 0.5;
      return Array.from(panel.querySelectorAll('th, td, button, input, select, label, h2, h3, p')).flatMap(
        (el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.right > right
            ? [
                `${el.tagName} "${(el.textContent ?? '').trim().slice(0, 40)}" +${Math.round(r.right - right)}px`,
              ]
            : [];
        },
      );
    }),
  );
}

describe('the desk’s tables at 1280×800', () => {
  let browser: Browser;
  let context: BrowserContext;
  let desk: Page;
  let eventId = 0;
  /** A match whose feed broke in play: the results list's row. */
  let broken = 0;
  let market: OpsEventView['markets'][number];
  let brand: { id: number; name: string };
  const limits: { kind: 'stake' | 'liability'; level: string; brandId: number | null; refId: number }[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext(DESK);
    desk = await context.newPage();
    await traderDesk(desk, `layout-${Date.now().toString(36)}`);
    // A pre-match event near the list's end (the other suites pick from its start and middle).
    const catalogue = await ops<OpsCatalogueResponse['result']>(
      '/ops/v1/catalogue?sport=1&live=false&limit=500',
    );
    const later = catalogue.events.filter((e) => Date.parse(e.startAt) > Date.now() + 2 * 3_600_000);
    eventId = later[later.length - 3]!.id;
    const view = await ops<OpsEventView>(`/ops/v1/events/${eventId}`);
    market = view.markets.find((m) => m.t === 1)!;
    brand = (await ops<OpsPickLists>('/ops/v1/pick-lists')).brands[0]!;
    broken = later[later.length - 6]!.id;
    // Limits at every named level, high enough to change no other suite's bets; one price override.
    limits.push(
      { kind: 'stake', level: 'sport', brandId: brand.id, refId: 1 },
      { kind: 'stake', level: 'event', brandId: null, refId: eventId },
      { kind: 'stake', level: 'selection', brandId: null, refId: market.selections[0]!.id },
      { kind: 'liability', level: 'event', brandId: null, refId: eventId },
      { kind: 'liability', level: 'market', brandId: brand.id, refId: market.id },
    );
    for (const l of limits)
      await ops('/ops/v1/limits', { ...l, amount: 9_000_000_00, reason: 'layout' }, 'PUT');
    await ops(`/ops/v1/selections/${market.selections[1]!.id}/override`, {
      odd: market.selections[1]!.price,
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
      reason: 'layout',
    });
  });
  /** Once, inside the first test: the match started, its feed broken (paused) and the event suspended. */
  let breaking: Promise<void> | null = null;
  const breakMatch = () =>
    (breaking ??= (async () => {
      await operatorCommand(broken, 'start');
      await expect
        .poll(async () => (await ops<OpsEventView>(`/ops/v1/events/${broken}`)).event.status, {
          timeout: 60_000,
        })
        .toBe('live');
      await operatorCommand(broken, 'pause');
      await ops(`/ops/v1/events/${broken}/suspend`, { reason: 'feed_issue' });
    })());
  afterAll(async () => {
    for (const l of limits)
      await ops('/ops/v1/limits', { ...l, amount: null, reason: 'layout done' }, 'PUT').catch(
        () => undefined,
      );
    if (market)
      await ops(`/ops/v1/selections/${market.selections[1]!.id}/override`, undefined, 'DELETE').catch(
        () => undefined,
      );
    if (broken)
      await ops(`/ops/v1/events/${broken}/result/confirm`, {
        facts: { home: 0, away: 0, htHome: 0, htAway: 0 },
        undecided: 'void',
        reason: 'feed_error',
      }).catch(() => undefined);
    await context?.close();
    await browser?.close();
  });

  for (const lang of ['en', 'tr'] as const) {
    it(`${lang}: the trading controls name every row and fit; the results list fits`, async () => {
      await desk.goto(urlFor('/backoffice/controls'));
      if (lang === 'tr') await desk.getByRole('button', { name: 'Türkçe' }).first().click();
      else
        await desk
          .getByRole('button', { name: 'English' })
          .first()
          .click()
          .catch(() => undefined);
      const stake = desk.getByTestId('limits-stake');
      const liability = desk.getByTestId('limits-liability');
      await stake.getByText(brand.name).first().waitFor();
      const view = await ops<OpsEventView>(`/ops/v1/events/${eventId}`);
      const teams = `${view.event.home} – ${view.event.away}`;
      // The rows by name: the brand, the event's teams, the market and selection, never a bare number.
      for (const table of [stake, liability]) {
        for (const text of await table.locator('tbody td').allTextContents())
          expect(text.trim(), text).not.toMatch(/^\d{3,}$/);
      }
      expect(await stake.textContent()).toContain(teams);
      expect(await liability.textContent()).toContain(market.name[lang]);
      const overrides = desk.getByTestId('overrides');
      const row = overrides.locator(`tr[data-selection="${market.selections[1]!.id}"]`);
      await row.waitFor();
      expect(await row.textContent()).toContain(teams);
      await desk.screenshot({ path: `${SHOTS}/desk-layout-controls-${lang}.png`, fullPage: true });
      expect(await overflows(desk, '.controls .panel')).toEqual([]);

      // A match whose feed broke in play waits in the results list.
      await breakMatch();
      await desk.goto(urlFor('/backoffice/results'));
      await desk.getByTestId('results-events').locator(`button[data-event="${broken}"]`).waitFor();
      // Its status in the desk's language.
      expect(
        await desk
          .getByTestId('results-events')
          .locator('tr', { has: desk.locator(`[data-event="${broken}"]`) })
          .textContent(),
      ).toContain(lang === 'en' ? 'in play' : 'canlı');
      await desk.screenshot({ path: `${SHOTS}/desk-layout-results-${lang}.png` });
      expect(await overflows(desk, '.results .panel')).toEqual([]);
    });
  }
});
