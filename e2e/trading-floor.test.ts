import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { OpsCatalogueEvent, OpsCatalogueResponse, OpsEventView } from '@sb/contract';
import { formatOdds, ladderTick } from '@sb/betting';
import { launchBrowser, phoneContext, patientContext } from './support/browser';
import { E2E_CLIENTS } from './support/clients';
import { DESK, opsApi as ops, traderDesk } from './support/desk';
import { urlFor } from './support/fixtures';
import { placeFromPage } from './support/slip';

/**
 * The trading floor in Chromium at 1280×800 (issue 34 item 2), in English and in Turkish: a trader finds an event
 * by search (English) or through the tree sport › region › competition (Turkish), suspends the whole event (the
 * player's betPlace is refused), resumes it, moves a selection's price one tick on the ladder from the keyboard
 * (the player's event API serves the new price and the player's open event page shows it), suspends and resumes
 * its market with S and R, and brings the model's price back with M (the page follows); then another operator's
 * changes through the API (a selection suspended, a price set, a limit removed) appear in the open view from the
 * operators' live topic, and Shift+S / Shift+R suspend and resume the selection alone and L sets its stake limit;
 * the event's liability limit is set from the header and the market's from its limit form (kind: liability), and
 * another operator lifting them is drawn live.
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
    resumeSelection: (selection: string) => `Resume ${selection}`,
    suspendSelection: (selection: string) => `Suspend ${selection}`,
    live: 'live',
    suspended: 'Suspended',
    open: 'Open',
    limitOf: (target: string) => `Stake limit of ${target}`,
    maxStake: /max stake 12[.,]50/,
    keys: 'Shift+S suspends the selection alone',
    eventLiability: 'Event liability limit…',
    liabilityOf: (target: string) => `Liability limit of ${target}`,
    kind: 'Kind',
    marketLiability: /liability limit 150[.,]00/,
    none: 'none',
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
    resumeSelection: (selection: string) => `${selection}: aç`,
    suspendSelection: (selection: string) => `${selection}: askıya al`,
    live: 'canlı',
    suspended: 'Askıda',
    open: 'Açık',
    limitOf: (target: string) => `${target}: bahis limiti`,
    maxStake: /en çok 12[.,]50/,
    keys: 'Shift+S yalnız seçimi askıya alır',
    eventLiability: 'Etkinlik risk limiti…',
    liabilityOf: (target: string) => `${target}: risk limiti`,
    kind: 'Tür',
    marketLiability: /risk limiti 150[.,]00/,
    none: 'yok',
  },
} as const;

/** How long a desk action or the player's feed may take on a busy machine (a condition, polled). */
const SOON = { timeout: 60_000 };

