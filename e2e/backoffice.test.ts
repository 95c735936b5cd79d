import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { FixtureEvent } from '@sb/contract';
import { launchBrowser, phoneContext, patientContext } from './support/browser';
import { E2E_CLIENTS } from './support/clients';
import { installDelayProbes, reportDelays } from './support/delays';
import { operatorCommand, urlFor } from './support/fixtures';
import { DESK, deskLogin } from './support/desk';
import { placeFromPage, waitForPlaced } from './support/slip';

/**
 * In Chromium: the back office at 1280×800 beside the player app (360×640), on the one e2e server.
 * A trader enrols TOTP from the QR code and logs in with a code, sees the player's bet arrive in the ticker, the
 * event's liability move, suspends the market (the player's slip shows it suspended and placing is refused),
 * resumes it; a support operator cannot suspend.
 */
const CLIENT = E2E_CLIENTS.desk;
/** How long a drawn state is awaited: a call and a render on a loaded 2-core machine (a hang guard, 1 s by default). */
const PATIENCE = { timeout: 60_000 };

async function playerLogIn(page: Page) {
  await page.route(/\/api\/v2\/cashback\/sports/, (route) =>
    route.fulfill({ json: { cashback: 0, percent: 0 } }),
  );
  await page.goto(urlFor(`/en/login?u=${CLIENT.username}&s=${CLIENT.password}`));
  await page.getByTestId('header-balance').waitFor();
}

