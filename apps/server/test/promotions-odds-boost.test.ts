import { sql } from 'drizzle-orm';
import { cents } from '@sb/betting';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createClient, login } from './support/accounts';
import {
  cashBalance,
  checkBets,
  finishEvents,
  placeBet,
  preMatchPicks,
  slipForm,
  type Pick,
} from './support/betting';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

/**
 * Issue 36 item 2: an odds boost — a selection's price raised to a boosted price for a limited stake per client,
 * every client's while its campaign runs; its extra over the normal price is bonus cost, on its own ledger line.
 */
const TOKEN = 'odds-boost-operator-token-0123456789';
const DAY_MS = 86_400_000;
const thousandths = (odd: number) => Math.round(odd * 1_000);
const payout = (stake: number, odd: number) => Math.floor((stake * thousandths(odd)) / 1_000);

describeEachBackend('promotions: odds boosts (issue 36)', (backend) => {
  let server: TestServer;
  let brandId = 0;
  let picks: Pick[] = [];

  const ops = (method: 'GET' | 'POST', url: string, payload?: object) =>
    server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${TOKEN}` },
      ...(payload ? { payload } : {}),
      remoteAddress: '10.9.0.1',
    });
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const campaign = (terms: object) => ({
    kind: 'odds_boost',
    brandId,
    name: 'Boosted home win',
    terms: { product: 'sport', expiresInDays: 7, ...terms },
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: new Date(Date.now() + 30 * DAY_MS).toISOString(),
  });
  async function funded(name: string, amount: number) {
    const user = await createClient(server, name, `${name}-secret-2026`);
    if (amount > 0)
      await server.modules.wallet.service.credit({
        appId: user.appId,
        userId: user.id,
        currency: user.currencyIso,
        amount: cents(amount),
        type: 'deposit',
        idempotencyKey: `${name}-deposit`,
      });
    return { user, token: (await login(server, name, `${name}-secret-2026`)).access_token };
  }
  const bonuses = async (token: string) =>
    (await server.app.inject({ method: 'GET', url: '/api/v1/bonuses', headers: bearer(token) })).json()
      .result as { id: number; kind: string; campaignId: number; status: string; remainingStake?: number }[];
  const withBonus = (form: string, bonusId: number) => `${form}&bonusId=${bonusId}`;
  /** The event page's selections: their price and boosted price. */
  const shown = async (eventId: number) =>
    (
      (await server.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${eventId}` })).json().result
        .markets as { selections: { oddId: number; odd: number; boostedOdd?: number }[] }[]
    ).flatMap((m) => m.selections);

  beforeAll(async () => {
    server = await createTestServer(backend, { config: { CATALOGUE_SCALE: 0.1, OPERATOR_TOKEN: TOKEN } });
    brandId = (await server.modules.tenancy.service.findByHost('localhost'))!.id;
    picks = await preMatchPicks(server, 2);
  }, 120_000);
  afterAll(async () => server?.close());

  it('validates the terms: the selection, a price above its own, the stake, the expiry; never granted', async () => {
    const pick = picks[0]!;
    const field = async (terms: object) => {
      const res = await ops('POST', '/ops/v1/promotions', campaign(terms));
      expect(res.statusCode, res.body).toBe(400);
      return res.json().field as string;
    };
    const good = { oddId: pick.oddId, boostedOdd: (thousandths(pick.odd) + 500) / 1_000, maxStake: 1_000 };
    expect(await field({ ...good, boostedOdd: pick.odd })).toBe('terms.boostedOdd');
    expect(await field({ ...good, boostedOdd: 2.1234 })).toBe('terms.boostedOdd');
    expect(await field({ ...good, oddId: 999_999_999 })).toBe('terms.oddId');
    expect(await field({ ...good, maxStake: 0 })).toBe('terms.maxStake');
    expect(await field({ ...good, expiresInDays: undefined })).toBe('terms.expiresInDays');
    expect(await field({ ...good, product: 'casino', rewardProduct: 'sport' })).toBe('terms.product');
    const created = await ops('POST', '/ops/v1/promotions', campaign(good));
    expect(created.statusCode, created.body).toBe(200);
    const { user } = await funded('boost-granted', 0);
    const grant = await ops('POST', `/ops/v1/promotions/${created.json().result.id}/grants`, {
      clientIds: [user.id],
    });
    expect(grant.statusCode).toBe(409);
    expect(grant.json()).toMatchObject({ error: 'campaign_kind' });
    // Paused: withdrawn from the clients.
    expect(
      (
        await server.app.inject({
          method: 'PUT',
          url: `/ops/v1/promotions/${created.json().result.id}/status`,
          headers: { authorization: `Bearer ${TOKEN}` },
          payload: { status: 'paused' },
          remoteAddress: '10.9.0.1',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('takes bets at the boosted price up to the stake per client, pays stake × boost once, the extra as bonus cost', async () => {
    const pick = picks[1]!;
    const boostedOdd = (thousandths(pick.odd) + 537) / 1_000;
    const created = await ops(
      'POST',
      '/ops/v1/promotions',
      campaign({ oddId: pick.oddId, boostedOdd, maxStake: 3_000 }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const campaignId = created.json().result.id as number;
    const { user, token } = await funded('boost-punter', 10_000);

    // The event page marks the boosted selection (the normal price stays), and no other.
    const page = await shown(pick.eventId);
    expect(page.find((s) => s.oddId === pick.oddId)).toMatchObject({ odd: pick.odd, boostedOdd });
    expect(page.filter((s) => s.boostedOdd !== undefined)).toHaveLength(1);

    // Every client's, no grant: listed with what is left of its stake.
    const listed = (await bonuses(token)).find((b) => b.campaignId === campaignId)!;
    expect(listed).toMatchObject({ kind: 'odds_boost', status: 'available', remainingStake: 3_000 });
    const bonusId = listed.id;
    const boosted = { ...pick, odd: boostedOdd };

    // checkBets says whether the slip qualifies, at the boosted price.
    const general = async (form: string) =>
      (await checkBets(server, token, form)).json().errors.general.map((e: { code: string }) => e.code);
    const ok = (await checkBets(server, token, withBonus(slipForm(1, 2_000, [boosted]), bonusId))).json();
    expect(ok.error, JSON.stringify(ok.errors)).toBeNull();
    expect(ok.possibleEarnings.max).toBe(payout(2_000, boostedOdd));
    expect(await general(withBonus(slipForm(1, 3_001, [boosted]), bonusId))).toEqual(['bonus_max_stake']);
    expect(await general(withBonus(slipForm(2, 1_000, [boosted, picks[0]!]), bonusId))).toContain(
      'bonus_bet_type',
    );
    expect(await general(withBonus(slipForm(1, 1_000, [picks[0]!]), bonusId))).toEqual(['bonus_selection']);

    // Two bets of 2,000 at once: the boost's 3,000 takes one of them.
    const raced = await Promise.all(
      [1, 2].map(() => placeBet(server, token, withBonus(slipForm(1, 2_000, [boosted]), bonusId))),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(raced.find((r) => r.statusCode === 409)!.json()).toMatchObject({ error: 'bonus_max_stake' });
    const rest = await placeBet(server, token, withBonus(slipForm(1, 1_000, [boosted]), bonusId));
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await bonuses(token)).find((b) => b.id === bonusId)).toMatchObject({ remainingStake: 0 });
    expect(await cashBalance(server, token)).toBe(7_000);
    const legs = await rows<{ odds: number; base: number }>(
      sql`select l.odds_thousandths as odds, l.base_odds_thousandths as base
          from bet_legs l join bets b on b.id = l.bet_id where b.user_id = ${user.id}`,
    );
    expect(legs).toEqual([
      { odds: thousandths(boostedOdd), base: thousandths(pick.odd) },
      { odds: thousandths(boostedOdd), base: thousandths(pick.odd) },
    ]);

    // The desk's liability: the boosted exposure on its own line, at the boosted price.
    const liability = await ops('GET', `/ops/v1/liability?eventId=${pick.eventId}`);
    expect(liability.statusCode, liability.body).toBe(200);
    const selection = (
      liability.json().result.markets as { selections: { selectionId: number; boosted?: unknown }[] }[]
    )
      .flatMap((m) => m.selections)
      .find((s) => s.selectionId === pick.oddId);
    expect(selection?.boosted).toEqual({
      odd: boostedOdd,
      bets: 2,
      stakes: 3_000,
      payoutIfWins: payout(2_000, boostedOdd) + payout(1_000, boostedOdd),
    });

    await finishEvents(server, [{ eventId: pick.eventId, home: 3, away: 0 }]);
    await server.modules.betting.settlement.settleDue();
    const paid = payout(2_000, boostedOdd) + payout(1_000, boostedOdd);
    const extra = paid - payout(2_000, pick.odd) - payout(1_000, pick.odd);
    expect(extra).toBeGreaterThan(0);
    // A decided selection is never offered boosted.
    expect((await shown(pick.eventId)).filter((s) => s.boostedOdd !== undefined)).toEqual([]);
    expect(await cashBalance(server, token)).toBe(7_000 + paid);
    const bets = await rows<{ paid: number; boost: number }>(
      sql`select paid::int as paid, boost_paid::int as boost from bets where user_id = ${user.id} order by total_stake desc`,
    );
    expect(bets).toEqual([
      { paid: payout(2_000, boostedOdd), boost: payout(2_000, boostedOdd) - payout(2_000, pick.odd) },
      { paid: payout(1_000, boostedOdd), boost: payout(1_000, boostedOdd) - payout(1_000, pick.odd) },
    ]);
    const [moved] = await rows<{ total: number }>(
      sql`select coalesce(sum(e.amount), 0)::int as total from ledger_entries e
          join ledger_movements m on m.id = e.movement_id
          join ledger_accounts a on a.id = e.account_id
          where m.type = 'odds_boost' and m.user_id = ${user.id} and a.kind = 'client_cash'`,
    );
    expect(moved!.total).toBe(extra);
    expect((await ops('GET', `/ops/v1/promotions/${campaignId}`)).json().result.cost).toBe(extra);
    expect(await server.modules.wallet.service.audit(brandId)).toEqual({
      total: 0,
      mismatched: [],
      unbalancedMovements: 0,
    });
  });
});
