import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_CLIENTS } from './support/clients';
import { urlFor, useBrowser } from './support/fixtures';
import { asClient, brandOf, ops } from './support/promotions';
import { betDetail, logIn, placeQuick, setStake } from './support/slip';

/**
 * Issue 36 in Chromium at 360×640: an acca insurance granted from the desk's API is offered on a multiple of enough
 * legs in the slip, taken with the player's own stake, and placed: the bet holds the insurance.
 */
const SHOTS = '.cache/screenshots';

/** Home wins of three different pre-match football events ahead, each at 1.5 or more (read in the page). */
async function threeHomeWins(page: Page): Promise<{ eventId: number; path: string; oddId: number }[]> {
  return page.evaluate(async () => {
    type Event = { id: number; startDate: string; sport: { id: number }; region: { id: number } };
    const list = await fetch('/api/v2/fixture/full?sport=1&onlyPre=1&per_page=100&onlyList=1');
    const events = ((await list.json()) as { result: Event[] }).result
      .filter((e) => Date.parse(e.startDate) > Date.now() + 2 * 3_600_000)
      .slice(50);
    const out: { eventId: number; path: string; oddId: number }[] = [];
    for (const e of events) {
      const detail = (await (await fetch(`/api/v2/fixture/e/${e.id}`)).json()) as {
        result: { markets: { t: number; selections: { id: number; outcome: string; odd: number }[] }[] };
      };
      const home = detail.result.markets.find((m) => m.t === 1)?.selections.find((x) => x.outcome === '1');
      if (home && home.odd >= 1.5)
        out.push({
          eventId: e.id,
          path: `/en/sports/${e.sport.id}/${e.region.id}/0/event/${e.id}`,
          oddId: home.id,
        });
      if (out.length === 3) return out;
    }
    throw new Error('fewer than three pre-match home wins at 1.5 or more');
  });
}

describe('slip rewards in Chromium (360×640)', () => {
  const browser = useBrowser();

  it('offers an acca insurance on a multiple of three, takes it with the cash stake and places the bet with it', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = await browser.newPage('en-US');
    await logIn(page, E2E_CLIENTS.insured);
    const uid = (await asClient<{ user: { uid: number } }>(page, '/api/get/session')).user.uid;
    const campaign = await ops('POST', '/ops/v1/promotions', {
      kind: 'acca_insurance',
      brandId: await brandOf(page, 'localhost'),
      name: 'Acca cover',
      terms: { product: 'sport', maxRefund: 1_500, minLegs: 3, minLegOdds: 1.01, expiresInDays: 7 },
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    try {
      await ops('POST', `/ops/v1/promotions/${campaign.id as number}/grants`, { clientIds: [uid] });
      for (const pick of await threeHomeWins(page)) {
        await page.goto(urlFor(pick.path));
        const button = page.locator(`button[data-odd-id="${pick.oddId}"]`).first();
        await button.click();
        await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
      }
      await page.goto(urlFor('/en/betslip'));
      const offer = page.getByTestId('cash-reward');
      await offer.getByText('Acca insurance: your stake back, up to ₺15.00, if one leg loses').waitFor();
      await offer.getByRole('button', { name: 'Use it' }).click();
      await expect.poll(() => offer.getAttribute('data-chosen')).toBe('true');
      await setStake(page, 'total', ['5']);
      await expect.poll(() => page.getByTestId('slip-errors').count()).toBe(0);
      const box = (await offer.getByRole('button', { name: 'Remove' }).boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
      ).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/slip-insurance-en.png` });
      const betId = await placeQuick(page);
      expect((await betDetail(page, betId)).amount).toBe(500);
      const rewards = await asClient<{ kind: string; status: string; betId: number | null }[]>(
        page,
        '/api/v1/bonuses',
      );
      expect(rewards.find((r) => r.kind === 'acca_insurance')).toMatchObject({ status: 'reserved', betId });
    } finally {
      await ops('PUT', `/ops/v1/promotions/${campaign.id as number}/status`, { status: 'ended' });
    }
  }, 300_000);
});
