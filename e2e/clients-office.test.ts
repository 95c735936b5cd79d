import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FixtureEvent, OpsClientFound, Transaction } from '@sb/contract';
import type { Page } from 'playwright-core';
import { E2E_CLIENTS } from './support/clients';
import { DESK, opsApi, traderDesk } from './support/desk';
import { urlFor, useBrowser } from './support/fixtures';
import { cashOf, logIn, openSlip, PICKABLE_ODD, placeFromPage, setStake } from './support/slip';

/**
 * Issue 35 §2 in Chromium, the desk at 1280×800: a finance operator finds a client and makes an adjustment above the
 * brand's amount; it waits until a second finance operator approves it from the approvals queue, and then the
 * client's balance and transactions (the player API) show it. A trader blocks the client: the slip's betPlace is
 * refused with a clear sentence while the client still sees their bets; unblocked, the client bets again.
 */
const CLIENT = E2E_CLIENTS.office;
const SHOTS = '.cache/screenshots';

/** The player's transactions, newest first, read with the page's own token. */
const transactionsOf = (page: Page) =>
  page.evaluate(async () => {
    const auth = JSON.parse(localStorage.getItem('sb.auth') ?? '{}') as { accessToken?: string };
    const res = await fetch('/api/v1/user/transactions?page=1&per_page=5&_locale=en', {
      headers: { authorization: `Bearer ${auth.accessToken}` },
    });
    return ((await res.json()) as { result: { transactions: Transaction[] } }).result.transactions;
  });

