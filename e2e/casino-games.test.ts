import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CasinoGame, SpinResponse } from '@sb/contract';
import { E2E_CLIENTS } from './support/clients';
import { urlFor, useBrowser } from './support/fixtures';

async function games(live: boolean): Promise<CasinoGame[]> {
  const res = await fetch(urlFor(`/api/v1/casino/games?per_page=100&isLive=${live ? 1 : 0}`));
  return ((await res.json()) as { result: CasinoGame[] }).result;
}

/** Logs in through the login screen's u/s parameters and answers the access token the web stored. */
async function logIn(page: Page, username: string, password: string): Promise<string> {
  await page.goto(urlFor(`/en/login?u=${username}&s=${password}`));
  await page.getByTestId('header-balance').waitFor();
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('sb.auth') ?? '{}') as { accessToken: string }).accessToken,
  );
}

const balanceOf = async (page: Page) =>
  Number(await page.getByTestId('game-balance').getAttribute('data-amount'));

async function cash(token: string): Promise<number> {
  const res = await fetch(urlFor('/api/get/session'), { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { result: { user: { balance: number } } }).result.user.balance;
}

describe('casino games in Chromium (360×640)', () => {
  const browser = useBrowser();

  it('plays a slot for real: the balance moves by exactly the wins minus the stakes, rounds in the transactions', async () => {
    const page = await browser.newPage();
    const token = await logIn(page, E2E_CLIENTS.casino.username, E2E_CLIENTS.casino.password);
    // The classic family pays often: the test stops at its first win.
    const slot = (await games(false)).find((g) => g.volatility === 'low')!;
    await page.goto(
      urlFor(`/api/v1/casino/playnow?mobile=1&gameId=${slot.extended_id}&access_token=${token}`),
    );
    await page.getByTestId('slot-reels').waitFor();
    expect(await page.getByTestId('game-rtp').textContent()).toBe(`${slot.rtp.toFixed(2)} %`);
    const start = await balanceOf(page);
    let staked = 0;
    let won = 0;
    let spins = 0;
    while (won === 0 && spins < 60) {
      const answer = page.waitForResponse(
        (r) => r.url().includes('/spin') && r.request().method() === 'POST',
      );
      await page.getByTestId('slot-spin').click();
      const round = ((await (await answer).json()) as SpinResponse).result.round;
      staked += round.stake;
      won += round.win;
      spins++;
      await expect.poll(() => page.getByTestId('slot-spin').isEnabled(), { timeout: 60_000 }).toBe(true);
    }
    expect(won).toBeGreaterThan(0);
    await expect.poll(() => balanceOf(page)).toBe(start - staked + won);
    expect(await cash(token)).toBe(start - staked + won);
    await expect
      .poll(() => page.getByTestId('round-history').locator('li').count())
      .toBe(Math.min(spins, 20));

    await page.goto(urlFor('/en/account/transactions'));
    const rows = page.getByTestId('transaction');
    await rows.first().waitFor();
    // Ten transactions a page (spec §9): scroll the list's end into view until every round's bet is loaded.
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          return rows.filter({ hasText: `Casino bet · ${slot.name}` }).count();
        },
        { timeout: 60_000 },
      )
      .toBe(spins);
    const texts = await rows.allTextContents();
    expect(texts.some((t) => t.includes(`Casino win · ${slot.name}`))).toBe(true);
  });

  it('plays demo without login on fun money, and a logged-in demo moves no real money', async () => {
    const slot = (await games(false))[1]!;
    const anonymous = await browser.newPage();
    await anonymous.goto(urlFor(`/api/v1/casino/playnow?mobile=1&gameId=${slot.extended_id}&demo=1`));
    await anonymous.getByTestId('slot-reels').waitFor();
    expect(await anonymous.getByTestId('game-balance').textContent()).toContain('FUN');
    const answer = anonymous.waitForResponse((r) => r.url().includes('/spin'));
    await anonymous.getByTestId('slot-spin').click();
    const round = ((await (await answer).json()) as SpinResponse).result.round;
    await expect.poll(() => balanceOf(anonymous)).toBe(100_000 - round.stake + round.win);

    const player = await browser.newPage();
    const token = await logIn(player, E2E_CLIENTS.casino.username, E2E_CLIENTS.casino.password);
    const before = await cash(token);
    await player.goto(urlFor(`/api/v1/casino/playnow?mobile=1&gameId=${slot.extended_id}&demo=1`));
    await player.getByTestId('slot-reels').waitFor();
    await player.getByTestId('slot-spin').click();
    await expect.poll(() => player.getByTestId('round-history').locator('li').count()).toBe(1);
    expect(await cash(token)).toBe(before);
  });

  it('shows two browsers at one roulette table the same result', async () => {
    const table = (await games(true))[0]!;
    const pages = [await browser.newPage(), await browser.newPage('tr-TR')];
    for (const page of pages) {
      await page.goto(urlFor(`/api/v1/casino/playnow?mobile=1&gameId=${table.extended_id}&demo=1`));
      await page.getByTestId('roulette-phase').waitFor();
    }
    const roundOf = async (page: Page) =>
      Number((await page.getByTestId('roulette-result').getAttribute('data-round')) ?? -1);
    const seen = await roundOf(pages[0]!);
    // The e2e server spins every 6 s (ROULETTE_SPIN_MS): wait for a round newer than the one on screen.
    await expect.poll(() => roundOf(pages[0]!), { timeout: 60_000 }).toBeGreaterThan(seen);
    const round = await roundOf(pages[0]!);
    // Both pages list that round's number (each from its own polls of the shared table).
    const resultAt = (page: Page) => page.locator(`.roulette-history li[data-round="${round}"]`);
    for (const page of pages) await resultAt(page).waitFor({ timeout: 60_000 });
    const numbers = await Promise.all(pages.map((page) => resultAt(page).textContent()));
    expect(numbers[0]).toMatch(/^\d{1,2}$/);
    expect(numbers[1]).toBe(numbers[0]);
  });
});
