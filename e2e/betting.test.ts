import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { betPayout, type LegResult } from '@sb/betting';
import type { FixtureEvent } from '@sb/contract';
import { E2E_CLIENTS } from './support/clients';
import { operatorCommand, urlFor, useBrowser } from './support/fixtures';
import {
  PICKABLE_ODD,
  balance,
  betDetail,
  cents,
  logIn as logInAs,
  openSlip,
  placeQuick,
  setStake,
  waitForPlaced,
} from './support/slip';

/** In Chromium: the slip, placing, My bets, settlement with betPayout, cash-out, the visitor dialog. */
const CLIENT = E2E_CLIENTS.bets;
const logIn = (page: Page) => logInAs(page, CLIENT);

/** Pre-match football events far enough ahead, from the API; `skip` keeps clear of other suites' events. */
async function preMatch(count: number, skip: number): Promise<FixtureEvent[]> {
  const res = await fetch(urlFor('/api/v2/fixture/full?sport=1&onlyPre=1&per_page=100&onlyList=1'));
  const events = ((await res.json()) as { result: FixtureEvent[] }).result;
  const later = events.filter((e) => Date.parse(e.startDate) > Date.now() + 2 * 3_600_000);
  const chosen = later.slice(skip, skip + count);
  if (chosen.length < count) throw new Error(`only ${chosen.length} pre-match football events`);
  return chosen;
}

/** Taps the first odd that can be picked on the event's page; resolves when it is on the slip. */
async function pick(page: Page, event: FixtureEvent): Promise<void> {
  await page.goto(urlFor(`/en/sports/${event.sport.id}/${event.region.id}/0/event/${event.id}`));
  const odd = page.locator(PICKABLE_ODD).first();
  await odd.waitFor();
  await odd.click();
  await expect.poll(() => odd.getAttribute('aria-pressed')).toBe('true');
}

const pressedType = (page: Page) =>
  page.getByTestId('coupon-type').locator('[aria-pressed=true]').getAttribute('data-type');

