// Issue 33 items 7, 8, 9 (tracker) and 13 in Chromium at 360×640, in both brands and languages: live counts that
// agree without virtual football, the carousel without dead events, results of matches the operator forced, and
// the tracker's list in order. One server for the file (global-setup); matches steered by operator commands.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FixtureEvent } from '@sb/contract';
import { operatorCommand, urlFor, useBrowser, virtualCommand } from './support/fixtures';

const SHOTS = '.cache/screenshots';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

const BRANDS = [
  { host: 'localhost', locale: 'en', browserLocale: 'en-US' },
  { host: 'kartal.localhost', locale: 'tr', browserLocale: 'tr-TR' },
] as const;

/** Virtual football's events (producer/virtual: ids 900 000 000 and up). */
const isVirtual = (id: number) => id >= 900_000_000 && id < 1_100_000_000;

async function events(query: string): Promise<FixtureEvent[]> {
  const res = await fetch(urlFor(`/api/v2/fixture/full?${query}`));
  return ((await res.json()) as { result: FixtureEvent[] }).result;
}

/** Football matches not started yet, kicking off more than two hours from now (the operator forces them through). */
async function laterMatches(count: number): Promise<FixtureEvent[]> {
  const soon = Date.now() + 2 * 3_600_000;
  const list = await events('sport=1&onlyPre=1&onlyList=1&per_page=100');
  return list.filter((e) => Date.parse(e.startDate) > soon).slice(-count);
}

const rowIds = (page: Page, scope: string) =>
  page
    .locator(`[data-testid=${scope}] [data-testid=event-row]`)
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-event-id'))));

describe('issue 33: live counts, carousel, results and tracker at 360×640', () => {
  const browser = useBrowser();

  for (const brand of BRANDS) {
    it(`${brand.host} (${brand.locale}): the Live tile counts what the Live page lists, virtual football apart`, async () => {
      await virtualCommand('start');
      await expect
        .poll(async () => (await events('sport=1001&onLive=1&per_page=100')).length, { timeout: 60_000 })
        .toBeGreaterThan(0);
      const page = await browser.newPage(brand.browserLocale);
      const live = brand.locale === 'en' ? 'Live' : 'Canlı';
      const tileCount = async () => {
        await page.goto(urlFor(`/${brand.locale}/`, brand.host));
        const tile = page.locator('.ui-tile', { hasText: live }).first().locator('.ui-tile__count');
        await tile.waitFor();
        return Number(await tile.textContent());
      };
      const listed = async () => {
        await page.goto(urlFor(`/${brand.locale}/live`, brand.host));
        await page.locator('[data-testid=live-list] [data-testid=event-row]').first().waitFor();
        return rowIds(page, 'live-list');
      };
      // Matches kick off and end meanwhile: asked again until one pair of loads agrees.
      await expect
        .poll(async () => {
          const count = await tileCount();
          const ids = await listed();
          return { virtual: ids.filter(isVirtual).length, agree: count === ids.length };
        })
        .toEqual({ virtual: 0, agree: true });
      await shot(page, `i33-${brand.locale}-live-page`);
      expect(
        await page
          .locator('.sport-bar')
          .getByText(/Virtual|Sanal/)
          .count(),
      ).toBe(0);
      // Virtual football keeps its own section, with the round in play.
      await page.goto(urlFor(`/${brand.locale}/virtual-sports`, brand.host));
      await page.getByTestId('virtual-live').locator('[data-event-id]').first().waitFor();
      await virtualCommand('finish');
    });
  }

  for (const locale of ['en', 'tr'] as const) {
    it(`localhost (${locale}): the live carousel skips an event with no open main market`, async () => {
      const [first] = (await events('onLive=1&sport=1&per_page=10')).filter((e) => !isVirtual(e.id));
      const id = first!.id;
      await operatorCommand(id, 'pause');
      try {
        await expect
          .poll(async () => (await events(`event=${id}`))[0]?.markets.every((m) => m.disabled))
          .toBe(true);
        const page = await browser.newPage(locale === 'en' ? 'en-US' : 'tr-TR');
        await page.goto(urlFor(`/${locale}/`));
        await page.getByTestId('live-card').first().waitFor();
        const cards = await page
          .getByTestId('live-card')
          .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-event-id'))));
        expect(cards).not.toContain(id);
        await shot(page, `i33-${locale}-carousel`);
      } finally {
        await operatorCommand(id, 'resume');
      }
    });
  }

  it('results show a forced match at its real start, with its half-time score; the tracker reads in order', async () => {
    const [forced, finished, bare] = await laterMatches(3);
    await operatorCommand(forced!.id, 'result', { home: 2, away: 1, htHome: 1, htAway: 0 });
    await operatorCommand(finished!.id, 'finish');
    await operatorCommand(bare!.id, 'result', { home: 1, away: 2 });
    for (const brand of BRANDS) {
      const page = await browser.newPage(brand.browserLocale);
      await page.goto(urlFor(`/${brand.locale}/results/1`, brand.host));
      const row = (id: number) => page.locator(`[data-testid=result-row][data-event-id="${id}"]`);
      await row(forced!.id).waitFor();
      const ht = brand.locale === 'en' ? 'HT' : 'İY';
      const today = brand.locale === 'en' ? 'Today' : 'Bugün';
      // Played now, not at the planned (later) kick-off.
      const meta = (await row(forced!.id).locator('.result-row__meta').textContent()) ?? '';
      expect(meta).toContain(today);
      const planned = await page.evaluate((iso) => {
        const d = new Date(iso);
        return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
      }, forced!.startDate);
      expect(meta).not.toContain(planned);
      expect(await row(forced!.id).getByTestId('result-periods').textContent()).toContain(`${ht} 1:0`);
      const periods = (await row(finished!.id).getByTestId('result-periods').textContent()) ?? '';
      expect(periods).toMatch(new RegExp(`${ht} \\d+:\\d+`));
      // A result given without its half-time score shows none, rather than the final as a period.
      expect(await row(bare!.id).getByTestId('result-periods').count()).toBe(0);
      await row(forced!.id).scrollIntoViewIfNeeded();
      await shot(page, `i33-${brand.locale}-results`);
    }
    // The tracker of the finished match: newest first, every minute at or before the one above it.
    const page = await browser.newPage();
    await page.goto(urlFor(`/widgets/tracker/${finished!.id}`));
    const minutes = await page.locator('li[data-period]').evaluateAll((items) =>
      items.map((li) => {
        const [, m, added] = /^(\d+)(?:\+(\d+))?'/.exec(li.textContent ?? '') ?? [];
        return Number(li.getAttribute('data-period')) * 1000 + Number(m) + Number(added ?? 0) / 100;
      }),
    );
    expect(minutes.length).toBeGreaterThan(3);
    for (let i = 1; i < minutes.length; i++) expect(minutes[i]).toBeLessThanOrEqual(minutes[i - 1]!);
    await shot(page, 'i33-tracker');
  });
});
