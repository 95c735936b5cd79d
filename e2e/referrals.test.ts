import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import type { OpsBetDetail, OpsCatalogueEvent, OpsCatalogueResponse } from '@sb/contract';
import { launchBrowser, phoneContext, patientContext } from './support/browser';
import { E2E_CLIENTS } from './support/clients';
import { DESK, deskLogin, opsApi } from './support/desk';
import { urlFor } from './support/fixtures';
import { balance, logInOn, placeFromPage } from './support/slip';

/**
 * Referrals in Chromium (issue 34 item 3): a client whose bets from 20.00 are referred (set on the desk's client
 * risk profile) places 30.00; the player's receipt (360×640) says it awaits approval; a trader at 1280×800 finds it
 * in the referral queue by name and accepts it with A (English, Demo Bet) — the player sees it approved — or
 * counter-offers 15.00 with O (Turkish, Kartal Bahis) and the player takes the offer with its button.
 */
const CASES = {
  en: {
    client: E2E_CLIENTS.referral,
    host: 'localhost',
    locale: 'en',
    eventAt: 7,
    tab: 'Referrals',
    waiting: 'waiting for our traders’ approval',
    accepted: 'accepted',
    approved: 'Your bet has been approved',
  },
  tr: {
    client: E2E_CLIENTS.referralKartal,
    host: 'kartal.localhost',
    locale: 'tr',
    eventAt: 9,
    tab: 'Onaylar',
    waiting: 'yetkili onayı bekliyor',
    offered: 'teklif edildi',
    take: 'Teklifi kabul et',
    taken: 'miktarla kabul edildi',
  },
} as const;

/** How long a decision may take to reach the other screen on a busy machine (a condition, polled). */
const SOON = { timeout: 60_000 };

describe('referrals in Chromium', () => {
  let browser: Browser;
  let events: OpsCatalogueEvent[];
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
    const catalogue = await opsApi<OpsCatalogueResponse['result']>(
      '/ops/v1/catalogue?sport=1&live=false&limit=500',
    );
    events = catalogue.events.filter((e) => Date.parse(e.startAt) > Date.now() + 2 * 3_600_000);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });

  for (const lang of ['en', 'tr'] as const) {
    it(`${lang}: a referred bet waits, the desk ${lang === 'en' ? 'accepts it' : 'counter-offers'}, the player sees the outcome`, async () => {
      const c = CASES[lang];
      // The client's bets from 20.00 wait for the desk (its risk profile, as a trader sets it).
      const found = await opsApi<{ id: number; username: string }[]>(
        `/ops/v1/clients?q=${encodeURIComponent(c.client.username)}`,
      );
      const clientId = found.find((f) => f.username === c.client.username)!.id;
      await opsApi(
        `/ops/v1/clients/${clientId}/risk`,
        { referralStake: 2_000, reason: 'e2e referrals' },
        'PUT',
      );

      const playerContext = await phoneContext(browser, lang === 'tr' ? 'tr-TR' : 'en-US');
      contexts.push(playerContext);
      const player = await playerContext.newPage();
      await logInOn(player, { host: c.host, locale: c.locale, client: c.client });
      const event = events[c.eventAt]!;
      // The brand's own price (its margin), as its player sees it: asked from the player's page on its host.
      const home = await player.evaluate(async (id) => {
        const detail = (await (await fetch(`/api/v2/fixture/e/${id}`)).json()) as {
          result: { markets: { t: number; selections: { id: number; outcome: string; odd: number }[] }[] };
        };
        return detail.result.markets.find((m) => m.t === 1)!.selections.find((s) => s.outcome === '1')!;
      }, event.id);
      const placed = await placeFromPage(player, { eventId: event.id, oddId: home.id, odd: home.odd }, 3_000);
      expect(placed).toMatchObject({ status: 200, key: 'pending' });

      // The receipt: awaiting approval.
      await player.goto(urlFor(`/${c.locale}/betslip-successful`, c.host));
      const status = player.getByTestId('success-status');
      await expect.poll(() => status.textContent(), SOON).toContain(c.waiting);
      await player.screenshot({ path: `.cache/referral-player-waiting-${lang}.png` });

      // The desk: the queue names the client and the match; the decision by key.
      const desk = await (await patientContext(browser, DESK)).newPage();
      contexts.push(desk.context());
      const username = `referrals-${lang}-${Date.now().toString(36)}`;
      await opsApi('/ops/v1/operators', {
        username,
        password: `${username}-pass-2026`,
        role: 'trader',
        brandId: null,
      });
      await deskLogin(desk, username, `${username}-pass-2026`);
      if (lang === 'tr') await desk.getByRole('button', { name: 'Türkçe' }).first().click();
      await desk.getByRole('link', { name: c.tab, exact: true }).click();
      await desk.waitForURL(/\/backoffice\/referrals$/);
      const row = desk.getByTestId(`referral-${placed.id}`);
      await expect.poll(() => row.textContent(), SOON).toContain(c.client.username);
      expect(await row.textContent()).toContain(`${event.home} – ${event.away}`);
      await row.click();
      await desk.screenshot({ path: `.cache/referral-desk-${lang}.png` });
      const message = desk.getByTestId('referral-message');

      if (lang === 'en') {
        await desk.keyboard.press('a');
        await expect.poll(() => message.textContent(), SOON).toContain(CASES.en.accepted);
        await expect.poll(() => status.textContent(), SOON).toContain(CASES.en.approved);
      } else {
        await desk.keyboard.press('o');
        await desk.getByTestId('referral-input').fill('15');
        await desk.getByTestId('referral-input').press('Enter');
        await expect.poll(() => message.textContent(), SOON).toContain(CASES.tr.offered);
        const offer = player.getByTestId('referral-offer');
        await offer.waitFor(SOON);
        await player.screenshot({ path: `.cache/referral-player-offer-${lang}.png` });
        await offer.getByRole('button', { name: CASES.tr.take }).click();
        await expect.poll(() => status.textContent(), SOON).toContain(CASES.tr.taken);
        // The header follows: 500.00 less the 15.00 that stands (the other 15.00 came back).
        await expect.poll(() => balance(player), SOON).toBe(48_500);
      }
      await player.screenshot({ path: `.cache/referral-player-outcome-${lang}.png` });
      // The server agrees: the bet stands (at the offer in Turkish), and it left the queue.
      const bet = await opsApi<OpsBetDetail>(`/ops/v1/bets/${placed.id}/detail`);
      expect(bet).toMatchObject({ status: 'waiting', stake: lang === 'en' ? 3_000 : 1_500 });
      await expect.poll(() => desk.getByTestId(`referral-${placed.id}`).count(), SOON).toBe(0);
    });
  }
});
