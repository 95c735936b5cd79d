import { describe, expect, it } from 'vitest';
import type { OpsCatalogueResponse, OpsEventView, OpsResultsEvent } from '@sb/contract';
import { E2E_CLIENTS } from './support/clients';
import { opsApi as ops, playerBesideDesk, traderDesk } from './support/desk';
import { operatorCommand, urlFor } from './support/fixtures';
import { betDetail as betOf, cashOf, cents, placeFromPage } from './support/slip';

/**
 * A match resulted by hand from the desk's one form (issue 34 item 4) in Chromium at 1280×800, in English and in
 * Turkish. The player bets on the match result and on total 2.5 before kick-off; the match starts (the simulator's
 * `start`), its feed breaks (`pause`) and the trader suspends the whole event. The live, suspended event is in the
 * waiting list; the trader enters the final and half-time scores and previews: every market's outcome and the money
 * per brand, and nothing has moved (the player's balance and bets as they were). Confirmed (in Turkish): the money
 * report's payout is the settled bets' payouts as the player's API reads them back, its net (the book's result) is
 * their stakes less those payouts, and the balance moved by exactly that (the payouts minus the stakes since before
 * the bets).
 */
const PLAYER = E2E_CLIENTS.result;
const SOON = { timeout: 60_000 };
/** An amount as the desk shows it, in minor units with its sign (the book's net may be a loss). */
const signedCents = (text: string | null) => (/[-−]/.test(text ?? '') ? -1 : 1) * cents(text);

type Market = {
  id: number;
  t: number;
  s: string;
  selections: { id: number; outcome: string; odd: number }[];
};

