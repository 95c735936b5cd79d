import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DESK, traderDesk } from './support/desk';
import { urlFor, useBrowser } from './support/fixtures';

/**
 * Issue 35 §1 in Chromium: a content operator switches a game off for the demo brand from the desk (1280×800); the
 * player's casino lobby on that brand no longer shows it, on Kartal's host it is still there.
 */
const SHOTS = '.cache/screenshots';

describe('a brand’s casino from the desk (issue 35 §1)', () => {
  const browser = useBrowser();

  it('a game switched off for a brand disappears from its lobby, not from another brand’s', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const run = Date.now().toString(36);
    const player = await browser.newPage('en-US');
    await player.goto(urlFor('/en/casino'));
    const firstTile = player.getByTestId('provider-strip').first().getByTestId('game-tile').first();
    await firstTile.waitFor();
    const name = (await firstTile.locator('.game-tile__name').first().textContent())!.trim();
    const tilesNamed = (page: typeof player) =>
      page.getByTestId('game-tile').locator('.game-tile__name').filter({ hasText: name });
    expect(await tilesNamed(player).count()).toBeGreaterThan(0);

    const desk = await (await browser.newContext(DESK)).newPage();
    await traderDesk(desk, `casino-content-${run}`, 'content');
    await desk.getByRole('link', { name: 'Brands', exact: true }).click();
    await desk.getByTestId('brands-table').getByRole('link', { name: 'Demo Bet' }).click();
    const casino = desk.getByTestId('brand-casino');
    await casino.getByRole('heading', { name: 'Casino of “Demo Bet”' }).waitFor();
    await casino.getByRole('searchbox').fill(name);
    const show = casino.getByRole('checkbox', { name: `Show ${name}`, exact: true });
    expect(await show.isChecked()).toBe(true);
    // The box shows the saved state: it clears once the server has the change.
    await show.click();
    await casino.getByText(`“${name}” saved for this brand.`).waitFor();
    await expect.poll(() => show.isChecked()).toBe(false);
    await desk.screenshot({ path: `${SHOTS}/brand-casino-en.png` });
    await desk.getByRole('button', { name: 'Türkçe' }).first().click();
    await casino.getByRole('heading', { name: '“Demo Bet” casinosu' }).waitFor();
    await desk.screenshot({ path: `${SHOTS}/brand-casino-tr.png` });

    // The demo brand's lobby, drawn again: its first strip's tiles are there, the game is not.
    await player.reload();
    await player.getByTestId('provider-strip').first().getByTestId('game-tile').first().waitFor();
    expect(await tilesNamed(player).count()).toBe(0);
    // Kartal's lobby still has it.
    const kartal = await browser.newPage('en-US');
    await kartal.goto(urlFor('/en/casino', 'kartal.localhost'));
    await tilesNamed(kartal).first().waitFor();
  });
});
