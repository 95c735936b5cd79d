// Issue 33, what looks wrong (items 6, 9, 12), in Chromium at 360×640, in both brands and languages: Demo Bet in
// English on localhost, Kartal Bahis in Turkish on kartal.localhost. One server for the file (global-setup).
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FixtureEvent } from '@sb/contract';
import { E2E_CLIENTS } from './support/clients';
import { hydrated, urlFor, useBrowser } from './support/fixtures';
import { logInOn, PICKABLE_ODD, waitForPlaced } from './support/slip';

const SHOTS = '.cache/screenshots';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0 Mobile Safari/537.36';

const BRANDS = [
  { host: 'localhost', locale: 'en', browserLocale: 'en-US', name: 'Demo Bet', client: E2E_CLIENTS.looks },
  {
    host: 'kartal.localhost',
    locale: 'tr',
    browserLocale: 'tr-TR',
    name: 'Kartal Bahis',
    client: E2E_CLIENTS.kartal,
  },
] as const;
type Brand = (typeof BRANDS)[number];

/** One style per language: `27 Nov 2026, 10:37` in English, `27.11.2026 10:37` in Turkish (lib/dates). */
const DATE_TIME = {
  en: /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
  tr: /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/,
};
const DATE = { en: /^\d{1,2} [A-Z][a-z]{2} \d{4}$/, tr: /^\d{2}\.\d{2}\.\d{4}$/ };
/** A start time within the year: today's or tomorrow's time, else `29 Nov, 04:45` / `29.11 04:45`. */
const START = {
  en: /^(Today|Tomorrow) \d{2}:\d{2}$|^\d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}$/,
  tr: /^(Bugün|Yarın) \d{2}:\d{2}$|^\d{2}\.\d{2} \d{2}:\d{2}$/,
};

const texts = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));

async function events(query: string): Promise<FixtureEvent[]> {
  const res = await fetch(urlFor(`/api/v2/fixture/full?${query}`));
  return ((await res.json()) as { result: FixtureEvent[] }).result;
}

/** Picks a pre-match football odd, places the slip with quick bet on and returns the success page. */
async function placeOne(page: Page, brand: Brand) {
  await page.goto(urlFor(`/${brand.locale}/48hours/1`, brand.host));
  // A match kicking off more than ten minutes from now: its leg in My bets shows its start time (a match the
  // simulator kicks off meanwhile shows its live clock instead; the first rows of a just-started server's list may).
  const res = await fetch(urlFor('/api/v2/fixture/full?sport=1&onlyPre=1&per_page=100&onlyList=1'));
  const later = new Set(
    ((await res.json()) as { result: { id: number; startDate: string }[] }).result
      .filter((e) => Date.parse(e.startDate) > Date.now() + 10 * 60_000)
      .map((e) => e.id),
  );
  const rows = page.getByTestId('event-row');
  await rows.first().waitFor();
  const shown = await rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-event-id'))));
  const id = shown.find((e) => later.has(e));
  expect(id).toBeDefined();
  const odd = page.locator(`[data-testid=event-row][data-event-id="${id}"] ${PICKABLE_ODD}`).first();
  await odd.click();
  await expect.poll(() => odd.getAttribute('aria-pressed')).toBe('true');
  await page.goto(urlFor(`/${brand.locale}/betslip`, brand.host));
  await page.getByTestId('slip-row').first().waitFor();
  const quick = page.getByRole('switch');
  if (!(await quick.isChecked())) await quick.check();
  await page.getByTestId('place-bet').click();
  await waitForPlaced(page);
  await page.getByTestId('bet-summary').waitFor();
}