/** The player's price of a selection on the Demo Bet app's event API (no brand margin on football's 1X2). */
async function playerPrice(eventId: number, selectionId: number): Promise<number> {
  const detail = (await (await fetch(urlFor(`/api/v2/fixture/e/${eventId}`))).json()) as {
    result: { markets: { selections: { id: number; odd: number }[] }[] };
  };
  return detail.result.markets.flatMap((m) => m.selections).find((s) => s.id === selectionId)!.odd;
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
      const context = await patientContext(browser, DESK);
      contexts.push(context);
      const desk = await context.newPage();
      // A name of its own per run and attempt (a retried test enrols a fresh trader).
      await traderDesk(desk, `floor-${lang}-${Date.now().toString(36)}`);
      if (lang === 'tr') await desk.getByRole('button', { name: 'Türkçe' }).first().click();
      await desk.getByRole('link', { name: w.tab, exact: true }).click();

      // The event's own button (the generated catalogue may pair the same teams twice), showing its title.
      const title = `${event.home} – ${event.away}`;
      const pick = desk.locator(`.events-list button[data-event="${event.id}"]`);
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
      expect(await pick.locator('strong').textContent()).toBe(title);
      await pick.click();
      await desk.waitForURL(new RegExp(`/backoffice/events/${event.id}$`));
      const heading = desk.getByTestId('event-title');
      await expect.poll(() => heading.textContent(), SOON).toContain(title);

      // The whole event, suspended with a reason: the player's betPlace is refused.
      const view = await ops<OpsEventView>(`/ops/v1/events/${event.id}`);
      const market = view.markets.find((m) => m.t === 1)!;
      const selection = market.selections[0]!;
      // A retried attempt starts from the model's prices on an open event, as the first one did.
      await ops(`/ops/v1/events/${event.id}/resume`, {});
      if (selection.overrideUntil !== null)
        await ops(`/ops/v1/selections/${selection.id}/override`, undefined, 'DELETE');
      // The player has the selection on the slip, open on the slip's screen, when the trader suspends the event.
      await player.goto(urlFor(`/en/sports/${event.sport.id}/${event.region.id}/0/event/${event.id}`));
      const odd = player.locator(`button[data-odd-id="${selection.id}"]`);
      await odd.waitFor();
      if ((await odd.getAttribute('aria-pressed')) !== 'true') await odd.click();
      await expect.poll(() => odd.getAttribute('aria-pressed'), SOON).toBe('true');
      await player.goto(urlFor('/en/betslip'));
      const slipRow = player.locator(`[data-testid=slip-row][data-odd-id="${selection.id}"]`);
      await slipRow.waitFor();
      await desk.getByLabel(w.reason).selectOption('incident');
      const suspendedAt = Date.now();
      await desk.getByRole('button', { name: w.suspend }).click();
      // The slip locks the pick from the feed at once, without a reload, and the check's error follows after its
      // 1 s (§8). The times are printed, not asserted: the 2 s is a figure for a quiet machine, and this
      // one may be busy.
      await player.locator(`[data-testid=slip-row][data-odd-id="${selection.id}"][data-locked]`).waitFor();
      const lockedIn = Date.now() - suspendedAt;
      await slipRow.getByText('Betting on this market is suspended for now.').waitFor();
      console.log(
        `${lang}: event suspended on the desk → the player's slip locked in ${lockedIn} ms, its error shown in ${Date.now() - suspendedAt} ms`,
      );
      await expect.poll(() => heading.textContent(), SOON).toContain(w.suspendedTag);
      const refused = await placeFromPage(
        player,
        { eventId: event.id, oddId: selection.id, odd: await playerPrice(event.id, selection.id) },
        100,
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toMatch(/suspend/i);
      await desk.screenshot({ path: `.cache/trading-floor-suspended-${lang}.png` });
      await desk.getByRole('button', { name: w.resume }).click();
      await expect.poll(() => heading.textContent(), SOON).not.toContain(w.suspendedTag);

      // The price ladder from the keyboard on the focused selection row: ↑ in English, ↓ in Turkish.
      const direction = lang === 'en' ? 1 : -1;
      const before = await playerPrice(event.id, selection.id);
      const next = ladderTick(before, direction)!;
      // The player follows the price on the event's page, open while the trader moves it.
      await player.goto(urlFor(`/en/sports/${event.sport.id}/${event.region.id}/0/event/${event.id}`));
      const shown = player.locator(`button[data-odd-id="${selection.id}"] .odd-button__value`);
      await expect.poll(() => shown.textContent(), SOON).toBe(formatOdds(before));
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
      await expect.poll(() => shown.textContent(), SOON).toBe(formatOdds(next));
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
      await expect.poll(() => shown.textContent(), SOON).toBe(formatOdds(before));

      // Live: the view follows the operators' topic (no poll while it is connected). Another operator's changes
      // through the API — a selection suspended, a price set, a limit — are drawn in this open view.
      await desk.getByText(w.keys).waitFor();
      await expect.poll(() => desk.getByTestId('event-updates').textContent(), SOON).toBe(w.live);
      const other = market.selections[1]!;
      const otherRow = desk.getByRole('row', {
        name: `${market.name[lang]} · ${other.name[lang]}`,
        exact: true,
      });
      await ops(`/ops/v1/selections/${other.id}/suspend`, { reason: 'price_error' });
      await otherRow
        .getByRole('button', { name: w.resumeSelection(`${market.name[lang]} · ${other.name[lang]}`) })
        .waitFor(SOON);
      await expect
        .poll(() => otherRow.getByTestId('selection-status').textContent(), SOON)
        .toContain(w.suspended);
      const set = ladderTick(before, 1)!;
      await ops(`/ops/v1/selections/${selection.id}/override`, {
        odd: set,
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
        reason: 'another operator',
      });
      await expect
        .poll(() => row.getByTestId('selection-price').textContent(), SOON)
        .toContain(formatOdds(set));
      await ops(`/ops/v1/selections/${selection.id}/override`, undefined, 'DELETE');
      await expect
        .poll(() => row.getByTestId('selection-price').textContent(), SOON)
        .not.toContain('override');
      await otherRow.scrollIntoViewIfNeeded();
      await desk.screenshot({ path: `.cache/trading-floor-live-${lang}.png` });
      await ops(`/ops/v1/selections/${other.id}/resume`, {});
      await expect.poll(() => otherRow.getByTestId('selection-status').textContent(), SOON).toBe(w.open);

      // Shift+S / Shift+R on the row: the selection alone; L: its stake limit, set from the form.
      const selectionState = async () =>
        (await ops<OpsEventView>(`/ops/v1/events/${event.id}`)).markets
          .find((m) => m.id === market.id)!
          .selections.find((x) => x.id === selection.id)!;
      const label = `${market.name[lang]} · ${selection.name[lang]}`;
      await row.focus();
      await row.press('Shift+S');
      await row.getByRole('button', { name: w.resumeSelection(label), exact: true }).waitFor(SOON);
      expect(await selectionState()).toMatchObject({ status: 'suspended', suspendedBy: 'incident' });
      expect(await marketStatus()).toBe('open');
      await row.focus();
      await row.press('Shift+R');
      await row.getByRole('button', { name: w.suspendSelection(label), exact: true }).waitFor(SOON);
      expect(await selectionState()).toMatchObject({ status: 'open', suspendedBy: null });
      await row.focus();
      await row.press('l');
      const limitForm = desk.getByRole('form', { name: w.limitOf(label) });
      await limitForm.getByRole('textbox').fill(lang === 'en' ? '12.50' : '12,50');
      await limitForm.getByRole('textbox').press('Enter');
      await expect.poll(() => row.getByTestId('selection-status').textContent(), SOON).toMatch(w.maxStake);
      const limits = (await ops<OpsEventView>(`/ops/v1/events/${event.id}`)).limits;
      expect(limits).toContainEqual({
        kind: 'stake',
        level: 'selection',
        brandId: null,
        refId: selection.id,
        amount: 1250,
      });
      await desk.screenshot({ path: `.cache/trading-floor-limit-${lang}.png` });
      // Removed by another operator: the tag goes from the open view.
      await ops(
        '/ops/v1/limits',
        { kind: 'stake', level: 'selection', refId: selection.id, amount: null, reason: 'end of the walk' },
        'PUT',
      );
      await expect
        .poll(() => row.getByTestId('selection-status').textContent(), SOON)
        .not.toMatch(w.maxStake);

      // Liability limits (the auto-suspension's): the event's from the header, the market's from its limit form.
      const eventLiability = desk.getByTestId('event-liability-limit');
      await desk.getByRole('button', { name: w.eventLiability, exact: true }).click();
      const liabilityForm = desk.getByRole('form', { name: w.liabilityOf(title) });
      await liabilityForm.getByRole('textbox').fill(lang === 'en' ? '300' : '300,00');
      await liabilityForm.getByRole('textbox').press('Enter');
      await expect.poll(() => eventLiability.textContent(), SOON).toMatch(/300[.,]00/);
      await desk
        .getByRole('button', { name: w.limitOf(market.name[lang]), exact: true })
        .first()
        .click();
      const marketForm = desk.getByRole('form', { name: w.limitOf(market.name[lang]) });
      await marketForm.getByRole('combobox', { name: w.kind }).selectOption('liability');
      const marketLiabilityForm = desk.getByRole('form', { name: w.liabilityOf(market.name[lang]) });
      await marketLiabilityForm.getByRole('textbox').fill('150');
      await marketLiabilityForm.getByRole('textbox').press('Enter');
      const marketRow = desk.locator('.events-market-row').filter({ hasText: market.name[lang] }).first();
      await expect.poll(() => marketRow.textContent(), SOON).toMatch(w.marketLiability);
      expect((await ops<OpsEventView>(`/ops/v1/events/${event.id}`)).limits).toEqual(
        expect.arrayContaining([
          { kind: 'liability', level: 'event', brandId: null, refId: event.id, amount: 30_000 },
          { kind: 'liability', level: 'market', brandId: null, refId: market.id, amount: 15_000 },
        ]),
      );
      await marketRow.scrollIntoViewIfNeeded();
      await desk.screenshot({ path: `.cache/trading-floor-liability-${lang}.png` });
      // Lifted by another operator: both go from the open view (the operators' live topic).
      for (const [level, refId] of [
        ['event', event.id],
        ['market', market.id],
      ] as const)
        await ops(
          '/ops/v1/limits',
          { kind: 'liability', level, refId, amount: null, reason: 'lifted' },
          'PUT',
        );
      await expect.poll(() => eventLiability.textContent(), SOON).toBe(w.none);
      await expect.poll(() => marketRow.textContent(), SOON).not.toMatch(w.marketLiability);
    });
  }
});
