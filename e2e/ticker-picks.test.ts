import { describe, expect, it } from 'vitest';
import type { OpsCatalogueResponse, OpsEventView, OpsPickLists } from '@sb/contract';
import { E2E_CLIENTS } from './support/clients';
import { opsApi as ops, playerBesideDesk, traderDesk } from './support/desk';
import { placeFromPage } from './support/slip';

/**
 * The ticker's pick-lists in Chromium at 1280×800 (issue 34 item 5): a trader filters by brand and sport chosen
 * by name and by a client typed by username (the URL keeps the ids), sees each leg's market and selection by
 * name with the currency, sorts by stake, marks big bets from a threshold of their own (kept after a reload),
 * and is told in a sentence, in English and in Turkish, when no client has the name typed.
 */
const PLAYER = E2E_CLIENTS.desk;
const SOON = { timeout: 60_000 };

describe('the ticker’s pick-lists in Chromium (1280×800)', () => {
  const floor = playerBesideDesk(PLAYER);

  it('filters by brand, sport and client by name, sorts, marks big bets, and says why a client is not found', async () => {
    // Two bets of the player on a pre-match football event: 5.00 and 12.00 (amounts in minor units).
    const catalogue = await ops<OpsCatalogueResponse['result']>(
      '/ops/v1/catalogue?sport=1&live=false&limit=500',
    );
    const event = catalogue.events.filter((e) => Date.parse(e.startAt) > Date.now() + 2 * 3_600_000)[7]!;
    const view = await ops<OpsEventView>(`/ops/v1/events/${event.id}`);
    const market = view.markets.find((m) => m.t === 1)!;
    const selection = market.selections[0]!;
    const ids: number[] = [];
    for (const amount of [500, 1200]) {
      const placed = await placeFromPage(
        floor.player,
        { eventId: event.id, oddId: selection.id, odd: selection.price },
        amount,
      );
      expect(placed.status).toBe(200);
      ids.push(placed.id);
    }
    const [small, big] = ids as [number, number];
    const lists = await ops<OpsPickLists>('/ops/v1/pick-lists');
    const demo = lists.brands.find((b) => b.name === 'Demo Bet')!;

    const context = await floor.deskContext();
    const desk = await context.newPage();
    const trader = `ticker-${Date.now().toString(36)}`;
    await traderDesk(desk, trader);
    await desk.getByRole('link', { name: 'Bet ticker' }).click();
    await desk.getByTestId('feed-status').getByText('Live feed connected').waitFor();

    // Pick-lists by name: the brand, the sport, the client's username.
    await expect
      .poll(() => desk.locator('select[name=brand] option').allTextContents(), SOON)
      .toContain('Demo Bet');
    await desk.locator('select[name=brand]').selectOption({ label: 'Demo Bet' });
    await desk.locator('select[name=sport]').selectOption({ label: 'Football' });
    await desk.locator('input[name=client]').fill(PLAYER.username);
    await expect.poll(() => desk.locator('#ticker-clients option').count(), SOON).toBeGreaterThan(0);
    await desk.getByRole('button', { name: 'Apply' }).click();
    await desk.waitForURL(new RegExp(`brand=${demo.id}&sport=1&client=\\d+`));
    const rowOf = (id: number) => desk.locator(`[data-testid=ticker] tr[data-bet="${id}"]`);
    await rowOf(big).waitFor(SOON);
    const text = (await rowOf(big).textContent())!;
    expect(text).toContain(market.name.en);
    expect(text).toContain(selection.name.en);
    expect(text).toContain(`${event.home} - ${event.away}`);
    expect(text).toMatch(/12\.00\s*[A-Z]{3}/);
    // Every row is the player's, in the brand picked.
    const clients = await desk
      .locator('[data-testid=ticker] tbody tr[data-bet] td:nth-child(4)')
      .allTextContents();
    expect(clients.every((c) => c.includes(PLAYER.username))).toBe(true);

    // Sorted by stake, largest first: the 12.00 bet above the 5.00 one, then the other way round.
    const order = async () =>
      (await desk
        .locator('[data-testid=ticker] tr[data-bet]')
        .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-bet'))))) as number[];
    await desk.locator('button[data-sort=stake]').click();
    await expect.poll(async () => (await order()).indexOf(big) < (await order()).indexOf(small)).toBe(true);
    await desk.locator('button[data-sort=stake]').click();
    await expect.poll(async () => (await order()).indexOf(big) > (await order()).indexOf(small)).toBe(true);

    // Big bets from 10.00: the 12.00 row is marked, the 5.00 row is not; the setting stays after a reload.
    await desk.locator('input[name=bigBet]').fill('10');
    await desk.locator('input[name=bigBet]').blur();
    await expect.poll(() => rowOf(big).getAttribute('class')).toContain('big');
    expect((await rowOf(small).getAttribute('class')) ?? '').not.toContain('big');
    await desk.screenshot({ path: '.cache/screenshots/ticker-picks-en.png' });
    await desk.reload();
    await rowOf(big).waitFor(SOON);
    expect(await desk.locator('input[name=bigBet]').inputValue()).toBe('10');
    await expect.poll(() => rowOf(big).getAttribute('class')).toContain('big');
    // The URL's client shows by name.
    await expect.poll(() => desk.locator('input[name=client]').inputValue(), SOON).toBe(PLAYER.username);

    // Turkish: names in Turkish; a client that does not exist is said so, not sent.
    await desk.getByRole('button', { name: 'Türkçe' }).first().click();
    await expect.poll(async () => (await rowOf(big).textContent()) ?? '', SOON).toContain(market.name.tr);
    await desk.locator('input[name=client]').fill('nobody-at-all');
    await desk.getByRole('button', { name: 'Uygula' }).click();
    await expect
      .poll(() => desk.getByTestId('filter-error').textContent(), SOON)
      .toBe('Markalarınızda “nobody-at-all” adlı müşteri yok.');
    await desk.screenshot({ path: '.cache/screenshots/ticker-picks-tr.png' });
    await desk.getByRole('button', { name: 'English' }).first().click();
    await expect
      .poll(() => desk.getByTestId('filter-error').textContent(), SOON)
      .toBe('No client named “nobody-at-all” in your brands.');
    expect(desk.url()).toMatch(new RegExp(`client=\\d+`));
  });
});