describe('back office in Chromium (1280×800)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });
  /** The trader's desk, logged in with TOTP by the first test (a second login would need the next time step). */
  let traderDesk: Page | null = null;
  const deskPage = async () => {
    const context = await patientContext(browser, DESK);
    contexts.push(context);
    return context.newPage();
  };

  it('a trader watches a bet arrive, sees the liability move, suspends and resumes its market; support cannot', async () => {
    const desk = await deskPage();
    await deskLogin(desk, 'trader', 'trader-pass-2026');
    traderDesk = desk;
    await desk.getByTestId('feed-status').getByText('Live feed connected').waitFor();
    await installDelayProbes(desk);

    // The player picks a pre-match event far from other suites' choices and places a single.
    const list = await fetch(urlFor('/api/v2/fixture/full?sport=1&onlyPre=1&per_page=100&onlyList=1'));
    const events = ((await list.json()) as { result: FixtureEvent[] }).result.filter(
      (e) => Date.parse(e.startDate) > Date.now() + 2 * 3_600_000,
    );
    const event = events[events.length - 3]!;
    const playerContext = await phoneContext(browser);
    contexts.push(playerContext);
    const player = await playerContext.newPage();
    await playerLogIn(player);
    await player.goto(urlFor(`/en/sports/${event.sport.id}/${event.region.id}/0/event/${event.id}`));
    const odd = player.locator('button[data-odd-id]:not([disabled])').first();
    await odd.waitFor();
    const oddId = await odd.getAttribute('data-odd-id');
    await odd.click();
    await player.goto(urlFor('/en/betslip'));
    await player.getByTestId('slip-row').first().waitFor();
    const quick = player.getByRole('switch', { name: 'Quick bet' });
    if (!(await quick.isChecked())) await quick.check();
    const placedAt = Date.now();
    await player.getByTestId('place-bet').click();
    await waitForPlaced(player);
    const summary = await player.getByTestId('bet-summary').locator('header strong').textContent();
    const betId = Number(/(\d+)/.exec(summary ?? '')![1]);

    // The ticker shows it without a reload (the operator WebSocket).
    const row = desk.locator(`[data-testid=ticker] tr[data-bet="${betId}"]`);
    await row.waitFor({ timeout: 60_000 });
    console.log(`ticker: bet placed → row shown in ${Date.now() - placedAt} ms (including the success page)`);
    await reportDelays(desk, betId);
    expect(await row.textContent()).toContain(CLIENT.username);

    // Click through to the event: its liability holds the bet.
    await row.locator(`button[data-event="${event.id}"]`).first().click();
    const panel = desk.getByTestId('event-liability');
    await expect.poll(() => panel.textContent(), { timeout: 60_000 }).toContain('Net risk');
    await expect
      .poll(
        async () => Number((await desk.getByTestId('event-stakes').textContent())?.replace(/\D/g, '')),
        PATIENCE,
      )
      .toBeGreaterThan(0);

    // The player puts the same selection on the slip again (the next bet), before the trader acts.
    await player.goto(urlFor(`/en/sports/${event.sport.id}/${event.region.id}/0/event/${event.id}`));
    const again = player.locator(`button[data-odd-id="${oddId}"]`);
    await again.waitFor();
    await again.click();
    await expect.poll(() => again.getAttribute('aria-pressed'), PATIENCE).toBe('true');

    // Suspend the market with a reason.
    await desk.locator('select[name=reason]').selectOption('sharp_action');
    await panel.getByRole('button', { name: 'Suspend' }).first().click();
    await panel.getByText('Suspended: Sharp action').waitFor();

    // The player's slip shows it suspended, and placing it is refused.
    await player.goto(urlFor('/en/betslip'));
    await player.locator(`[data-testid=slip-row][data-odd-id="${oddId}"]`).waitFor();
    await player.getByText('Betting on this market is suspended for now.').waitFor({ timeout: 60_000 });
    const detail = (await (await fetch(urlFor(`/api/v2/fixture/e/${event.id}`))).json()) as {
      result: { markets: { selections: { id: number; odd: number }[] }[] };
    };
    const current = detail.result.markets
      .flatMap((m) => m.selections)
      .find((s) => s.id === Number(oddId))!.odd;
    const place = await placeFromPage(player, { eventId: event.id, oddId: Number(oddId), odd: current }, 100);
    expect(place.status).toBe(400);
    expect(place.body).toMatch(/suspend/i);

    // A support operator sees the desk but cannot suspend (the button is off and the API answers 403).
    const support = await deskPage();
    await deskLogin(support, 'support', 'support-pass-2026');
    await support.getByRole('link', { name: 'Liability' }).click();
    await support.getByTestId('matches').locator(`button[data-event="${event.id}"]`).waitFor();
    // On the desk's own session (its cookie and CSRF token): the role is what refuses it.
    const refusal = await support.evaluate(async (id) => {
      const me = (await (await fetch('/ops/v1/session')).json()) as { result: { csrfToken: string } };
      const detail = (await (await fetch(`/ops/v1/liability?eventId=${id}`)).json()) as {
        result: { markets: { marketId: number }[] };
      };
      const res = await fetch(`/ops/v1/markets/${detail.result.markets[0]!.marketId}/resume`, {
        method: 'POST',
        headers: { 'x-csrf-token': me.result.csrfToken, 'content-type': 'application/json' },
        body: '{}',
      });
      return { status: res.status, error: ((await res.json()) as { error: string }).error };
    }, event.id);
    expect(refusal).toEqual({ status: 403, error: 'forbidden' });

    // The trader resumes it: the player's slip no longer shows it suspended.
    await panel.getByRole('button', { name: 'Resume' }).first().click();
    await expect.poll(() => panel.getByText('Suspended: Sharp action').count(), { timeout: 15_000 }).toBe(0);
    await player.reload();
    await player.getByTestId('slip-row').first().waitFor();
    await expect
      .poll(() => player.getByText('Betting on this market is suspended for now.').count(), {
        timeout: 60_000,
      })
      .toBe(0);

    // Trading controls: the trader overrides the selection's price for an hour from the form; the player's event
    // page shows it; ending it brings the model's price back.
    const priceOf = async () => {
      const detail = (await (await fetch(urlFor(`/api/v2/fixture/e/${event.id}`))).json()) as {
        result: { markets: { selections: { id: number; odd: number }[] }[] };
      };
      return detail.result.markets.flatMap((m) => m.selections).find((s) => s.id === Number(oddId))!.odd;
    };
    const model = await priceOf();
    const price = Math.round((model + 0.55) * 100) / 100;
    await desk.getByRole('link', { name: 'Trading controls' }).click();
    const form = desk.getByTestId('override-form');
    await form.locator('input[name=selectionId]').fill(String(oddId));
    await form.locator('input[name=odd]').fill(price.toFixed(2));
    await form.locator('input[name=reason]').fill('price error on the feed');
    await form.getByRole('button', { name: 'Override' }).click();
    const overrideRow = desk.locator(`[data-testid=overrides] tr[data-selection="${oddId}"]`);
    await overrideRow.waitFor();
    await desk.screenshot({ path: '.cache/backoffice-controls.png' });
    // Brand margins: 3% on Kartal Bahis's football totals, listed with the sport's name, then removed again (the
    // e2e server is shared by every browser suite).
    const margins = desk.getByTestId('margins');
    const marginForm = desk.getByTestId('margin-form');
    await marginForm.locator('select[name=marginBrand]').selectOption({ label: 'Kartal Bahis' });
    await marginForm.locator('select[name=marginSport]').selectOption({ label: 'Football' });
    await marginForm.locator('select[name=marginFamily]').selectOption('totals');
    await marginForm.locator('input[name=marginPercent]').fill('3');
    await marginForm.locator('input[name=marginReason]').fill('e2e margin');
    await marginForm.getByText('2.00 → 1.94').waitFor();
    await marginForm.getByRole('button', { name: 'Set' }).click();
    const marginRow = margins.locator('tbody tr', { hasText: 'Football' });
    await marginRow.waitFor();
    expect(await marginRow.textContent()).toContain('3.00');
    expect(await marginRow.textContent()).toContain('Kartal Bahis');
    await margins.scrollIntoViewIfNeeded();
    await desk.screenshot({ path: '.cache/backoffice-margins.png' });
    await marginRow.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => marginRow.count(), PATIENCE).toBe(0);
    const playerOdd = player.locator(`button[data-odd-id="${oddId}"]`);
    await player.goto(urlFor(`/en/sports/${event.sport.id}/${event.region.id}/0/event/${event.id}`));
    await expect.poll(() => playerOdd.textContent(), { timeout: 60_000 }).toContain(price.toFixed(2));
    await overrideRow.getByRole('button', { name: 'End now' }).click();
    await expect.poll(() => overrideRow.count(), PATIENCE).toBe(0);
    expect(await priceOf()).toBe(model);

    // The ticker's client link opens the client page with the player's bet.
    await desk.getByRole('link', { name: 'Bet ticker' }).click();
    await desk.locator(`[data-testid=ticker] tr[data-bet="${betId}"] [data-client-page]`).click();
    await desk.getByTestId('client-open-bets').locator(`tr[data-bet="${betId}"]`).waitFor();
    expect(await desk.getByTestId('client-head').textContent()).toContain(CLIENT.username);
    await desk.screenshot({ path: '.cache/backoffice-client.png' });

    // The audit screen lists the suspension with its reason, and the support's refusal.
    await desk.getByRole('link', { name: 'Audit log' }).click();
    const audit = desk.getByTestId('audit');
    await audit.getByText('market.suspend').first().waitFor();
    expect(await audit.textContent()).toContain('price.override.clear');
    expect(await audit.textContent()).toContain('sharp_action');
    await desk.screenshot({ path: '.cache/backoffice-audit.png' });
    // A hang guard, not a speed check: the walk-through takes 80–120 s on a quiet machine and went past the tier's
    // 240 s twice in CI on a busy one (the desk page's live messages 15–29 s behind), each step still arriving.
  }, 480_000);
  it('the trader resettles a market in the results workspace and sees the money change', async () => {
    const desk = traderDesk!;
    // The player bets on the home win of a pre-match event of its own; the operator's result pays it.
    const list = await fetch(urlFor('/api/v2/fixture/full?sport=1&onlyPre=1&per_page=100&onlyList=1'));
    const events = ((await list.json()) as { result: FixtureEvent[] }).result.filter(
      (e) => Date.parse(e.startDate) > Date.now() + 2 * 3_600_000,
    );
    const event = events[events.length - 6]!;
    const detail = (await (await fetch(urlFor(`/api/v2/fixture/e/${event.id}`))).json()) as {
      result: {
        markets: { id: number; t: number; selections: { id: number; outcome: string; odd: number }[] }[];
      };
    };
    const market = detail.result.markets.find((m) => m.t === 1)!;
    const home = market.selections.find((s) => s.outcome === '1')!;
    const playerContext = await phoneContext(browser);
    contexts.push(playerContext);
    const player = await playerContext.newPage();
    await playerLogIn(player);
    const api = (path: string, init: { method?: string; body?: string; form?: boolean } = {}) =>
      player.evaluate(
        async ([path, init]) => {
          const auth = JSON.parse(localStorage.getItem('sb.auth') ?? '{}') as { accessToken?: string };
          const res = await fetch(path, {
            method: init.method ?? 'GET',
            headers: {
              authorization: `Bearer ${auth.accessToken}`,
              ...(init.form
                ? {
                    'content-type': 'application/x-www-form-urlencoded',
                    'idempotency-key': crypto.randomUUID(),
                  }
                : {}),
            },
            ...(init.body ? { body: init.body } : {}),
          });
          return (await res.json()) as { result?: unknown; error?: string };
        },
        [path, init] as const,
      );
    const balance = async () =>
      ((await api('/api/get/session')).result as { user: { balance: number } }).user.balance;
    const form = new URLSearchParams({ walletType: 'cash', type: '1', amount: '1000' });
    form.append('bets[0][eventId]', String(event.id));
    form.append('bets[0][oddId]', String(home.id));
    form.append('bets[0][odd]', String(home.odd));
    form.append('bets[0][banker]', '0');
    form.append('bets[0][isLive]', '0');
    const placed = await api('/api/v1/betPlace', { method: 'POST', body: form.toString(), form: true });
    expect(placed.error, JSON.stringify(placed)).toBeUndefined();
    await operatorCommand(event.id, 'result', { home: 2, away: 0 });
    const payout = Math.floor((1000 * Math.round(home.odd * 1000)) / 1000);
    await expect
      .poll(
        async () =>
          (
            (await api('/api/v1/bets?status[]=2&per_page=50')).result as {
              bets: { items: { selectionId?: number }[]; earnings?: number }[];
            }
          ).bets.some((b) => b.items.some((i) => i.selectionId === home.id)),
        { timeout: 60_000 },
      )
      .toBe(true);
    const paid = await balance();

    // The trader finds the event among the resulted ones and corrects the result: 0:1.
    await desk.getByRole('link', { name: 'Results', exact: true }).click();
    // Before an event is chosen the workspace says what to do, not an empty box.
    await desk.getByText('Pick an event on the left to result its markets').waitFor();
    await desk.getByRole('button', { name: 'Resulted lately' }).click();
    await desk.locator('input[name=event]').fill(String(event.id));
    await desk.locator(`[data-testid=results-events] button[data-event="${event.id}"]`).click();
    await desk.locator(`button[data-market="${market.id}"]`).click();
    const formBox = desk.getByTestId('result-form');
    await formBox.locator('input[name=home]').fill('0');
    await formBox.locator('input[name=away]').fill('1');
    await formBox.locator('select[name=reason]').selectOption('wrong_result');
    await formBox.getByRole('button', { name: 'Preview' }).click();
    const report = desk.getByTestId('money-report');
    await report.getByText('Preview: nothing changed yet').waitFor();
    expect(await balance()).toBe(paid);
    await formBox.getByRole('button', { name: 'Resettle market' }).click();
    await expect
      .poll(() => report.getByText('Preview: nothing changed yet').count(), { timeout: 60_000 })
      .toBe(0);
    // Our bet's line (another suite may hold a bet on the same market: the total is theirs too).
    const betId = (placed.result as { id: number }).id;
    const shown = (payout / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
    const ours = report.locator(`tr[data-bet="${betId}"]`);
    await expect.poll(() => ours.locator('td').nth(7).textContent(), { timeout: 60_000 }).toBe(`-${shown}`);
    await report.getByTestId('money-total').first().waitFor();
    expect(await report.textContent()).toContain('won');
    expect(await balance()).toBe(paid - payout);
    await desk.screenshot({ path: '.cache/backoffice-results-en.png' });
    await desk.getByRole('button', { name: 'Türkçe' }).click();
    await desk.getByText('Ne değişti').waitFor();
    await desk.screenshot({ path: '.cache/backoffice-results-tr.png' });

    // The dashboard counts the bets (Turkish, then English).
    await desk.getByRole('link', { name: 'Pano' }).click();
    await desk.getByTestId('dashboard').waitFor();
    await desk.getByTestId('dashboard').getByText('Dakikada kupon (son saat)').first().waitFor();
    // Sports by name (Turkish), never by id.
    await expect
      .poll(async () => (await desk.getByTestId('book').textContent()) ?? '', { timeout: 60_000 })
      .toContain('Futbol');
    // Percentages in Turkish style ("%96,00": the sign first, a decimal comma), as money is; never "96.00 %".
    await expect
      .poll(async () => (await desk.getByTestId('dashboard').textContent()) ?? '', PATIENCE)
      .toMatch(/%\d{1,3},\d{2}/);
    expect(await desk.getByTestId('dashboard').textContent()).not.toMatch(/\d\.\d{2} ?%/);
    await desk.screenshot({ path: '.cache/backoffice-dashboard-tr.png' });
    await desk.getByRole('button', { name: 'English' }).click();
    await desk.getByText('Turnover and GGR per day').waitFor();
    await expect
      .poll(async () => (await desk.getByTestId('book').locator('tbody tr').count()) > 0, PATIENCE)
      .toBe(true);
    await desk.screenshot({ path: '.cache/backoffice-dashboard-en.png' });
  });
});
