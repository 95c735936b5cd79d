import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { OpsCatalogueEvent, OpsCatalogueResponse, OpsEventView } from '@sb/contract';
import { formatOdds, ladderTick } from '@sb/betting';
import { launchBrowser, phoneContext } from './support/browser';
import { E2E_CLIENTS } from './support/clients';
import { DESK, totpAt } from './support/desk';
import { urlFor } from './support/fixtures';

/**
 * The trading floor in Chromium at 1280×800 (issue 34 item 2), in English and in Turkish: a trader finds an event
 * by search (English) or through the tree sport › region › competition (Turkish), suspends the whole event (the
 * player's betPlace is refused), resumes it, moves a selection's price one tick on the ladder from the keyboard
 * (the player's event API serves the new price), suspends and resumes its market with S and R, and brings the
 * model's price back with M.
 */
const PLAYER = E2E_CLIENTS.desk;

/** The desk's words the walk-through clicks, per language (features/events/events-texts.ts and i18n.ts). */
const WORDS = {
  en: {
    tab: 'Events',
    search: 'Team, competition or event number',
    reason: 'Reason',
    suspend: 'Suspend the event',
    resume: 'Resume the event',
    suspendedTag: 'suspended',
    done: 'Done:',
    resumeMarket: (market: string) => `Resume ${market}`,
    suspendMarket: (market: string) => `Suspend ${market}`,
  },
  tr: {
    tab: 'Etkinlikler',
    search: 'Takım, lig veya etkinlik numarası',
    reason: 'Neden',
    suspend: 'Etkinliği askıya al',
    resume: 'Etkinliği aç',
    suspendedTag: 'askıda',
    done: 'Yapıldı:',
    resumeMarket: (market: string) => `${market}: aç`,
    suspendMarket: (market: string) => `${market}: askıya al`,
  },
} as const;

/** How long a desk action or the player's feed may take on a busy machine (a condition, polled). */
const SOON = { timeout: 60_000 };

