import { beforeAll, describe, expect, it } from 'vitest';
import type { OpsAuditRow, OpsBetDetail, OpsCatalogueEvent, OpsCatalogueResponse } from '@sb/contract';
import { E2E_CLIENTS } from './support/clients';
import { opsApi as ops, playerBesideDesk, traderDesk } from './support/desk';
import { urlFor } from './support/fixtures';
import { cashOf, placeFromPage } from './support/slip';

/**
 * A bet on the trading floor in Chromium at 1280×800 (issue 34 items 1–3), in English and in Turkish: the player
 * places a single; the trader opens the bet's deep link in a new tab of the signed-in browser (no second login),
 * sees where it was placed from (address and device) and its timeline, voids it with a reason; the client's balance
 * comes back by the stake, which is what the bet's ledger movements and the audit entry say. Then the liability view
 * from the same tab: the book's filters in the query string, an event's named markets; reload and Back keep the views.
 */
const PLAYER = E2E_CLIENTS.floor;
const SOON = { timeout: 60_000 };

const WORDS = {
  en: {
    liability: 'Liability',
    voidBet: 'Void the bet',
    voided: 'Voided:',
    voidedTag: 'Voided',
    reasonLabel: 'Reason',
    steps: ['Placed', 'Accepted'],
    sortPayout: 'Max payout',
  },
  tr: {
    liability: 'Risk',
    voidBet: 'Kuponu iptal et',
    voided: 'İptal edildi:',
    voidedTag: 'İptal edildi',
    reasonLabel: 'Neden',
    steps: ['Oynandı', 'Kabul edildi'],
    sortPayout: 'En yüksek ödeme',
  },
} as const;

