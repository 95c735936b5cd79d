import { describe, expect, it } from 'vitest';
import { urlFor, useBrowser } from './support/fixtures';

describe('start-up and shell in Chromium (360×640)', () => {
  const browser = useBrowser();

  it('shows the translated English shell at /en/', async () => {
    const page = await browser.newPage();
    await page.goto(urlFor('/en/'));
    await page.getByRole('contentinfo').waitFor();
    expect(await page.getByText('Language').first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Help' }).isVisible()).toBe(true);
    expect(await page.getByText(/Gambling is only allowed from the age of 18/).isVisible()).toBe(true);
    expect(await page.title()).toContain('Demo Bet');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
  });

  it('shows Turkish at /tr/', async () => {
    const page = await browser.newPage();
    await page.goto(urlFor('/tr/'));
    await page.getByRole('link', { name: 'Yardım' }).waitFor();
    expect(await page.getByRole('contentinfo').getByText('Dil', { exact: true }).isVisible()).toBe(true);
    // The home page's title shows in the header (the page's own h1 is for screen readers).
    expect(await page.getByTestId('header').getByText('Ana Sayfa').isVisible()).toBe(true);
  });

  it('replaces the locale segment of the URL when the language changes', async () => {
    const page = await browser.newPage();
    await page.goto(urlFor('/en/info/help?x=1'));
    await page.getByRole('heading', { name: 'Help' }).waitFor();
    await Promise.all([
      page.waitForURL(/\/tr\/info\/help\?x=1$/),
      page.getByRole('contentinfo').getByTestId('language-select').selectOption('tr'),
    ]);
    await page.getByRole('heading', { name: 'Yardım' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/tr/info/help');
  });

  it('lands a path without a locale on the default locale', async () => {
    const page = await browser.newPage();
    await page.goto(urlFor('/casino'));
    await page.waitForURL(/\/en\/casino$/);
    await page.getByRole('heading', { name: 'Casino' }).waitFor();
    await page.goto(urlFor('/'));
    await page.waitForURL(/\/en\/$/);
  });

  it('serves the second brand with its own theme, name and default locale', async () => {
    const page = await browser.newPage();
    await page.goto(urlFor('/', 'kartal.localhost'));
    await page.waitForURL(/\/tr\/$/);
    await page.getByRole('link', { name: 'Yardım' }).waitFor();
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary'),
    );
    expect(primary.trim()).toBe('#c8102e');
    expect(await page.title()).toContain('Kartal');
  });

  it('shows "site not found" for an unknown host', async () => {
    const page = await browser.newPage();
    await page.goto(urlFor('/en/', 'nosuch.localhost'));
    await page.getByRole('heading', { name: /Site not found/ }).waitFor();
  });

  it('shows an error with a retry when the server cannot be reached, and recovers', async () => {
    const page = await browser.newPage();
    // The page comes with its start-up data inlined: take it out, so the app makes its start-up calls.
    await page.route(urlFor('/en/'), async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/<script>window\.__SB_BOOT__=.*?<\/script>/s, '');
      await route.fulfill({ response, body });
    });
    await page.route('**/api/getAppByHostname/**', (route) => route.abort('connectionrefused'));
    await page.goto(urlFor('/en/'));
    await page.getByRole('heading', { name: /could not reach the server/ }).waitFor({ timeout: 60_000 });
    await page.unroute('**/api/getAppByHostname/**');
    await page.getByRole('button', { name: /Try again/ }).click();
    await page.getByRole('link', { name: 'Help' }).waitFor();
  });

  it('answers an unknown path with 404 and the not-found page', async () => {
    const page = await browser.newPage();
    // An unknown path is a real 404, with the app's not-found page and the brand's title.
    const missing = await page.goto(urlFor('/en/no/such/page'));
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.title()).toContain('Demo Bet');
  });

  it('scrolls to the top on navigation', async () => {
    const page = await browser.newPage();
    await page.goto(urlFor('/en/info/terms'));
    await page.getByRole('heading', { name: 'Terms and conditions' }).waitFor();
    // Make the page taller than the phone's screen, then scroll down before navigating.
    await page.evaluate(() => {
      document.body.style.paddingBottom = '2000px';
      window.scrollTo(0, document.body.scrollHeight);
    });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Privacy policy' }).click();
    await page.getByRole('heading', { name: 'Privacy policy' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
