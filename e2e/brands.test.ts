import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DESK, traderDesk } from './support/desk';
import { hydrated, urlFor, useBrowser } from './support/fixtures';
import { blendPng } from './support/pictures';

/**
 * Issue 35 §1 in Chromium: a content operator creates a brand from the desk (1280×800) with a new host name, its
 * colours and languages; a player's phone (360×640) on that host sees the brand's name, colours and language at
 * once, with no restart; a logo uploaded on the brand's form is then the header's. Browsers resolve *.localhost to loopback, so any new `….localhost` host reaches the server.
 */
const SHOTS = '.cache/screenshots';

describe('brands from the desk (issue 35 §1)', () => {
  const browser = useBrowser();

  it('a content operator creates a brand; a player on its host sees its name, colours and language at once', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const run = Date.now().toString(36);
    const host = `yildiz-${run}.localhost`;
    const name = `Yıldız ${run}`;
    const desk = await (await browser.newContext(DESK)).newPage();
    await traderDesk(desk, `content-${run}`, 'content');
    await desk.getByRole('link', { name: 'Brands', exact: true }).click();
    await desk.getByTestId('brands-table').getByRole('link', { name: 'Kartal Bahis' }).waitFor();
    await desk.getByRole('button', { name: '+ New brand' }).click();

    const form = desk.getByTestId('brand-form');
    await form.locator('input[name=name]').fill(name);
    await form.locator('textarea[name=hostnames]').fill(host);
    await form.locator('select[name=defaultLocale]').selectOption('tr');
    await form.locator('input[name=primary]').fill('#5b2a86');
    await form.locator('input[name=accent]').fill('#ffb400');
    // Yellow on a light background cannot be read: the preview warns before anything is saved.
    await form.getByRole('radio', { name: 'Light' }).check();
    const verdict = desk.getByTestId('contrast-verdict');
    await expect.poll(() => verdict.textContent()).toMatch(/2 text colours are below WCAG AA/);
    await form.getByRole('radio', { name: 'Dark' }).check();
    await expect.poll(() => verdict.textContent()).toBe('Every text colour passes WCAG AA.');
    expect(
      await desk
        .getByTestId('preview-phone')
        .getByRole('button')
        .evaluate((b) => getComputedStyle(b).backgroundColor),
    ).toBe('rgb(91, 42, 134)');
    await desk.screenshot({ path: `${SHOTS}/brands-new-en.png` });

    await form.getByRole('button', { name: 'Create brand' }).click();
    await desk.getByText(`Brand “${name}” created: it answers on its host names now.`).waitFor();
    await desk.waitForURL(/\/backoffice\/brands\/\d+$/);
    await desk.getByTestId('brands-table').getByRole('link', { name }).waitFor();

    // A phone on the new host, its browser in English: the brand's Turkish, name and colours.
    const player = await browser.newPage('en-US');
    await player.goto(urlFor('/', host));
    await player.waitForURL(/\/tr(\/|$)/);
    expect(await player.evaluate(() => document.documentElement.lang)).toBe('tr');
    await player.locator(`header img[alt="${name}"]`).waitFor();
    // The theme's colours as the page draws them (the server's start-up style, then the app's own).
    const colours = await player.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return ['--color-primary', '--color-accent'].map((v) => style.getPropertyValue(v).trim().toLowerCase());
    });
    expect(colours).toEqual(['#5b2a86', '#ffb400']);
    // Its name: the page's title and the logo drawn from it (the brand has no logo of its own yet).
    expect(await player.title()).toBe(name);
    expect(decodeURIComponent((await player.locator('header img').getAttribute('src'))!)).toContain(
      `>${name}</text>`,
    );
    await hydrated(player);
    await player.getByText('Yükleniyor…').first().waitFor({ state: 'detached' });
    await player.screenshot({ path: `${SHOTS}/brands-player-home.png` });

    // The brand's own logo, uploaded on its form: the form's preview and the player's header show it at once.
    const logo = desk.getByTestId('brand-logo');
    await logo.locator('input[name=logo]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: blendPng(160, 40, [255, 180, 0], [91, 42, 134]),
    });
    await logo.getByRole('button', { name: 'Upload logo' }).click();
    await logo.getByText('Logo uploaded: players see it at once.').waitFor();
    const current = logo.getByTestId('brand-logo-current');
    await expect
      .poll(() => current.getAttribute('src'))
      .toMatch(/^\/api\/v1\/brand-logo\/[0-9a-f]{16}\.png$/);
    const logoUrl = (await current.getAttribute('src'))!;
    // Drawn once loaded (until then Chromium keeps the drawn logo the element showed before).
    await desk.waitForFunction(
      (src) =>
        Array.from(
          document.querySelectorAll('[data-testid=preview-phone] img, [data-testid=brand-logo-current]'),
        ).every(
          (img) =>
            img instanceof HTMLImageElement &&
            img.getAttribute('src') === src &&
            img.complete &&
            img.naturalWidth > 0,
        ),
      logoUrl,
    );
    await desk.getByTestId('brand-logo').scrollIntoViewIfNeeded();
    await desk.screenshot({ path: `${SHOTS}/brands-logo-en.png` });
    await player.reload();
    // The header's logo is the uploaded picture, loaded from the brand's own host.
    await player.waitForFunction((src) => {
      const img = document.querySelector('header img');
      return (
        img instanceof HTMLImageElement &&
        img.getAttribute('src') === src &&
        img.complete &&
        img.naturalWidth > 0
      );
    }, logoUrl);
    await hydrated(player);
    await player.screenshot({ path: `${SHOTS}/brands-player-logo.png` });

    // The desk in Turkish: the brand's page, its texts and its warning sentences.
    await desk.getByRole('button', { name: 'Türkçe' }).first().click();
    await desk.getByRole('button', { name: 'Değişiklikleri kaydet' }).waitFor();
    await desk
      .getByTestId('contrast-verdict')
      .getByText('Bütün metin renkleri WCAG AA düzeyini geçiyor.')
      .waitFor();
    await desk.screenshot({ path: `${SHOTS}/brands-edit-tr.png` });
  }, 240_000);
});
