import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CrashHistoryResponse } from '@sb/contract';
import { urlFor, useBrowser } from './support/fixtures';

const roundOf = async (page: Page) =>
  Number(await page.getByTestId('aviator-page').getAttribute('data-round'));
const phaseOf = (page: Page) => page.getByTestId('aviator-page').getAttribute('data-phase');
const sessionOf = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(sessionStorage.getItem('crash-session:demo') ?? '{}') as { id: string }).id,
  );

async function myBets(sessionId: string) {
  const res = await fetch(urlFor(`/api/v1/crash/history?sessionId=${sessionId}`));
  return ((await res.json()) as CrashHistoryResponse).result;
}

/** The aviator screen in Chromium (360×640), one server, rounds at the real timings (5 s + flight + 3 s). */
describe('aviator (crash game) in Chromium', () => {
  const browser = useBrowser();

  it('shows two browsers the same round, and pays an auto cash-out at 1.50× exactly with the tab closed', async () => {
    const one = await browser.newPage();
    const two = await browser.newPage();
    await Promise.all([one.goto(urlFor('/en/aviator')), two.goto(urlFor('/en/aviator'))]);
    await one.getByTestId('crash-panel-0').waitFor();
    await two.getByTestId('crash-panel-0').waitFor();
    await expect.poll(() => roundOf(one), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect
      .poll(async () => (await roundOf(one)) === (await roundOf(two)), { timeout: 30_000 })
      .toBe(true);

    // Up to five rounds: a round crashing below 1.50× (a third of them) loses the bet, and the test tries again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const page = await browser.newPage();
      await page.goto(urlFor('/en/aviator'));
      await page.getByTestId('crash-panel-0').waitFor();
      await expect.poll(() => phaseOf(page), { timeout: 60_000 }).toBe('betting');
      const panel = page.getByTestId('crash-panel-0');
      await panel.getByLabel('Stake').fill('3.33');
      await panel.getByLabel('Auto cash-out').check();
      await panel.getByLabel('Cash out at (×)').fill('1.50');
      const placed = page.waitForResponse((r) => r.url().includes('/api/v1/crash/bets'));
      await panel.getByRole('button', { name: 'Bet' }).click();
      if ((await placed).status() !== 200) continue; // the window closed under the click
      const sessionId = await sessionOf(page);
      await page.close(); // the tab is gone: the server cashes the bet out on its own
      let bet = (await myBets(sessionId))[0]!;
      const deadline = Date.now() + 120_000;
      while (bet.status === 'open' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 500));
        bet = (await myBets(sessionId))[0]!;
      }
      if (bet.status === 'lost') continue;
      expect(bet).toMatchObject({ status: 'cashed', stake: 333, cashout: 150, payout: 499 });
      // stake × 1.50 to the minor unit: 3.33 × 1.50 = 4.995 → 4.99 (rounded down, never up)
      const state = await fetch(urlFor(`/api/v1/crash/state?sessionId=${sessionId}`));
      expect(((await state.json()) as { result: { balance: number } }).result.balance).toBe(
        100_000 - 333 + 499,
      );
      return;
    }
    throw new Error('five rounds in a row crashed below 1.50×');
  }, 600_000);

  it('verifies a revealed round in the browser: crash point and chain link', async () => {
    const page = await browser.newPage();
    // Two revealed rounds exist after the previous test; the verifier prefills the latest but one and its successor.
    await page.goto(urlFor('/en/aviator/verify'));
    await expect
      .poll(() => page.getByTestId('verify-hash').inputValue(), { timeout: 20_000 })
      .toMatch(/^[0-9a-f]{64}$/);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    const result = page.getByTestId('verify-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('matches the published result');
    expect(await page.getByTestId('verify-link').textContent()).toContain('Chain link verified');
  }, 60_000);
});
