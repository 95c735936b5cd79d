import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CasinoGamesResponse, CasinoProvider, CasinoProvidersResponse } from '@sb/contract';
import { urlFor, useBrowser } from './support/fixtures';

// The casino lobby as promised: browse casino, slots and live casino; filter by two providers in the
// popup; search a game; a visitor's tile leads to login. (Playing the games is e2e/casino-games.test.ts.)

const SHOTS = '.cache/screenshots';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(urlFor(path));
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

const tileVendors = (page: Page) =>
  page.getByTestId('game-tile').locator('.game-tile__vendor').allTextContents();
const headerTitle = (page: Page) => page.getByTestId('header').locator('.header__title').textContent();

describe('casino lobby in Chromium (360×640)', () => {
  const browser = useBrowser();
  let slotProviders: CasinoProvider[];
  let liveProviders: CasinoProvider[];

  beforeAll(async () => {
    const { result } = await getJson<CasinoProvidersResponse>('/api/v1/casino/providers');
    slotProviders = result.filter((p) => !p.is_live);
    liveProviders = result.filter((p) => p.is_live);
    expect(slotProviders.length).toBeGreaterThanOrEqual(2);
    expect(liveProviders.length).toBeGreaterThanOrEqual(1);
  });

  it('browses the casino page, then slots and live casino from its links', async () => {
    const page = await browser.newPage();
    await page.goto(urlFor('/en/casino'));
    await page.getByTestId('popular-strip').getByTestId('game-tile').first().waitFor();
    const strips = page.getByTestId('provider-strip');
    await strips.first().getByTestId('game-tile').first().waitFor();
    expect(await strips.count()).toBe(slotProviders.length + liveProviders.length);
    expect(await strips.first().getByTestId('game-tile').count()).toBeLessThanOrEqual(7);
    expect(await page.getByTestId('slots-banner').getAttribute('href')).toBe('/en/slot');
    await shot(page, 'en-casino');

    await page
      .getByRole('navigation', { name: 'Casino sections' })
      .getByRole('link', { name: 'Slots' })
      .click();
    await page.waitForURL(/\/en\/slot$/);
    await expect.poll(() => headerTitle(page), { timeout: 60_000 }).toBe('Slots');
    expect(await page.getByRole('button', { name: 'Back' }).isVisible()).toBe(true);
    await page.getByTestId('provider-strip').first().getByTestId('game-tile').first().waitFor();
    expect(await page.getByTestId('provider-strip').count()).toBe(slotProviders.length);
    const row = page.getByRole('group', { name: 'Providers' });
    expect(await row.getByRole('button').allTextContents()).toEqual([
      'All',
      ...slotProviders.map((p) => p.name),
    ]);
    await shot(page, 'en-slot');

    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/\/en\/casino$/);
    await page
      .getByRole('navigation', { name: 'Casino sections' })
      .getByRole('link', { name: 'Live Casino' })
      .click();
    await page.waitForURL(/\/en\/live-casino$/);
    await expect.poll(() => headerTitle(page), { timeout: 60_000 }).toBe('Live');
    await page.getByTestId('provider-strip').first().getByTestId('game-tile').first().waitFor();
    const liveVendors = new Set(await tileVendors(page));
    expect([...liveVendors].every((v) => liveProviders.some((p) => p.name === v))).toBe(true);
    await shot(page, 'en-live-casino');
  });

  it('filters the slots by two providers chosen in the Filter popup, 60 a page', async () => {
    const page = await browser.newPage();
    const [first, second] = slotProviders as [CasinoProvider, CasinoProvider];
    await page.goto(urlFor('/en/slot'));
    await page.getByTestId('provider-filter-button').click();
    const popup = page.getByRole('dialog', { name: 'Filter' });
    await popup.getByRole('heading', { name: 'Providers' }).waitFor();
    await popup.getByRole('button', { name: first.name, exact: true }).click();
    await popup.getByRole('button', { name: second.name, exact: true }).click();
    await shot(page, 'en-filter-popup');
    await popup.getByRole('button', { name: 'Show games' }).click();
    await page.waitForURL((url) => url.searchParams.getAll('provider').join() === `${first.id},${second.id}`);
    const heading = page.getByRole('heading', { name: `${first.name}, ${second.name}` });
    await heading.waitFor();
    await page.getByTestId('game-tile').first().waitFor();
    const vendors = await tileVendors(page);
    const expected = await getJson<CasinoGamesResponse>(
      `/api/v1/casino/games?per_page=60&isLive=0&provider=${first.id},${second.id}`,
    );
    expect(vendors).toHaveLength(expected.result.length);
    expect(new Set(vendors)).toEqual(new Set([first.name, second.name]));
    await shot(page, 'en-slot-two-providers');
  });

  it('searches a game by name and shows it under Search Results', async () => {
    const page = await browser.newPage();
    const { result } = await getJson<CasinoGamesResponse>('/api/v1/casino/games?per_page=1&isLive=0');
    const game = result[0]!;
    await page.goto(urlFor('/en/slot'));
    await page.getByRole('searchbox').fill(game.name.slice(0, 3));
    // Three characters do not search.
    expect(await page.getByTestId('search-results').count()).toBe(0);
    await page.getByRole('searchbox').fill(game.name);
    const results = page.getByTestId('search-results');
    await results.getByRole('heading', { name: 'Search Results' }).waitFor();
    await results.getByRole('button', { name: `Play ${game.name}`, exact: true }).waitFor();
    await shot(page, 'en-search');
  });

  it('sends an anonymous visitor to login from a tile', async () => {
    const page = await browser.newPage();
    await page.goto(urlFor('/en/casino'));
    const tile = page.getByTestId('provider-strip').first().getByTestId('game-tile').first();
    // The tile itself plays (its Demo button would open fun play instead).
    await tile.locator('.game-tile__play').click();
    await page.waitForURL(/\/en\/login$/);
    expect(page.context().pages()).toHaveLength(1);
  });
});
