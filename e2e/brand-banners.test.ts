import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DESK, traderDesk } from './support/desk';
import { hydrated, urlFor, useBrowser } from './support/fixtures';
import { blendPng } from './support/pictures';

/**
 * Issue 35 §1 in Chromium: a content operator creates a brand with a new host name from the desk (1280×800), adds a
 * home banner with an uploaded picture, and a player's phone (360×640) on that host sees it on the home page.
 */
const SHOTS = '.cache/screenshots';

describe('a brand’s banners from the desk (issue 35 §1)', () => {
  const browser = useBrowser();

  it('a banner added to a new brand appears on its home page', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const run = Date.now().toString(36);
    const host = `afis-${run}.localhost`;
    const name = `Afiş ${run}`;
    const desk = await (await browser.newContext(DESK)).newPage();
    await traderDesk(desk, `banner-content-${run}`, 'content');
    await desk.getByRole('link', { name: 'Brands', exact: true }).click();
    await desk.getByTestId('brands-table').getByRole('link', { name: 'Kartal Bahis' }).waitFor();
    await desk.getByRole('button', { name: '+ New brand' }).click();
    const form = desk.getByTestId('brand-form');
    await form.locator('input[name=name]').fill(name);
    await form.locator('textarea[name=hostnames]').fill(host);
    await form.locator('select[name=defaultLocale]').selectOption('tr');
    await form.getByRole('button', { name: 'Create brand' }).click();
    await desk.getByText(`Brand “${name}” created: it answers on its host names now.`).waitFor();

    const section = desk.getByTestId('brand-banners');
    await section.getByRole('heading', { name: `Banners of “${name}”` }).waitFor();
    await section.getByText('No banners yet.').waitFor();
    const add = section.getByTestId('banner-form');
    await add.locator('input[name=image]').setInputFiles({
      name: 'slots.png',
      mimeType: 'image/png',
      buffer: blendPng(1200, 400, [91, 42, 134], [255, 180, 0]),
    });
    await add.locator('img.banner-form__preview').waitFor();
    await add.locator('input[name=link]').fill('/slot');
    await add.locator('input[name=alt-tr]').fill('Slot turnuvası');
    await add.locator('input[name=alt-en]').fill('Slots tournament');
    await add.getByRole('button', { name: 'Add banner' }).click();
    await section.getByText('Banner added.').waitFor();
    // The form is empty again for the next banner.
    expect(await add.locator('input[name=image]').inputValue()).toBe('');
    const row = section.getByTestId('brand-banner');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole('cell', { name: 'live', exact: true }).count()).toBe(1);
    await row.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await section.scrollIntoViewIfNeeded();
    await desk.screenshot({ path: `${SHOTS}/brand-banners-desk-en.png` });
    await desk.getByRole('button', { name: 'Türkçe' }).first().click();
    await section.getByRole('heading', { name: `“${name}” bannerları` }).waitFor();
    // The last change's notice was English: a switch of language drops it rather than leave it untranslated.
    expect(await section.getByText('Banner added.').count()).toBe(0);
    await section.scrollIntoViewIfNeeded();
    await desk.screenshot({ path: `${SHOTS}/brand-banners-desk-tr.png` });

    // A phone on the new host: the brand's Turkish home with the banner, its picture from the brand's origin.
    const player = await browser.newPage('en-US');
    await player.goto(urlFor('/', host));
    await player.waitForURL(/\/tr(\/|$)/);
    const banner = player.getByTestId('banners-home').getByRole('link', { name: 'Slot turnuvası' });
    await banner.waitFor();
    expect(new URL((await banner.getAttribute('href'))!, 'http://x').pathname).toBe('/tr/slot');
    const picture = banner.locator('img');
    expect(new URL((await picture.getAttribute('src'))!, urlFor('/', host)).host).toBe(
      new URL(urlFor('/', host)).host,
    );
    await picture.evaluate((img: HTMLImageElement) => img.decode());
    const box = (await picture.boundingBox())!;
    // One picture wide on the phone, its 3:1 box, and a tap target well above 44 px.
    expect(box.width).toBeGreaterThan(300);
    expect(box.width).toBeLessThanOrEqual(360);
    expect(Math.abs(box.width / box.height - 3)).toBeLessThan(0.05);
    expect(await player.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await hydrated(player);
    await player.screenshot({ path: `${SHOTS}/brand-banners-player-home.png` });
  }, 240_000);
});