describe('a match resulted from one form in Chromium (1280×800)', () => {
  const floor = playerBesideDesk(PLAYER);

  it('a suspended live match: preview moves nothing, confirm settles; the money report is the settled bets; en and tr', async () => {
    const catalogue = await ops<OpsCatalogueResponse['result']>(
      '/ops/v1/catalogue?sport=1&live=false&limit=500',
    );
    // Pre-match football well before kick-off, away from the other suites' picks (the list's ends and middle).
    const later = catalogue.events.filter((e) => Date.parse(e.startAt) > Date.now() + 2 * 3_600_000);
    const event = later[Math.floor(later.length / 4)]!;
    const detail = (await (await fetch(urlFor(`/api/v2/fixture/e/${event.id}`))).json()) as {
      result: { markets: Market[] };
    };
    const market = (t: number, s = '') => detail.result.markets.find((m) => m.t === t && m.s === s)!;
    const home = market(1).selections.find((s) => s.outcome === '1')!;
    const over = market(18, '2.5').selections.find((s) => s.outcome === 'over')!;

    const start = await cashOf(floor.player);
    const bets: number[] = [];
    for (const [s, stake] of [
      [home, 1000],
      [over, 600],
    ] as const) {
      const placed = await placeFromPage(floor.player, { eventId: event.id, oddId: s.id, odd: s.odd }, stake);
      expect(placed.status, placed.body).toBe(200);
      bets.push(placed.id);
    }
    const staked = await cashOf(floor.player);
    expect(staked).toBe(start - 1600);
    const placedStatus = (await betOf(floor.player, bets[0]!)).status;

    // Kick-off, then the feed breaks (the simulator stops) and the trader suspends the whole event.
    await operatorCommand(event.id, 'start');
    await expect
      .poll(async () => (await ops<OpsEventView>(`/ops/v1/events/${event.id}`)).event.status, SOON)
      .toBe('live');
    await operatorCommand(event.id, 'pause');
    await ops(`/ops/v1/events/${event.id}/suspend`, { reason: 'feed_issue' });
    const [waiting] = await ops<OpsResultsEvent[]>(`/ops/v1/results/events?state=waiting&event=${event.id}`);
    expect(waiting).toMatchObject({ eventId: event.id, status: 'live', openBets: 2 });

    const context = await floor.deskContext();
    const desk = await context.newPage();
    await traderDesk(desk, `oneform-${Date.now().toString(36)}`);
    await desk.goto(urlFor('/backoffice/result'));
    const row = desk.locator('.events-list button', { hasText: `${event.home} – ${event.away}` });
    // Listed as in play and suspended (its feed broke), the desk's words for it.
    await expect.poll(() => row.textContent(), SOON).toContain('In play, suspended');
    await row.click();
    await expect.poll(() => desk.getByTestId('result-event-title').textContent(), SOON).toContain(event.home);

    // Final 1:0, half time 1:0: the home win is paid, over 2.5 lost; what the scores cannot decide is voided.
    const fullTime = desk.getByRole('group', { name: 'Full time' }).locator('input');
    const halfTime = desk.getByRole('group', { name: 'Half time' }).locator('input');
    await fullTime.nth(0).fill('1');
    await fullTime.nth(1).fill('0');
    await halfTime.nth(0).fill('1');
    await halfTime.nth(1).fill('0');
    await desk.getByLabel('Void them (stakes back)').check();
    await desk.getByRole('button', { name: 'Preview', exact: true }).click();
    await desk.getByText('Preview: nothing has changed yet.').waitFor(SOON);

    const report = desk.locator('.report');
    const money = report.locator('table').first().locator('tbody tr');
    const markets = report.locator('table').nth(1).locator('tbody tr');
    // Every unresolved market of the event has its row and an outcome; the money per brand: the player's brand.
    expect(await markets.count()).toBe(waiting!.unresolved);
    expect(await markets.locator('.tag').allTextContents()).not.toContain('');
    expect(await money.count()).toBe(1);
    const cells = money.first().locator('td');
    expect(await cells.nth(2).textContent()).toBe('2');
    const payout = Math.floor((1000 * Math.round(home.odd * 1000)) / 1000);
    // Stakes settled, paid now, and the book's net: the stakes less the payouts.
    expect(cents(await cells.nth(3).textContent())).toBe(1600);
    expect(cents(await cells.nth(4).textContent())).toBe(payout);
    expect(signedCents(await report.getByTestId('result-net').textContent())).toBe(1600 - payout);
    // Nothing moved: the balance and the bets as they were.
    expect(await cashOf(floor.player)).toBe(staked);
    for (const id of bets) expect((await betOf(floor.player, id)).status).toBe(placedStatus);
    await desk.screenshot({ path: '.cache/screenshots/result-one-form-preview-en.png' });

    // The same view in Turkish: the preview's texts, then confirmed there.
    await desk.getByRole('button', { name: 'Türkçe' }).first().click();
    await desk.getByText('Önizleme: henüz hiçbir şey değişmedi.').waitFor(SOON);
    expect(await row.textContent()).toContain('Canlı, askıda');
    expect(await report.locator('table').first().locator('th').allTextContents()).toEqual(
      expect.arrayContaining(['Şimdi ödenen', 'Net (kasa)']),
    );
    expect(await desk.getByRole('group', { name: 'Maç sonu' }).locator('input').nth(0).inputValue()).toBe(
      '1',
    );
    await desk.screenshot({ path: '.cache/screenshots/result-one-form-preview-tr.png' });
    await desk.getByRole('button', { name: 'Onayla ve sonuçlandır' }).click();
    await desk.getByText('Sonuçlandırıldı.').waitFor(SOON);
    expect(await markets.locator('.tag').allTextContents()).toContain('Sonuçlandı');
    await desk.screenshot({ path: '.cache/screenshots/result-one-form-confirmed-tr.png' });

    // The money report against the player's own reading of the settled bets and balance.
    const settled = await Promise.all(bets.map((id) => betOf(floor.player, id)));
    for (const b of settled) expect(b.status).not.toBe(placedStatus);
    const payouts = settled.reduce((sum, b) => sum + b.earnings, 0);
    const stakes = settled.reduce((sum, b) => sum + b.amount, 0);
    expect(settled.map((b) => b.earnings)).toEqual([payout, 0]);
    expect(cents(await cells.nth(4).textContent())).toBe(payouts);
    expect(cents(await cells.nth(3).textContent())).toBe(stakes);
    expect(signedCents(await report.getByTestId('result-net').textContent())).toBe(stakes - payouts);
    expect(await cashOf(floor.player)).toBe(staked + payouts);
    expect((await cashOf(floor.player)) - start).toBe(payouts - stakes);
    // Every market resolved (the undecidable ones voided): the event has left the waiting list.
    await row.waitFor({ state: 'detached', ...SOON });

    await desk.getByRole('button', { name: 'English' }).first().click();
    await desk.getByText('Settled.', { exact: true }).waitFor(SOON);
    expect(await report.locator('table').first().locator('th').allTextContents()).toEqual(
      expect.arrayContaining(['Paid now', 'Net (book)']),
    );
    await desk.screenshot({ path: '.cache/screenshots/result-one-form-confirmed-en.png' });
  });
});