describe('betting in Chromium (360×640)', () => {
  const browser = useBrowser();

  it('a system 2/3 bet: picked, staked with the numpad, placed, open in My bets, settled with betPayout', async () => {
    const page = await browser.newPage();
    await logIn(page);
    const events = await preMatch(3, 12);
    for (const event of events) await pick(page, event);
    await openSlip(page);
    expect(await page.getByTestId('slip-row').count()).toBe(3);
    expect(await pressedType(page)).toBe('multiple');

    await page.locator('[data-type=system]').click();
    const systems = page.getByRole('dialog', { name: 'System' });
    await systems.locator('input[data-k="2"]').check();
    expect(await systems.getByTestId('system-combinations').locator('li').count()).toBe(3);
    await systems.getByRole('button', { name: 'Done' }).click();
    expect(await pressedType(page)).toBe('system');
    expect(await page.getByTestId('bet-count').textContent()).toBe('3');

    await setStake(page, 'perBet', ['delete', '2', ',', '5']);
    // The amounts carry the player's currency once the page has the session user (fetched after hydrating,
    // seconds later on a busy machine): a visitor's slip shows them without a symbol.
    await expect.poll(() => page.getByTestId('stake-total').textContent()).toBe('₺7.50');
    expect(await page.getByTestId('stake-per-bet').textContent()).toContain('₺2.50');
    const before = await balance(page);

    // Quick bet off: the slip asks first.
    await page.getByTestId('place-bet').click();
    const confirm = page.getByRole('dialog', { name: 'Place this bet?' });
    await confirm.locator('.ui-popup__footer').getByRole('button', { name: 'Place bet' }).click();
    await waitForPlaced(page);
    expect(await page.getByTestId('success-status').textContent()).toContain('Your bet has been accepted');
    expect(await page.getByTestId('summary-stake').textContent()).toBe('₺7.50');
    const header = await page.getByTestId('bet-summary').locator('header strong').textContent();
    const betId = Number(/(\d+)/.exec(header ?? '')![1]);
    const [receipt] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Print receipt' }).click(),
    ]);
    await receipt.getByText(`#${betId}`).waitFor();
    await receipt.close();
    expect(await page.evaluate(() => localStorage.getItem('bets'))).not.toContain('oddId');
    await expect.poll(() => page.getByTestId('badge-ticket').textContent()).toBe('1');
    await expect.poll(() => balance(page)).toBe(before - 750);

    await page.goto(urlFor('/en/account/my-bets'));
    const card = page.locator(`[data-testid=bet-card][data-bet-id="${betId}"]`);
    expect(await card.getAttribute('data-status')).toBe('waiting');

    for (const event of events) await operatorCommand(event.id, 'result', { home: 2, away: 0 });
    await page.getByRole('tab', { name: 'All' }).click();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 60_000 }).not.toBe('waiting');

    const settled = await betDetail(page, betId);
    const expected = betPayout({
      legs: settled.items.map((i) => ({
        odds: i.oddValue,
        eventId: i.mid,
        result: i.oddResult as LegResult,
      })),
      systemK: 2,
      bankers: [],
      stakePerBetCents: 250,
    });
    expect(expected.totalStakeCents).toBe(750);
    expect(settled.earnings).toBe(expected.payoutCents);
    expect(cents(await card.getByTestId('bet-paid').textContent())).toBe(expected.payoutCents);
    await expect.poll(() => balance(page), { timeout: 60_000 }).toBe(before - 750 + expected.payoutCents);
  });

  it('cashes out one bet in full and another in part', async () => {
    const page = await browser.newPage();
    await logIn(page);
    const ids: number[] = [];
    for (const event of await preMatch(2, 16)) {
      await pick(page, event);
      await openSlip(page);
      await setStake(page, 'total', ['20']);
      ids.push(await placeQuick(page));
    }
    await page.goto(urlFor('/en/account/my-bets'));
    const [full, part] = ids.map((id) => page.locator(`[data-testid=bet-card][data-bet-id="${id}"]`));
    const success = page.getByRole('dialog', { name: 'Cashout!' });

    await full!.getByTestId('cash-out-button').waitFor();
    const before = await balance(page);
    await full!.getByTestId('cash-out-button').click();
    const sure = page.getByRole('dialog', { name: 'Are you sure?' });
    expect(await sure.textContent()).toContain('cannot be reverted');
    await sure.locator('.ui-popup__footer').getByRole('button', { name: 'Yes' }).click();
    const paid = cents(await success.getByTestId('cash-out-success').textContent());
    expect(paid).toBeGreaterThan(0);
    await success.locator('.ui-popup__footer').getByRole('button', { name: 'OK' }).click();
    await full!.waitFor({ state: 'detached' });
    await expect.poll(() => balance(page), { timeout: 60_000 }).toBe(before + paid);

    await part!.getByTestId('cash-out-partial').click();
    const partial = page.getByRole('dialog', { name: 'Partial cash-out' });
    await partial.getByRole('button', { name: '50%' }).click();
    const chosen = cents(await partial.getByTestId('partial-amount').textContent());
    await partial.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByRole('dialog', { name: 'Are you sure?' })
      .locator('.ui-popup__footer')
      .getByRole('button', { name: 'Yes' })
      .click();
    expect(cents(await success.getByTestId('cash-out-success').textContent())).toBe(chosen);
    await success.locator('.ui-popup__footer').getByRole('button', { name: 'OK' }).click();
    // The rest stays in play: still open, with what was taken shown.
    expect(await part!.getAttribute('data-status')).toBe('waiting');
    await expect
      .poll(async () => cents(await part!.getByTestId('bet-cashed-out').textContent()))
      .toBe(chosen);
  });

  it('asks a visitor to log in before placing (§8)', async () => {
    const page = await browser.newPage();
    const [event] = await preMatch(1, 20);
    await pick(page, event!);
    await openSlip(page);
    await page.getByTestId('place-bet').click();
    const dialog = page.getByRole('dialog', { name: 'Error' });
    expect(await dialog.textContent()).toContain('Please log in to place a bet.');
    await dialog.locator('.ui-popup__footer').getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/en\/login$/);
  });

  it('shows the change of an odd that moves while it is on the slip', async () => {
    const [match] = await preMatch(1, 24);
    await operatorCommand(match!.id, 'start');
    await operatorCommand(match!.id, 'speed', { factor: 60 });
    try {
      const page = await browser.newPage();
      await pick(page, match!);
      const picked = await page.evaluate(() => localStorage.getItem('bets'));
      await openSlip(page);
      const moved = page.locator(
        '[data-testid=slip-odd][data-move=up], [data-testid=slip-odd][data-move=down]',
      );
      await moved.waitFor({ timeout: 60_000 });
      expect(await page.evaluate(() => localStorage.getItem('bets'))).not.toBe(picked);
    } finally {
      await operatorCommand(match!.id, 'finish');
    }
  });
});