describe('issue 33: what looks wrong, at 360×640 in both brands', () => {
  const browser = useBrowser();

  for (const brand of BRANDS) {
    it(`${brand.name} (${brand.locale}): one date style everywhere for a logged-in client`, async () => {
      const page = await browser.newPage(brand.browserLocale);
      await logInOn(page, brand);
      await page.goto(urlFor(`/${brand.locale}/account/transactions`, brand.host));
      await page.locator('.transaction__date').first().waitFor();
      for (const text of await texts(page, '.transaction__date'))
        expect(text).toMatch(DATE_TIME[brand.locale]);
      for (const text of await texts(page, '[data-testid^=date-field-]'))
        expect(text).toMatch(DATE[brand.locale]);
      // The slip's start time and the success page's date, in the same style.
      await placeOne(page, brand);
      const summary = (await page.getByTestId('bet-summary').locator('header span').textContent()) ?? '';
      expect(summary.split(' · ').at(-1)?.trim()).toMatch(DATE_TIME[brand.locale]);
      await shot(page, `i33-${brand.locale}-success-date`);
      // The printed receipt: the brand's name (not the host), the kick-off of each leg, dates in the same style.
      const [receipt] = await Promise.all([
        page.waitForEvent('popup'),
        page.getByRole('button', { name: brand.locale === 'en' ? 'Print receipt' : 'Kuponu yazdır' }).click(),
      ]);
      await receipt.getByRole('heading').first().waitFor();
      const body = (await receipt.locator('body').innerText()).split('\n');
      expect(body.join('\n')).toContain(brand.name);
      expect(body.join('\n')).not.toMatch(new RegExp(`^${brand.host.replace('.', '\\.')}$`, 'm'));
      const kickOff = brand.locale === 'en' ? 'Kick-off' : 'Başlama';
      const line = body.find((l) => l.includes(kickOff)) ?? '';
      expect(line.replace(kickOff, '').replace(':', '').trim()).toMatch(DATE_TIME[brand.locale]);
      await receipt.screenshot({ path: `${SHOTS}/i33-${brand.locale}-receipt.png` });
      await page.goto(urlFor(`/${brand.locale}/account/my-bets`, brand.host));
      await page.getByTestId('bet-card').first().waitFor();
      // The screen drawn and hydrated, and one card (by its bet) followed: the list may still be re-drawn under a
      // tap (a refetch puts the bet just placed first), and a tap on inert server markup is dropped.
      await hydrated(page);
      const betId = await page.getByTestId('bet-card').first().getAttribute('data-bet-id');
      const card = page.locator(`[data-testid=bet-card][data-bet-id="${betId}"]`);
      const cardDate = (await card.locator('.bet-card__meta').textContent()) ?? '';
      expect(cardDate.split(' · ').at(-1)?.trim()).toMatch(DATE_TIME[brand.locale]);
      await card.locator('.bet-card__head').click();
      await expect.poll(() => card.locator('.bet-card__head').getAttribute('aria-expanded')).toBe('true');
      await card.locator('.bet-leg__time').first().waitFor();
      for (const text of await texts(page, '.bet-leg__time')) expect(text).toMatch(START[brand.locale]);
      await shot(page, `i33-${brand.locale}-my-bets-dates`);
    });
  }

  it("honours the client's own date format once chosen in the preferences", async () => {
    const brand = BRANDS[0];
    const page = await browser.newPage(brand.browserLocale);
    await logInOn(page, brand);
    await page.goto(urlFor('/en/account/settings', brand.host));
    await page.locator('select[name=date_format]').selectOption('YYYY-MM-DD');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your preferences have been saved.').waitFor();
    await page.goto(urlFor('/en/account/transactions', brand.host));
    await page.locator('.transaction__date').first().waitFor();
    await expect
      .poll(() => texts(page, '.transaction__date'))
      .toEqual(expect.arrayContaining([expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)]));
    await page.goto(urlFor('/en/account/settings', brand.host));
    await page.locator('select[name=date_format]').selectOption('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your preferences have been saved.').waitFor();
  });

  for (const brand of BRANDS) {
    it(`${brand.name} (${brand.locale}): footer warning, head to head, HT/FT labels, crash inputs`, async () => {
      const page = await browser.newPage(brand.browserLocale);
      await page.goto(urlFor(`/${brand.locale}/`, brand.host));
      const notice = page.locator('.shell-footer__notice');
      await notice.waitFor();
      expect(await notice.textContent()).not.toMatch(/Glücksspiel/);
      expect(await notice.textContent()).toMatch(brand.locale === 'en' ? /Gambling/ : /Şans oyunları/);
      expect(await notice.getAttribute('lang')).toBeNull();

      // Head to head: plural rules of the language, and no draws for a sport without draws (tennis).
      const statistics = brand.locale === 'en' ? 'Statistics' : 'İstatistik';
      const [football] = await events('sport=1&onlyPre=1&per_page=1');
      const [tennis] = await events('sport=5&onlyPre=1&per_page=1');
      for (const event of [football!, tennis!]) {
        await page.goto(
          urlFor(
            `/${brand.locale}/sports/${event.sport.id}/${event.region.id}/0/event/${event.id}`,
            brand.host,
          ),
        );
        await page.getByRole('tab', { name: statistics }).click();
        const summary = page.getByTestId('h2h').locator('.h2h__summary');
        await summary.waitFor();
        const text = (await summary.textContent()) ?? '';
        if (brand.locale === 'en') {
          for (const [, n, noun] of text.matchAll(/\b(\d+) (wins?|draws?)\b/g))
            expect(noun!.endsWith('s')).toBe(n !== '1');
        }
        if (event.sport.id === 5) expect(text).not.toMatch(/draw|beraberlik/i);
        else expect(text).toMatch(/draw|beraberlik/i);
      }
      await shot(page, `i33-${brand.locale}-h2h-tennis`);

      // HT/FT outcomes read as words, never as "2/1" (a fractional price).
      await page.goto(
        urlFor(`/${brand.locale}/sports/1/${football!.region.id}/0/event/${football!.id}`, brand.host),
      );
      const htft = page.locator('[data-market-type="47"]');
      await htft.scrollIntoViewIfNeeded();
      const labels = await texts(page, '[data-market-type="47"] .odd-button__label');
      expect(labels).toHaveLength(9);
      for (const label of labels) expect(label).not.toMatch(/^[12X]\/[12X]$/);
      await shot(page, `i33-${brand.locale}-htft`);

      // The crash game's inputs follow the theme: no white native box on a dark page.
      await page.goto(urlFor(`/${brand.locale}/aviator`, brand.host));
      const input = page.getByTestId('crash-panel-0').locator('input[inputmode=decimal]').first();
      await input.waitFor();
      const [inputBg, pageBg] = await Promise.all([
        input.evaluate((el) => getComputedStyle(el).backgroundColor),
        page.evaluate(() => getComputedStyle(document.body).backgroundColor),
      ]);
      const dark = (rgb: string) => {
        const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
        return 0.299 * r! + 0.587 * g! + 0.114 * b! < 128;
      };
      expect(dark(inputBg)).toBe(dark(pageBg));
      await shot(page, `i33-${brand.locale}-crash-inputs`);
    });
  }

  for (const brand of BRANDS) {
    it(`${brand.name} (${brand.locale}): the Android overlay downloads a file the server serves; support link`, async () => {
      const page = await browser.newPage(brand.browserLocale, { userAgent: ANDROID });
      await page.goto(urlFor(`/${brand.locale}/`, brand.host));
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await shot(page, `i33-${brand.locale}-app-overlay`);
      // Asked from the page itself (Node does not resolve *.localhost): the file the overlay downloads.
      const served = (p: Page, href: string) =>
        p.evaluate(async (url) => {
          const res = await fetch(url);
          return { status: res.status, type: res.headers.get('content-type') };
        }, href);
      const href = await dialog.getByRole('link').getAttribute('href');
      expect(await served(page, href!)).toEqual({
        status: 200,
        type: 'application/vnd.android.package-archive',
      });
      const client = await browser.newPage(brand.browserLocale);
      await logInOn(client, brand);
      const support = client.getByRole('link', {
        name: brand.locale === 'en' ? 'Live support' : 'Canlı destek',
      });
      await support.waitFor();
      expect((await served(client, (await support.getAttribute('href'))!)).status).toBe(200);
    });
  }
});
