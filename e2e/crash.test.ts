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

/** The aviator screen in Chromium (360×640), one server, rounds of 10 s of betting (the e2e server's CRASH_BETTING_MS), the flight and 3 s. */
describe('aviator (crash game) in Chromium', () => {
  const browser = useBrowser();

  it('shows two browsers the same round, and closes an auto cash-out at 1.50× with the tab closed: paid exactly, or lost below it', async () => {
    const one = await browser.newPage();
    const two = await browser.newPage();
    await Promise.all([one.goto(urlFor('/en/aviator')), two.goto(urlFor('/en/aviator'))]);
    await one.getByTestId('crash-panel-0').waitFor();
    await two.getByTestId('crash-panel-0').waitFor();
    await expect.poll(() => roundOf(one), { timeout: 60_000 }).toBeGreaterThan(0);
    await expect
      .poll(async () => (await roundOf(one)) === (await roundOf(two)), { timeout: 60_000 })
      .toBe(true);

    // One round, no second try: the bet is set up during a flight and placed as the next betting window opens (its
    // whole window ahead, however busy the machine); the round then decides, and both outcomes are checked against
    // its revealed crash point — a third of the rounds crash below 1.50× and lose the bet.
    const page = await browser.newPage();
    await page.goto(urlFor('/en/aviator'));
    const panel = page.getByTestId('crash-panel-0');
    await panel.waitFor();
    // From the end of a betting window: the whole flight and pause are left to set the bet up.
    await expect.poll(() => phaseOf(page), { timeout: 60_000 }).toBe('betting');
    await expect.poll(() => phaseOf(page), { timeout: 60_000 }).not.toBe('betting');
    await panel.getByLabel('Stake').fill('3.33');
    await panel.getByLabel('Auto cash-out').check();
    await panel.getByLabel('Cash out at (×)').fill('1.50');
    // One auto-bet round: the page places the bet itself as the next window opens.
    const placed = page.waitForResponse((r) => r.url().includes('/api/v1/crash/bets'), { timeout: 120_000 });
    await panel.getByLabel('Auto-bet rounds').fill('1');
    expect((await placed).status()).toBe(200);
    const sessionId = await sessionOf(page);
    await page.close(); // the tab is gone: the server cashes the bet out on its own
    // Closed (cashed at its target, or lost at the crash) and its round revealed: the outcome is final.
    let bet = (await myBets(sessionId))[0]!;
    await expect
      .poll(
        async () => {
          bet = (await myBets(sessionId))[0]!;
          return bet.status !== 'open' && bet.crashPoint !== null;
        },
        { timeout: 120_000, interval: 250 },
      )
      .toBe(true);
    const won = bet.crashPoint! >= 150;
    // stake × 1.50 to the minor unit: 3.33 × 1.50 = 4.995 → 4.99 (rounded down, never up)
    expect(bet).toMatchObject(
      won
        ? { status: 'cashed', stake: 333, cashout: 150, payout: 499 }
        : { status: 'lost', stake: 333, cashout: null, payout: 0 },
    );
    const state = await fetch(urlFor(`/api/v1/crash/state?sessionId=${sessionId}`));
    expect(((await state.json()) as { result: { balance: number } }).result.balance).toBe(
      100_000 - 333 + (won ? 499 : 0),
    );
  }, 600_000);

  it('verifies a revealed round in the browser: crash point and chain link', async () => {
    const page = await browser.newPage();
    // Two revealed rounds exist after the previous test; the verifier prefills the latest but one and its successor.
    await page.goto(urlFor('/en/aviator/verify'));
    await expect
      .poll(() => page.getByTestId('verify-hash').inputValue(), { timeout: 60_000 })
      .toMatch(/^[0-9a-f]{64}$/);
    // The prefill is over once the salt line is drawn (it comes last and moves the form): then click.
    await page.getByTestId('verify-salt').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    const result = page.getByTestId('verify-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('matches the published result');
    expect(await page.getByTestId('verify-link').textContent()).toContain('Chain link verified');
  });
});
