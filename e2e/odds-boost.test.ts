import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OpsEventView } from '@sb/contract';
import { E2E_CLIENTS } from './support/clients';
import { deskLogin } from './support/desk';
import { urlFor, useBrowser } from './support/fixtures';
import { asClient, brandOf, deskTrader, homeWin, ops } from './support/promotions';
import { betDetail, logInOn, waitForPlaced } from './support/slip';

/**
 * Issue 36, the odds boost's player side in Chromium at 360×640 on both brands and languages: a boost created
 * through the desk's API, seen struck through with its badge on the event page, taken in the slip (its stake
 * limit refused in words), placed, and the bet at the boosted price (receipt, My bets). The desk picks the
 * boosted selection by name at 1280×800. Each campaign is ended afterwards, so no other suite meets a boost.
 */
const SHOTS = '.cache/screenshots';
const BRANDS = [
  { host: 'localhost', locale: 'en', client: E2E_CLIENTS.boost, skip: 18 },
  { host: 'kartal.localhost', locale: 'tr', client: E2E_CLIENTS.boostKartal, skip: 24 },
] as const;
const TEXT = {
  en: {
    badge: 'Boost',
    stake: 'Stake',
    done: 'Done',
    limit: 'You can stake up to ₺20.00 at the boosted odds.',
    over: 'The stake is above what is left of this odds boost: you can stake up to ₺20.00 at the boosted odds.',
    quick: 'Quick bet',
  },
  tr: {
    badge: 'Oran artışı',
    stake: 'Miktar',
    done: 'Tamam',
    limit: 'Artırılmış oranla en çok ₺20.00 yatırabilirsiniz.',
    over: 'Bahis tutarı bu oran artışından kalan tutarı aşıyor: artırılmış oranla en çok ₺20.00 yatırabilirsiniz.',
    quick: 'Hızlı bahis',
  },
} as const;

/** A boosted price half a point above the normal one, exact in thousandths. */
const boostOf = (odd: number) => (Math.round(odd * 1_000) + 500) / 1_000;
const ended = (id: number) => ops('PUT', `/ops/v1/promotions/${id}/status`, { status: 'ended' });

