// Issue 33 items 1, 3, 4, 5, 10 and 11 in Chromium at 360×640, on both brands in their languages (Demo Bet in
// English on localhost, Kartal Bahis in Turkish on kartal.localhost): handicap sides on their own lines from the
// event to My bets, the numpad's preset, picks of one match, the names of the slip's and the cash-out dialog's
// buttons, the crash screen's one balance and the verifier. One server for the file (global-setup).
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CrashRoundsResponse, FixtureEvent } from '@sb/contract';
import { E2E_CLIENTS } from './support/clients';
import { urlFor, useBrowser } from './support/fixtures';
import { logInOn, waitForPlaced } from './support/slip';

const SHOTS = '.cache/screenshots';
mkdirSync(SHOTS, { recursive: true });
async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const BRANDS = [
  {
    host: 'localhost',
    locale: 'en',
    browserLocale: 'en-US',
    client: E2E_CLIENTS.money,
    text: {
      handicapTab: 'Handicap',
      asian: 'Asian Handicap',
      sameMatch: 'Same match',
      remove: (name: string, match: string) => `Remove ${name}, ${match}`,
      sure: 'Are you sure?',
      yes: 'Yes',
      success: 'Cashout!',
      close: 'Close',
      ok: 'OK',
      bet: 'Bet',
      verify: 'Verify',
      matches: 'matches the published result',
      lost: 'Lost',
    },
  },
  {
    host: 'kartal.localhost',
    locale: 'tr',
    browserLocale: 'tr-TR',
    client: E2E_CLIENTS.moneyKartal,
    text: {
      handicapTab: 'Handikap',
      asian: 'Asya Handikap',
      sameMatch: 'Aynı maç',
      remove: (name: string, match: string) => `${match}, ${name} seçimini kaldır`,
      sure: 'Emin misiniz?',
      yes: 'Evet',
      success: 'Erken ödeme!',
      close: 'Kapat',
      ok: 'Tamam',
      bet: 'Bahis yap',
      verify: 'Doğrula',
      matches: 'yayımlanan sonuçla aynı',
      lost: 'Kaybetti',
    },
  },
] as const;
type Brand = (typeof BRANDS)[number];

/** Football matches kicking off more than two hours from now (nothing moves them while the test runs). */
async function laterMatches(count: number, skip: number): Promise<FixtureEvent[]> {
  const res = await fetch(urlFor('/api/v2/fixture/full?sport=1&onlyPre=1&per_page=100'));
  const list = ((await res.json()) as { result: FixtureEvent[] }).result.filter(
    (e) =>
      Date.parse(e.startDate) > Date.now() + 2 * 3_600_000 && e.markets.some((m) => m.selections.length > 1),
  );
  const chosen = list.slice(skip, skip + count);
  if (chosen.length < count) throw new Error(`only ${chosen.length} later football matches`);
  return chosen;
}

/** A slip entry as the web stores it (localStorage `bets`): selection `index` of the event's first market. */
function slipEntry(event: FixtureEvent, index = 0) {
  const market = event.markets.find((m) => m.selections.length > 1)!;
  const selection = market.selections[index]!;
  const { home, away, competition, sport, region, startDate } = event;
  return {
    ...{ eventId: event.id, oddId: selection.id, name: 'Match Result', outCome: selection.name },
    ...{ odd: selection.odd, oddType: market.t, exc: market.id, specialValue: market.s },
    match: {
      ...{ home: home.name, away: away.name, competition: competition.name, startDate },
      ...{ sportId: sport.id, regionId: region.id, competitionId: competition.id },
    },
    ...{ live: false, active: true, checked: true, banker: false, maxStake: null },
  };
}

async function withSlip(page: Page, brand: Brand, bets: unknown[]) {
  await page.goto(urlFor(`/${brand.locale}/`, brand.host));
  await page.evaluate((b) => {
    localStorage.setItem('bets', JSON.stringify({ state: { bets: b }, version: 1 }));
    localStorage.removeItem('betslip.coupon');
  }, bets);
  await page.goto(urlFor(`/${brand.locale}/betslip`, brand.host));
  await page.getByTestId('slip-row').first().waitFor();
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent()) ?? '';