describe('a bet on the trading floor in Chromium (1280×800)', () => {
  const floor = playerBesideDesk(PLAYER);
  let events: OpsCatalogueEvent[];
  beforeAll(async () => {
    const catalogue = await ops<OpsCatalogueResponse['result']>(
      '/ops/v1/catalogue?sport=1&live=false&limit=500',
    );
    // Pre-match football well before kick-off, away from the other suites' picks (they take the list's ends).
    events = catalogue.events.filter((e) => Date.parse(e.startAt) > Date.now() + 2 * 3_600_000);
  });

  for (const lang of ['en', 'tr'] as const) {
    it(`${lang}: a bet's deep link in a new tab, no second login; void it; balance, ledger and audit agree; the liability view keeps its place`, async () => {
      const w = WORDS[lang];
      const event = events[Math.floor(events.length / 2) + (lang === 'en' ? 0 : 3)]!;
      const detail = (await (await fetch(urlFor(`/api/v2/fixture/e/${event.id}`))).json()) as {
        result: { markets: { t: number; selections: { id: number; odd: number }[] }[] };
      };
      const selection = detail.result.markets.find((m) => m.t === 1)!.selections[0]!;
      const stake = lang === 'en' ? 350 : 420;
      const placed = await placeFromPage(
        floor.player,
        { eventId: event.id, oddId: selection.id, odd: selection.odd },
        stake,
      );
      expect(placed.status, placed.body).toBe(200);
      const betId = placed.id;
      // A second bet on the same event stays open: the liability view has it in the book.
      const kept = detail.result.markets.find((m) => m.t === 1)!.selections[1]!;
      const open = await placeFromPage(
        floor.player,
        { eventId: event.id, oddId: kept.id, odd: kept.odd },
        200,
      );
      expect(open.status, open.body).toBe(200);

      const context = await floor.deskContext();
      const first = await context.newPage();
      await traderDesk(first, `floorbet-${lang}-${Date.now().toString(36)}`);
      if (lang === 'tr') await first.getByRole('button', { name: 'Türkçe' }).first().click();

      // A second monitor: the bet's deep link in a new tab, signed in already.
      const tab = await context.newPage();
      await tab.goto(urlFor(`/backoffice/bets/${betId}`));
      const title = tab.getByTestId('bet-title');
      await expect.poll(() => title.textContent(), SOON).toContain(`#${betId}`);
      expect(await tab.locator('input[name=password]').count()).toBe(0);
      // The desk's language is the operator's choice in this browser: the new tab keeps it.
      await expect.poll(() => tab.getByTestId('bet-timeline').textContent(), SOON).toContain(w.steps[0]);
      expect(await tab.getByTestId('bet-timeline').textContent()).toContain(w.steps[1]);
      const origin = await tab.getByTestId('bet-origin').textContent();
      const seen = await ops<OpsBetDetail>(`/ops/v1/bets/${betId}/detail`);
      expect(seen.origin.ip).not.toBeNull();
      expect(origin).toContain(seen.origin.ip!);
      expect(origin).toMatch(/Chrome/);
      await tab.screenshot({ path: `.cache/screenshots/floor-bet-${lang}.png` });

      // Void it with a reason: the stake comes back once.
      const before = await cashOf(floor.player);
      await tab.getByLabel(w.reasonLabel).selectOption('palpable_error');
      await tab.getByRole('button', { name: w.voidBet }).click();
      await tab.getByText(w.voided).waitFor(SOON);
      await expect.poll(() => title.textContent(), SOON).toContain(w.voidedTag);
      await expect.poll(() => cashOf(floor.player), SOON).toBe(before + stake);
      await tab.screenshot({ path: `.cache/screenshots/floor-bet-voided-${lang}.png` });
      // The ledger's movements of the bet net to nothing (stake out, void back), and the audit says the same.
      const after = await ops<OpsBetDetail>(`/ops/v1/bets/${betId}/detail`);
      expect(after.status).toBe('cancelled');
      expect(after.movements.map((m) => [m.kind, m.amount])).toEqual([
        ['stake', -stake],
        ['void', stake],
      ]);
      expect(after.timeline.map((s) => s.step)).toEqual(['placed', 'accepted', 'voided']);
      const audit = await ops<OpsAuditRow[]>(`/ops/v1/audit?action=bet.void&limit=50`);
      const entry = audit.find((a) => a.target === `bet:${betId}`)!;
      expect(entry).toMatchObject({ reason: 'palpable_error', outcome: 'ok' });
      expect(entry.after).toMatchObject({ refunded: stake, reversed: 0, unchanged: false });
      // Reload: the same bet, still signed in.
      await tab.reload();
      await expect.poll(() => title.textContent(), SOON).toContain(w.voidedTag);

      // The liability view from the same tab: the book ordered by payout (in the URL), an event's named markets.
      await tab.getByRole('link', { name: w.liability, exact: true }).click();
      await tab.waitForURL(/\/backoffice\/liability$/);
      await tab.getByTestId('book-totals').waitFor(SOON);
      await tab.locator('select[name=sort]').selectOption('payout');
      await tab.waitForURL(/\/backoffice\/liability\?sort=payout$/);
      // Our open bet's event (the first row may be another suite's, e.g. one whose markets have all settled).
      const eventId = event.id;
      const row = tab.getByTestId('matches').locator(`button[data-event="${eventId}"]`);
      await row.waitFor(SOON);
      await row.click();
      await tab.waitForURL(new RegExp(`/backoffice/liability/${eventId}\\?sort=payout$`));
      const panel = tab.getByTestId('event-liability');
      await panel.locator('[data-market] h3').first().waitFor(SOON);
      const heading = await panel.locator('[data-market] h3').first().textContent();
      expect(heading).not.toMatch(/Market \d/);
      await tab.screenshot({ path: `.cache/screenshots/floor-liability-${lang}.png` });
      await tab.getByRole('tab', { name: lang === 'en' ? 'Clients' : 'Müşteriler' }).click();
      await tab.getByTestId('by-client').locator('button[data-client]').first().waitFor(SOON);
      await tab.screenshot({ path: `.cache/screenshots/floor-liability-clients-${lang}.png` });

      // Back walks the views as they were; reload keeps the place.
      await tab.goBack();
      await tab.waitForURL(new RegExp(`/backoffice/liability/${eventId}\\?sort=payout$`));
      await tab.reload();
      await panel.locator('[data-market] h3').first().waitFor(SOON);
      expect(await tab.locator('select[name=sort]').inputValue()).toBe('payout');
      await tab.goBack();
      await tab.waitForURL(/\/backoffice\/liability\?sort=payout$/);
      await tab.goBack();
      await tab.waitForURL(/\/backoffice\/liability$/);
      await tab.goBack();
      await tab.waitForURL(new RegExp(`/backoffice/bets/${betId}$`));
      await expect.poll(() => title.textContent(), SOON).toContain(`#${betId}`);
    });
  }
});