/** Nothing drawn past the viewport's right edge (no sideways scroll at 360 px). */
const overflowX = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('odds boost in Chromium (360×640, both brands and languages)', () => {
  const browser = useBrowser();

  for (const brand of BRANDS) {
    it(`a ${brand.locale} player on ${brand.host} sees a boosted price struck through with its badge, takes it and gets the bet at the boosted price`, async () => {
      mkdirSync(SHOTS, { recursive: true });
      const text = TEXT[brand.locale];
      const page = await browser.newPage(brand.locale === 'tr' ? 'tr-TR' : 'en-US');
      await logInOn(page, brand);
      const { event, oddId, odd } = await homeWin(page, brand.skip);
      const boosted = boostOf(odd);
      const campaign = await ops('POST', '/ops/v1/promotions', {
        kind: 'odds_boost',
        brandId: await brandOf(page, brand.host),
        name: brand.locale === 'tr' ? 'Derbi oran artışı' : 'Derby odds boost',
        terms: { product: 'sport', oddId, boostedOdd: boosted, maxStake: 2_000, expiresInDays: 7 },
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
      try {
        // The event page: the boosted price, the normal one struck through, the badge in the page's language.
        await page.goto(
          urlFor(
            `/${brand.locale}/sports/${event.sport.id}/${event.region.id}/0/event/${event.id}`,
            brand.host,
          ),
        );
        const button = page.locator(`button[data-odd-id="${oddId}"][data-boosted="true"]`);
        await button.waitFor();
        expect(await button.locator('.odd-button__value').textContent()).toBe(boosted.toFixed(2));
        expect(await button.getByTestId('odd-was').textContent()).toBe(odd.toFixed(2));
        expect(await button.getByTestId('boost-badge').locator('.odd-button__boost-long').textContent()).toBe(
          text.badge,
        );
        expect(await button.getByTestId('boost-badge').isVisible()).toBe(true);
        const box = (await button.boundingBox())!;
        // A tap target of the app's size; the badge and both prices inside it, nothing cut.
        expect(box.height).toBeGreaterThanOrEqual(44);
        const clipped = await button.evaluate((b) =>
          Array.from(
            b.querySelectorAll<HTMLElement>('.odd-button__value, .odd-button__was, .odd-button__boost'),
          )
            .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
            .map((el) => el.className),
        );
        expect(clipped).toEqual([]);
        expect(await overflowX(page)).toBe(0);
        await button.evaluate((b) => b.scrollIntoView({ block: 'center' }));
        await page.screenshot({ path: `${SHOTS}/odds-boost-event-${brand.locale}.png` });

        // Tapped: on the slip at the boosted price, with the boost and its stake limit.
        await button.click();
        await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
        await page.goto(urlFor(`/${brand.locale}/betslip`, brand.host));
        const note = page.getByTestId('slip-boost');
        await note.waitFor();
        expect(await page.getByTestId('slip-odd').textContent()).toBe(boosted.toFixed(2));
        expect(await note.getByTestId('slip-boost-was').textContent()).toBe(odd.toFixed(2));
        expect(await note.getByTestId('slip-boost-limit').textContent()).toBe(text.limit);

        // A stake above the boost's limit: the server's refusal, in the player's words.
        await page.getByTestId('stake-box').click();
        const popup = page.getByRole('dialog', { name: text.stake });
        await popup.locator('[data-field=total]').click();
        for (const key of ['2', '5']) await popup.locator(`.ui-numpad__key[data-key="${key}"]`).click();
        await popup.getByRole('button', { name: text.done }).click();
        await page.getByTestId('slip-errors').getByText(text.over).waitFor();
        expect(await overflowX(page)).toBe(0);
        await page.screenshot({ path: `${SHOTS}/odds-boost-slip-over-${brand.locale}.png` });

        // 5.00 at the boosted price: placed.
        await page.getByTestId('stake-box').click();
        await popup.locator('[data-field=total]').click();
        await popup.locator('.ui-numpad__key[data-key="5"]').click();
        await popup.getByRole('button', { name: text.done }).click();
        await expect.poll(() => page.getByTestId('slip-errors').count()).toBe(0);
        await page.screenshot({ path: `${SHOTS}/odds-boost-slip-${brand.locale}.png` });
        const quick = page.getByRole('switch', { name: text.quick });
        if (!(await quick.isChecked())) await quick.check();
        await page.getByTestId('place-bet').click();
        await waitForPlaced(page);
        const summary = page.getByTestId('bet-summary');
        const header = await summary.locator('header strong').textContent();
        const betId = Number(/(\d+)/.exec(header ?? '')![1]);
        expect(await summary.locator('.bet-summary__odd').textContent()).toBe(boosted.toFixed(2));
        await page.screenshot({ path: `${SHOTS}/odds-boost-receipt-${brand.locale}.png` });

        // The bet: at the boosted price, its stake counted against the boost.
        const bet = await betDetail(page, betId);
        expect(bet.items[0]!.oddValue).toBe(boosted);
        expect(bet.amount).toBe(500);
        const rewards = await asClient<{ kind: string; remainingStake?: number; campaignId?: number }[]>(
          page,
          '/api/v1/bonuses',
        );
        expect(rewards.find((r) => r.kind === 'odds_boost')?.remainingStake).toBe(1_500);

        // My bets: the boosted price on the bet's leg.
        await page.goto(urlFor(`/${brand.locale}/account/my-bets`, brand.host));
        const card = page.locator(`[data-testid=bet-card][data-bet-id="${betId}"]`);
        await card.waitFor();
        await card.locator('.bet-card__head').click();
        await card.getByTestId('bet-legs').waitFor();
        expect(await card.locator('.bet-leg__odd').textContent()).toBe(boosted.toFixed(2));
        await page.screenshot({ path: `${SHOTS}/odds-boost-my-bets-${brand.locale}.png` });
      } finally {
        await ended(campaign.id as number);
      }
    }, 300_000);
  }
});

describe('the odds boost on the desk in Chromium (1280×800)', () => {
  const OPERATOR = { username: 'boost-desk', password: 'boost-desk-pass-2026' };
  const context = deskTrader(OPERATOR);

  it('an operator picks the boosted selection by its match, market and name, never a number', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const player = await context().newPage();
    await player.goto(urlFor('/en/'));
    const { event, oddId, odd } = await homeWin(player, 12);
    await player.close();
    const view = (await ops('GET', `/ops/v1/events/${event.id}`)) as unknown as OpsEventView;
    const market = view.markets.find((m) => m.selections.some((s) => s.id === oddId))!;
    const selection = market.selections.find((s) => s.id === oddId)!;
    const name = `${view.event.home} – ${view.event.away} · ${market.name.en} · ${selection.name.en}`;

    const desk = await context().newPage();
    await deskLogin(desk, OPERATOR.username, OPERATOR.password, '/backoffice/promotions');
    const form = desk.getByTestId('promotion-form');
    await form.locator('select[name=kind]').selectOption('odds_boost');
    // No field takes a selection's number.
    expect(await form.locator('input[name=oddId]').count()).toBe(0);
    await form.locator('input[name=name]').fill('Desk derby boost');
    const picker = form.getByTestId('boost-selection');
    await picker.locator('input[name=eventSearch]').fill(view.event.home);
    await picker.getByRole('button', { name: 'Find' }).click();
    const matches = picker.locator('select[name=boostEvent]');
    await matches.locator(`option[value="${event.id}"]`).waitFor({ state: 'attached' });
    const matchLabel = await matches.locator(`option[value="${event.id}"]`).textContent();
    await matches.selectOption({ label: matchLabel! });
    const markets = picker.locator('select[name=boostMarket]');
    await markets.locator(`option[value="${market.id}"]`).waitFor({ state: 'attached' });
    await markets.selectOption({ label: market.name.en });
    const selections = picker.locator('select[name=boostSelection]');
    await selections.selectOption({ label: `${selection.name.en} · ${selection.price.toFixed(2)}` });
    await picker.getByTestId('boost-picked').getByText(name, { exact: false }).waitFor();
    await form.locator('input[name=boostedOdd]').fill(boostOf(odd).toFixed(3));
    await form.locator('input[name=maxStake]').fill('20.00');
    await desk.screenshot({ path: `${SHOTS}/desk-odds-boost-form-en.png` });
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await desk.getByRole('status').getByText('Campaign “Desk derby boost” created.').waitFor();
    await desk.waitForURL(/\/backoffice\/promotions\/\d+$/);
    const id = Number(/(\d+)$/.exec(desk.url())![1]);
    try {
      const row = desk.locator(`[data-testid=promotion-row][data-campaign-id="${id}"]`);
      // The list names the selection.
      await row.getByText(name, { exact: false }).waitFor();
      const made = await ops('GET', `/ops/v1/promotions/${id}`);
      expect(made.terms).toMatchObject({ oddId, boostedOdd: boostOf(odd), maxStake: 2_000 });
      await desk.screenshot({ path: `${SHOTS}/desk-odds-boost-list-en.png` });
      // The player's event page now offers it.
      await expect
        .poll(async () => {
          const body = (await (await fetch(urlFor(`/api/v2/fixture/e/${event.id}`))).json()) as {
            result: { markets: { selections: { id: number; boostedOdd?: number }[] }[] };
          };
          return body.result.markets.flatMap((m) => m.selections).find((s) => s.id === oddId)?.boostedOdd;
        })
        .toBe(boostOf(odd));

      // In Turkish, the picker's words.
      await desk.evaluate(() => localStorage.setItem('sb.ops.lang', 'tr'));
      await desk.goto(urlFor('/backoffice/promotions'));
      await form.locator('select[name=kind]').selectOption('odds_boost');
      await form.getByTestId('boost-selection').getByText('Artırılan seçenek').waitFor();
      await desk.screenshot({ path: `${SHOTS}/desk-odds-boost-form-tr.png` });
      await desk.evaluate(() => localStorage.removeItem('sb.ops.lang'));
    } finally {
      await ended(id);
    }
  }, 240_000);
});
