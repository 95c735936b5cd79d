import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_CLIENTS } from './support/clients';
import { urlFor, useBrowser, virtualCommand } from './support/fixtures';
import { PICKABLE_ODD, balance, cents, logIn, openSlip, placeQuick, setStake } from './support/slip';

/** The betting suite's client: its checks are per bet and relative, and no second client costs set-up time. */
const CLIENT = E2E_CLIENTS.bets;

/** Matches played so far this season in the shown league: the sum of the table's "played" column. */
const playedSum = (page: Page) =>
  page
    .getByTestId('virtual-standings')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.reduce((sum, row) => sum + Number(row.getAttribute('data-played')), 0));

/** In Chromium (360×640): virtual football on the normal slip, driven by operator round commands. */
describe('virtual sports in Chromium', () => {
  const browser = useBrowser();

  it('a virtual match is bet on, plays and settles, and the standings move', async () => {
    // A round started and finished now leaves the next one a whole period ahead: time to bet without a race.
    await virtualCommand('start');
    await virtualCommand('finish');
    const page = await browser.newPage();
    await logIn(page, CLIENT);
    await page.goto(urlFor('/en/virtual-sports'));
    await page.getByTestId('virtual-page').waitFor();
    const standings = page.getByTestId('virtual-standings');
    await standings.locator('tbody tr').first().waitFor();
    // The table, the results and the round in play come from polls: wait for the finished round to show.
    await page.getByTestId('virtual-results').locator('[data-round-id]').first().waitFor();
    await expect.poll(() => page.getByTestId('virtual-live').textContent()).toContain('No round in play');
    const rows = await standings.locator('tbody tr').count();
    const before = await playedSum(page);

    const odd = page.getByTestId('virtual-next').locator(PICKABLE_ODD).first();
    await odd.waitFor();
    await odd.click();
    await expect.poll(() => odd.getAttribute('aria-pressed')).toBe('true');
    await openSlip(page);
    expect(await page.getByTestId('slip-row').count()).toBe(1);
    await setStake(page, 'total', ['5']);
    const stake = cents(await page.getByTestId('stake-total').textContent());
    expect(stake).toBeGreaterThan(0);
    const cash = await balance(page);
    const betId = await placeQuick(page);
    await expect.poll(() => balance(page)).toBe(cash - stake);

    await virtualCommand('start');
    await virtualCommand('finish');

    await page.goto(urlFor('/en/account/my-bets'));
    await page.getByRole('tab', { name: 'All' }).click();
    const card = page.locator(`[data-testid=bet-card][data-bet-id="${betId}"]`);
    await card.waitFor();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 60_000 }).not.toBe('waiting');
    expect(['win', 'loss']).toContain(await card.getAttribute('data-status'));

    await page.goto(urlFor('/en/virtual-sports'));
    await page.getByTestId('virtual-standings').locator('tbody tr').first().waitFor();
    // Every team of the league played one more match: rows × 1 more in the "played" column.
    await expect.poll(() => playedSum(page), { timeout: 60_000 }).toBe(before + rows);
  });
});
