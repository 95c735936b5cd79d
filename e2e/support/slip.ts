// The bet slip as the browser tests drive it: log in, open the slip, set a stake, place it.
import type { Page } from 'playwright-core';
import type { BetView } from '@sb/contract';
import { urlFor } from './fixtures';

/** The odd buttons of the sports screens (their contract with the slip). */
export const PICKABLE_ODD = 'button[data-odd-id]:not([disabled])';

/** Logs a client in (the cashback offer answered with nothing, so no popup covers the slip). */
export async function logIn(page: Page, client: { username: string; password: string }) {
  // The cashback offer (another feature, tested in its own suite) would pop up on every page load once this
  // client has staked, possibly behind an open slip popup: here the client has none to offer.
  await page.route(/\/api\/v2\/cashback\/sports/, (route) =>
    route.fulfill({ json: { cashback: 0, percent: 0 } }),
  );
  await page.goto(urlFor(`/en/login?u=${client.username}&s=${client.password}`));
  await page.getByTestId('header-balance').waitFor();
}

/** Logs a client of a brand in, in the brand's language (no cashback offer popping up over the screens). */
export async function logInOn(
  page: Page,
  brand: { host: string; locale: string; client: { username: string; password: string } },
) {
  await page.route(/\/api\/v2\/cashback\/sports/, (route) =>
    route.fulfill({ json: { cashback: 0, percent: 0 } }),
  );
  const { username, password } = brand.client;
  await page.goto(urlFor(`/${brand.locale}/login?u=${username}&s=${password}`, brand.host));
  await page.getByTestId('header-balance').waitFor();
}

/** Minor units of a shown amount (`₺1,234.56` → 123456). */
export const cents = (text: string | null) => Number((text ?? '').replace(/[^0-9]/g, ''));
export const balance = async (page: Page) => cents(await page.getByTestId('header-balance').textContent());

export async function openSlip(page: Page) {
  await page.goto(urlFor('/en/betslip'));
  await page.getByTestId('slip-row').first().waitFor();
}

/** Sets the slip's stake in the stake popup: a field, then numpad keys or a quick amount. */
export async function setStake(page: Page, field: 'perBet' | 'total', keys: string[]) {
  await page.getByTestId('stake-box').click();
  const popup = page.getByRole('dialog', { name: 'Stake' });
  await popup.locator(`[data-field=${field}]`).click();
  for (const key of keys) {
    const numpad = popup.locator(`.ui-numpad__key[data-key="${key}"]`);
    if (await numpad.count()) await numpad.click();
    else await popup.getByRole('button', { name: key, exact: true }).click();
  }
  await popup.getByRole('button', { name: 'Done' }).click();
}

/**
 * Waits for the success page after Place was pressed; when it never comes, fails with what the page said instead
 * (the slip's errors, an open dialog such as "log in"), not a bare navigation timeout.
 */
export async function waitForPlaced(page: Page): Promise<void> {
  try {
    await page.waitForURL(/\/betslip-successful$/);
  } catch (error) {
    const said = await page
      .locator('[role=alert], dialog[open]')
      .allTextContents()
      .catch(() => []);
    const text = said.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean);
    throw new Error(
      `no success page after Place (${page.url()}); the page said: ${text.join(' | ') || 'nothing'}`,
      {
        cause: error,
      },
    );
  }
}

/** Places the slip as it is (quick bet on: no confirmation) and returns the new bet's id from the success page. */
export async function placeQuick(page: Page): Promise<number> {
  const quick = page.getByRole('switch', { name: 'Quick bet' });
  if (!(await quick.isChecked())) await quick.check();
  await page.getByTestId('place-bet').click();
  await waitForPlaced(page);
  const summary = await page.getByTestId('bet-summary').locator('header strong').textContent();
  return Number(/(\d+)/.exec(summary ?? '')![1]);
}

/**
 * A single placed from the player's page with its own token (the page's origin is its brand's host): the answer's
 * status, its text and, when placed, the bet's id and status key.
 */
export function placeFromPage(
  page: Page,
  pick: { eventId: number; oddId: number; odd: number },
  amount: number,
) {
  return page.evaluate(
    async ([pick, amount]) => {
      const auth = JSON.parse(localStorage.getItem('sb.auth') ?? '{}') as { accessToken?: string };
      const form = new URLSearchParams({ walletType: 'cash', type: '1', amount: String(amount) });
      form.append('bets[0][eventId]', String(pick.eventId));
      form.append('bets[0][oddId]', String(pick.oddId));
      form.append('bets[0][odd]', String(pick.odd));
      form.append('bets[0][banker]', '0');
      form.append('bets[0][isLive]', '0');
      const res = await fetch('/api/v1/betPlace', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${auth.accessToken}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': crypto.randomUUID(),
        },
        body: form,
      });
      const body = await res.text();
      const json = JSON.parse(body) as { result?: { id: number; result?: { key: string } } };
      return { status: res.status, id: json.result?.id ?? 0, key: json.result?.result?.key ?? null, body };
    },
    [pick, amount] as const,
  );
}

/** The player’s cash balance (minor units), from the session call with the page’s own token. */
export const cashOf = (page: Page) =>
  page.evaluate(async () => {
    const auth = JSON.parse(localStorage.getItem('sb.auth') ?? '{}') as { accessToken?: string };
    const res = await fetch('/api/get/session', { headers: { authorization: `Bearer ${auth.accessToken}` } });
    const json = (await res.json()) as { result: { user: { balance: number } } };
    return json.result.user.balance;
  });

/** One bet of the logged-in client, read with their token (what the server settled it at). */
export async function betDetail(page: Page, id: number): Promise<BetView> {
  return page.evaluate(async (betId) => {
    const auth = JSON.parse(localStorage.getItem('sb.auth') ?? '{}') as { accessToken?: string };
    const res = await fetch(`/api/v1/bet/detail/${betId}`, {
      headers: { authorization: `Bearer ${auth.accessToken}` },
    });
    return ((await res.json()) as { result: BetView }).result;
  }, id);
}