/** The automation bearer's call to `/ops/v1` (setting up a trader, reading what the desk should show). */
async function ops<T>(
  path: string,
  body?: unknown,
  method = body === undefined ? 'GET' : 'POST',
): Promise<T> {
  const res = await fetch(urlFor(path), {
    method,
    headers: {
      authorization: `Bearer ${inject('operatorToken')}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const json = (await res.json()) as { result: T };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.result;
}

/** A trader of its own (this file's): made through the API, enrolled in TOTP from the desk's first login. */
async function traderDesk(page: Page, username: string): Promise<void> {
  const password = `${username}-pass-2026`;
  await ops('/ops/v1/operators', { username, password, role: 'trader', brandId: null });
  await page.goto(urlFor('/backoffice/'));
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.locator('input[name=totp]').fill(totpAt(secret, Date.now()));
  await page.getByRole('button', { name: 'Confirm' }).click();
  expect(await page.getByTestId('who').textContent()).toContain(username);
}

/** The player's price of a selection on the Demo Bet app's event API (no brand margin on football's 1X2). */
async function playerPrice(eventId: number, selectionId: number): Promise<number> {
  const detail = (await (await fetch(urlFor(`/api/v2/fixture/e/${eventId}`))).json()) as {
    result: { markets: { selections: { id: number; odd: number }[] }[] };
  };
  return detail.result.markets.flatMap((m) => m.selections).find((s) => s.id === selectionId)!.odd;
}

/** The player's betPlace of one selection at its current price: the HTTP status and body. */
function betPlace(player: Page, eventId: number, selectionId: number, odd: number) {
  return player.evaluate(
    async ([eventId, selectionId, odd]) => {
      const auth = JSON.parse(localStorage.getItem('sb.auth') ?? '{}') as { accessToken?: string };
      const body = new URLSearchParams({ walletType: 'cash', type: '1', amount: '100' });
      body.append('bets[0][eventId]', String(eventId));
      body.append('bets[0][oddId]', String(selectionId));
      body.append('bets[0][odd]', String(odd));
      body.append('bets[0][banker]', '0');
      body.append('bets[0][isLive]', '0');
      const res = await fetch('/api/v1/betPlace', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${auth.accessToken}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': crypto.randomUUID(),
        },
        body,
      });
      return { status: res.status, body: await res.text() };
    },
    [eventId, selectionId, odd] as const,
  );
}

describe('the trading floor in Chromium (1280×800)', () => {
  let browser: Browser;
  let player: Page;
  let events: OpsCatalogueEvent[];
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
    const playerContext = await phoneContext(browser);
    contexts.push(playerContext);
    player = await playerContext.newPage();
    await player.route(/\/api\/v2\/cashback\/sports/, (route) =>
      route.fulfill({ json: { cashback: 0, percent: 0 } }),
    );
    await player.goto(urlFor(`/en/login?u=${PLAYER.username}&s=${PLAYER.password}`));
    await player.getByTestId('header-balance').waitFor();
    // Pre-match football events well before kick-off, away from the other suites' picks (the end of the list).
    const catalogue = await ops<OpsCatalogueResponse['result']>(
      '/ops/v1/catalogue?sport=1&live=false&limit=500',
    );
    events = catalogue.events.filter((e) => Date.parse(e.startAt) > Date.now() + 2 * 3_600_000);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });

  for (const lang of ['en', 'tr'] as const) {
    it(`${lang}: finds an event by ${lang === 'en' ? 'search' : 'the tree'}, suspends it (betPlace refused), moves a price on the ladder`, async () => {
      const w = WORDS[lang];
      const event = events[lang === 'en' ? 1 : 4]!;
      const context = await browser.newContext(DESK);
      contexts.push(context);
      const desk = await context.newPage();
      // A name of its own per run and attempt (a retried test enrols a fresh trader).
      await traderDesk(desk, `floor-${lang}-${Date.now().toString(36)}`);
      if (lang === 'tr') await desk.getByRole('button', { name: 'Türkçe' }).first().click();
      await desk.getByRole('link', { name: w.tab, exact: true }).click();

      const pick = desk.locator('.events-list button', { hasText: `${event.home} – ${event.away}` });
      if (lang === 'en') {
        // By search: the home team's name.
        await desk.getByRole('searchbox', { name: w.search }).fill(event.home);
      } else {
        // By the tree: the sport, then the competition under its region.
        await desk.getByRole('combobox', { name: 'Spor' }).selectOption(String(event.sport.id));
        await desk
          .getByRole('list', { name: event.sport.name.tr })
          .getByRole('button', { name: event.competition.name.tr, exact: true })
          .first()
          .click();
      }
      await pick.click();
      await desk.waitForURL(new RegExp(`/backoffice/events/${event.id}$`));
      const title = desk.getByTestId('event-title');
      await expect.poll(() => title.textContent(), SOON).toContain(`${event.home} – ${event.away}`);

      // The whole event, suspended with a reason: the player's betPlace is refused.
      const view = await ops<OpsEventView>(`/ops/v1/events/${event.id}`);
      const market = view.markets.find((m) => m.t === 1)!;
      const selection = market.selections[0]!;
      // A retried attempt starts from the model's prices on an open event, as the first one did.
      await ops(`/ops/v1/events/${event.id}/resume`, {});
      if (selection.overrideUntil !== null)
        await ops(`/ops/v1/selections/${selection.id}/override`, undefined, 'DELETE');
      await desk.getByLabel(w.reason).selectOption('incident');
      await desk.getByRole('button', { name: w.suspend }).click();
      await expect.poll(() => title.textContent(), SOON).toContain(w.suspendedTag);
      const refused = await betPlace(
        player,
        event.id,
        selection.id,
        await playerPrice(event.id, selection.id),
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toMatch(/suspend/i);
      await desk.screenshot({ path: `.cache/trading-floor-suspended-${lang}.png` });
      await desk.getByRole('button', { name: w.resume }).click();
      await expect.poll(() => title.textContent(), SOON).not.toContain(w.suspendedTag);

      // The price ladder from the keyboard on the focused selection row: ↑ in English, ↓ in Turkish.
      const direction = lang === 'en' ? 1 : -1;
      const before = await playerPrice(event.id, selection.id);
      const next = ladderTick(before, direction)!;
      const row = desk.getByRole('row', {
        name: `${market.name[lang]} · ${selection.name[lang]}`,
        exact: true,
      });
      await row.focus();
      await row.press(direction === 1 ? 'ArrowUp' : 'ArrowDown');
      await expect
        .poll(() => row.getByTestId('selection-price').textContent(), SOON)
        .toContain(formatOdds(next));
      await desk.getByRole('status').filter({ hasText: w.done }).waitFor();
      await expect.poll(() => playerPrice(event.id, selection.id), SOON).toBe(next);
      await row.scrollIntoViewIfNeeded();
      await desk.screenshot({ path: `.cache/trading-floor-ladder-${lang}.png` });

      // S on the row suspends its market (the server's view says so, the desk offers to resume it); R resumes it.
      const marketStatus = async () =>
        (await ops<OpsEventView>(`/ops/v1/events/${event.id}`)).markets.find((m) => m.id === market.id)!
          .status;
      await row.press('s');
      await desk.getByRole('button', { name: w.resumeMarket(market.name[lang]), exact: true }).waitFor();
      expect(await marketStatus()).toBe('suspended');
      await row.press('r');
      await desk.getByRole('button', { name: w.suspendMarket(market.name[lang]), exact: true }).waitFor();
      expect(await marketStatus()).toBe('open');

      // M brings the model's price back (the e2e server is shared by every browser suite).
      await row.press('m');
      await expect.poll(() => playerPrice(event.id, selection.id), SOON).toBe(before);
    });
  }
});