describe('issue 33: money on the screen at 360×640', () => {
  const browser = useBrowser();

  for (const [n, brand] of BRANDS.entries()) {
    const t = brand.text;

    it(`${brand.host} (${brand.locale}): a handicap's away side on its own line, from the event to My bets, and a cash-out dialog with two names`, async () => {
      const page = await browser.newPage(brand.browserLocale);
      await logInOn(page, brand);
      const [event] = await laterMatches(1, 3 * n);
      await page.goto(
        urlFor(`/${brand.locale}/sports/1/${event!.region.id}/0/event/${event!.id}`, brand.host),
      );
      await page.getByRole('tab', { name: t.handicapTab, exact: true }).click();
      const block = page.locator('[data-market-type="16"]');
      await block.waitFor();
      const [home, away] = await block
        .locator('button[data-odd-id]')
        .evaluateAll((buttons) => buttons.slice(0, 2).map((b) => b.textContent ?? ''));
      const line = /^1 \(([+-]\d+(\.\d+)?)\)/.exec(home!)?.[1];
      expect(line).toBeDefined();
      const mirror = line!.startsWith('-') ? `+${line!.slice(1)}` : `-${line!.slice(1)}`;
      expect(away).toContain(`2 (${mirror})`);
      await block.scrollIntoViewIfNeeded();
      await shot(page, `i33-money-${brand.locale}-event-handicap`);

      await block.locator('button[data-odd-id]').nth(1).click();
      await page.goto(urlFor(`/${brand.locale}/betslip`, brand.host));
      const row = page.getByTestId('slip-row');
      await row.waitFor();
      expect(await row.locator('.slip-row__outcome').textContent()).toBe(`2 (${mirror})`);
      expect(await row.locator('.slip-row__market').textContent()).toBe(t.asian);

      // Item 3: the stake opens at 1; "2", "5" stakes 25, not 125.
      await page.getByTestId('stake-box').click();
      const popup = page.locator('dialog[open]');
      for (const key of ['2', '5']) await popup.locator(`.ui-numpad__key[data-key="${key}"]`).click();
      // The symbol comes with the client's currency (loaded beside the slip): wait for the drawn amount.
      await expect.poll(() => popup.getByTestId('stake-total').textContent()).toBe('₺25');
      await popup.locator('.stake-editor__done').click();
      const quick = page.getByRole('switch');
      if (!(await quick.isChecked())) await quick.check();
      await page.getByTestId('place-bet').click();
      await waitForPlaced(page);

      await page.goto(urlFor(`/${brand.locale}/account/my-bets`, brand.host));
      const card = page.getByTestId('bet-card').first();
      await card.waitFor();
      if ((await card.getByTestId('bet-legs').count()) === 0)
        await card.locator('[aria-expanded]').first().click();
      expect(await card.locator('.bet-leg__pick').first().textContent()).toBe(`${t.asian}: 2 (${mirror})`);
      await shot(page, `i33-money-${brand.locale}-my-bets`);

      // Item 11: the cash-out success dialog's two buttons have two names.
      await card.getByTestId('cash-out-button').click();
      await page
        .getByRole('dialog', { name: t.sure })
        .locator('.ui-popup__footer')
        .getByRole('button', { name: t.yes })
        .click();
      const success = page.getByRole('dialog', { name: t.success });
      await success.waitFor();
      const names = await success
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent?.trim()));
      expect(names).toEqual([t.close, t.ok]);
    });

    it(`${brand.host} (${brand.locale}): picks of one match marked "same match", remove buttons naming the match; 25 picks`, async () => {
      const page = await browser.newPage(brand.browserLocale);
      const events = await laterMatches(25, 0);
      const pair = [slipEntry(events[0]!, 0), slipEntry(events[0]!, 2), slipEntry(events[1]!, 0)];
      await withSlip(page, brand, pair);
      const rows = page.getByTestId('slip-row');
      const marked = await rows.evaluateAll((all) =>
        all.map((r) => r.querySelector('[data-testid=same-match]')?.textContent ?? null),
      );
      expect(marked).toEqual([t.sameMatch, t.sameMatch, null]);
      const match = `${events[0]!.home.name} – ${events[0]!.away.name}`;
      for (const entry of pair.slice(0, 2))
        await page.getByRole('button', { name: t.remove(entry.outCome, match), exact: true }).waitFor();

      await withSlip(
        page,
        brand,
        events.map((e) => slipEntry(e)),
      );
      expect(await rows.count()).toBe(25);
      expect(
        await page.getByTestId('coupon-type').locator('[aria-pressed=true]').getAttribute('data-type'),
      ).toBe('multiple');
      expect(await text(page, 'bet-count')).toBe('1');
      // A visitor's slip writes amounts without a symbol (no currency before login).
      expect(await text(page, 'possible-earnings')).toMatch(/^[\d,]+\.\d{2}$/);
      await shot(page, `i33-money-${brand.locale}-slip-25`);
    });

    it(`${brand.host} (${brand.locale}): the crash screen's one balance, the header's, in ₺, also after an auto cash-out`, async () => {
      const page = await browser.newPage(brand.browserLocale);
      await logInOn(page, brand);
      await page.goto(urlFor(`/${brand.locale}/aviator`, brand.host));
      const header = page.getByTestId('header-balance');
      const crash = page.getByTestId('crash-balance');
      const same = async () =>
        (await crash.textContent())?.endsWith(` ${(await header.textContent()) ?? '—'}`);
      await expect.poll(same, { timeout: 60_000 }).toBe(true);
      expect(await crash.textContent()).toContain('₺');
      await shot(page, `i33-money-${brand.locale}-crash`);

      // An auto cash-out at 1.01×, in one round (no second try): the bet is set up during a flight with one
      // auto-bet round, and the page itself places it as the next betting window opens (its whole window ahead,
      // however busy the machine). A round crashing below 1.01× (about one in a hundred) loses it: then the screen
      // says so and the two balances agree on the loss instead — either way the outcome is checked.
      const panel = page.getByTestId('crash-panel-0');
      const inputs = panel.locator('input');
      const phase = () => page.getByTestId('aviator-page').getAttribute('data-phase');
      // A round's flight or betting window outlasts expect.poll's default second: wait for the phase itself.
      // From the end of a betting window: the whole flight and pause are left to set the bet up.
      await expect.poll(phase, { timeout: 120_000 }).toBe('betting');
      await expect.poll(phase, { timeout: 120_000 }).not.toBe('betting');
      await inputs.nth(0).fill('1.00');
      if (!(await inputs.nth(1).isChecked())) await inputs.nth(1).check();
      await inputs.nth(2).fill('1.01');
      const placed = page.waitForResponse((r) => r.url().includes('/api/v1/crash/bets'), {
        timeout: 120_000,
      });
      await inputs.nth(3).fill('1');
      expect((await placed).status()).toBe(200);
      const status = page.getByTestId('crash-bet-status-0');
      const settled = async () => {
        const shown = (await status.textContent()) ?? '';
        return shown.includes('1.01×') || shown === t.lost;
      };
      await expect.poll(settled, { timeout: 120_000 }).toBe(true);
      // Paid 1.01 for 1.00 (or lost): both balances show it, the same figure, from one source.
      await expect.poll(same, { timeout: 30_000 }).toBe(true);
    }, 600_000);

    it(`${brand.host} (${brand.locale}): the verifier checks a typed round and a round picked from the chips against their own points`, async () => {
      const page = await browser.newPage(brand.browserLocale);
      // At least three finished rounds: on a server that started with this file (each e2e lane has its own), the
      // game may not have played them yet — wait for them, a condition (a round lasts seconds here).
      let rounds: CrashRoundsResponse['result'] = [];
      await expect
        .poll(
          async () => {
            const res = await fetch(urlFor('/api/v1/crash/rounds?limit=100'));
            rounds = ((await res.json()) as CrashRoundsResponse).result;
            return rounds.length;
          },
          { timeout: 200_000 },
        )
        .toBeGreaterThan(2);
      await page.goto(urlFor(`/${brand.locale}/aviator/verify`, brand.host));
      const hash = page.getByTestId('verify-hash');
      await expect.poll(() => hash.inputValue(), { timeout: 60_000 }).toMatch(/^[0-9a-f]{64}$/);
      // The page's prefill is over once the salt line is drawn (it comes last and pushes the form down): only then
      // type and click, or the click lands where a round chip has moved to.
      await page.getByTestId('verify-salt').waitFor({ timeout: 60_000 });
      // Typed: the latest round, not the prefilled one (its point differs from the prefilled round's, or not).
      await hash.fill(rounds[0]!.hash);
      await page.getByRole('button', { name: t.verify, exact: true }).click();
      const result = page.getByTestId('verify-result');
      await expect.poll(() => result.textContent()).toContain(t.matches);
      // Picked: the oldest chip.
      const chips = page.getByTestId('verify-rounds').getByRole('button');
      await chips.last().click();
      expect(await hash.inputValue()).toBe(rounds.at(-1)!.hash);
      await page.getByRole('button', { name: t.verify, exact: true }).click();
      await expect.poll(() => result.textContent()).toContain(t.matches);
      await shot(page, `i33-money-${brand.locale}-verifier`);
    });
  }
});