describe('clients from the desk (issue 35 §2, 1280×800)', () => {
  const browser = useBrowser();
  let player: Page;
  let clientId = 0;
  let event: FixtureEvent;
  const run = Date.now().toString(36);

  beforeAll(async () => {
    player = await browser.newPage();
    await logIn(player, CLIENT);
    clientId = (await opsApi<OpsClientFound[]>(`/ops/v1/clients?q=${CLIENT.username}`))[0]!.id;
    const res = await fetch(urlFor('/api/v2/fixture/full?sport=1&onlyPre=1&per_page=100'));
    const events = ((await res.json()) as { result: FixtureEvent[] }).result;
    // Pre-match football well ahead, away from the other suites' picks.
    event = events.filter((e) => Date.parse(e.startDate) > Date.now() + 2 * 3_600_000).at(-7)!;
  });

  it('an adjustment above the brand’s amount waits for a second finance operator; then the player sees it', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const before = await cashOf(player);
    const first = await (await browser.newContext(DESK)).newPage();
    await traderDesk(first, `finance-a-${run}`, 'finance');
    await first.getByRole('link', { name: 'Clients', exact: true }).click();
    await first.locator('input[name=q]').fill(CLIENT.username);
    await first.getByRole('button', { name: 'Search', exact: true }).click();
    await first.locator(`button[data-client="${clientId}"]`).click();
    await first.waitForURL(new RegExp(`/backoffice/clients/${clientId}`));
    const adjustments = first.getByTestId('client-adjustments');
    await adjustments.locator('input[name=adjustAmount]').fill('1500.00');
    await adjustments.locator('input[name=adjustReason]').fill('Compensation for a late payout');
    await adjustments.getByRole('button', { name: 'Make adjustment' }).click();
    await first.getByText('The adjustment waits for a second operator’s approval.').waitFor();
    const row = adjustments.locator('tr[data-status=pending]').first();
    await row.waitFor();
    // The operator who asked is not offered the approval (the server refuses it too).
    expect(await row.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await cashOf(player)).toBe(before);

    const adjustmentId = Number(await row.getAttribute('data-adjustment'));
    // In the approvals queue the one who asked sees their request, named theirs, with no Approve.
    await first.getByRole('link', { name: 'Approvals', exact: true }).click();
    await first.waitForURL(/\/backoffice\/adjustments$/);
    const mine = first.locator(`[data-testid=approvals] tr[data-adjustment="${adjustmentId}"]`);
    await mine.getByText(`finance-a-${run} (you)`).waitFor();
    expect(await mine.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    // A second finance operator approves it from the queue's deep link: by the client's and brand's names.
    const second = await (await browser.newContext(DESK)).newPage();
    await traderDesk(second, `finance-b-${run}`, 'finance');
    await second.goto(urlFor('/backoffice/adjustments'));
    const queued = second.locator(`[data-testid=approvals] tr[data-adjustment="${adjustmentId}"]`);
    await queued.getByRole('link', { name: CLIENT.username, exact: true }).waitFor();
    await queued.getByText('Compensation for a late payout').waitFor();
    await second.screenshot({ path: `${SHOTS}/approvals-en.png` });
    await second.getByRole('button', { name: 'Türkçe' }).first().click();
    await second.getByRole('heading', { name: /Onay bekleyen düzeltmeler/ }).waitFor();
    await second.screenshot({ path: `${SHOTS}/approvals-tr.png` });
    await second.getByRole('button', { name: 'English' }).first().click();
    await queued.getByRole('button', { name: 'Approve' }).click();
    await second.getByText(`Approved: the money is on ${CLIENT.username}’s balance.`).waitFor();
    await queued.waitFor({ state: 'detached' });

    // The client's page shows it posted.
    await second.goto(urlFor(`/backoffice/clients/${clientId}`));
    await second
      .getByTestId('client-adjustments')
      .locator(`tr[data-adjustment="${adjustmentId}"][data-status=posted]`)
      .waitFor();

    expect(await cashOf(player)).toBe(before + 150_000);
    const [latest] = await transactionsOf(player);
    expect(latest).toMatchObject({ amount: 150_000, type: { operator: '+', key: 'adjustment' } });
    expect(latest!.balanceAfter).toBe(before + 150_000);

    // The 360 page in both languages, looked at.
    await second.getByTestId('client-logins').locator('tbody tr').first().waitFor();
    await second.screenshot({ path: `${SHOTS}/client-360-en.png`, fullPage: true });
    await second.getByRole('button', { name: 'Türkçe' }).first().click();
    await second.getByRole('heading', { name: 'Elle bakiye düzeltmeleri' }).waitFor();
    // Movement types by name and amounts in the Turkish number style.
    const newest = second.getByTestId('client-transactions').locator('tbody tr').first();
    await newest.getByText('Bakiye düzeltmesi').waitFor();
    expect(await newest.textContent()).toContain('1.500,00');
    await second.screenshot({ path: `${SHOTS}/client-360-tr.png`, fullPage: true });
  });

  it('a blocked client cannot place a bet but sees their bets; unblocked, bets again', async () => {
    const detail = (await (await fetch(urlFor(`/api/v2/fixture/e/${event.id}`))).json()) as {
      result: { markets: { t: number; selections: { id: number; odd: number }[] }[] };
    };
    const selection = detail.result.markets.find((m) => m.t === 1)!.selections[0]!;
    const pick = { eventId: event.id, oddId: selection.id, odd: selection.odd };
    const placed = await placeFromPage(player, pick, 200);
    expect(placed.status, placed.body).toBe(200);

    const desk = await (await browser.newContext(DESK)).newPage();
    await traderDesk(desk, `blocker-${run}`);
    await desk.goto(urlFor(`/backoffice/clients/${clientId}`));
    const block = desk.getByTestId('client-block');
    await block.locator('input[name=blockReason]').fill('Suspected account sharing');
    await block.getByRole('button', { name: 'Block client' }).click();
    await desk.getByText('The client is blocked.').waitFor();
    await desk.getByTestId('client-blocked').waitFor();

    // The slip: betPlace refused with the reason in words; nothing taken.
    const before = await cashOf(player);
    await player.goto(urlFor(`/en/sports/${event.sport.id}/${event.region.id}/0/event/${event.id}`));
    const odd = player.locator(PICKABLE_ODD).first();
    await odd.click();
    await expect.poll(() => odd.getAttribute('aria-pressed')).toBe('true');
    await openSlip(player);
    await setStake(player, 'total', ['delete', '3']);
    const quick = player.getByRole('switch', { name: 'Quick bet' });
    if (!(await quick.isChecked())) await quick.check();
    await player.getByTestId('place-bet').click();
    await player
      .getByTestId('slip-errors')
      .getByText(/Your account is blocked: you cannot place bets/)
      .waitFor();
    const refused = await placeFromPage(player, pick, 200);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'account_blocked' });
    expect(await cashOf(player)).toBe(before);
    // Their history is still theirs to see.
    await player.goto(urlFor('/en/account/my-bets'));
    await player.locator(`[data-bet-id="${placed.id}"]`).waitFor();

    await block.locator('input[name=blockReason]').fill('Cleared by the security team');
    await block.getByRole('button', { name: 'Unblock client' }).click();
    await desk.getByText('The client is unblocked.').waitFor();
    expect((await placeFromPage(player, pick, 200)).status).toBe(200);
  });
});
