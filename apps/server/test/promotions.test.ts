import { sql } from 'drizzle-orm';
import { cents } from '@sb/betting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { SHARED_BACKENDS_AVAILABLE, startInstances, type Instance } from './support/instances';
import { opsSession } from './support/ops';
import type { TestServer } from './support/server';

/**
 * Issue 36, promotions on the ledger: campaigns on the desk, free bets in the slip, on two instances (one
 * PostgreSQL, one Redis); requests alternate between them.
 */
const TOKEN = 'promotions-operator-token-0123456789';
const DAY_MS = 86_400_000;

(SHARED_BACKENDS_AVAILABLE ? describe : describe.skip)(
  'promotions: free bets on the ledger (issue 36)',
  () => {
    let shared: Awaited<ReturnType<typeof startInstances>>;
    let instances: Instance[] = [];
    let turn = 0;
    const next = () => instances[turn++ % instances.length]!;
    const server = () => instances[0]! as unknown as TestServer;
    let demoBrand = 0;
    let kartalBrand = 0;
    let picks: Pick[] = [];
    /** Other events' home wins (any odds), for the acca insurance's multiples. */
    let legs: Pick[] = [];
    let kartalTrader = '';
    let demoSupport = '';

    const ops = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = TOKEN) =>
      next().app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
        remoteAddress: '10.9.0.1',
      });
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await instances[0]!.database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const audit = async () =>
      expect(await instances[0]!.modules.wallet.service.audit(demoBrand)).toEqual({
        total: 0,
        mismatched: [],
        unbalancedMovements: 0,
      });

    const freeBet = (amount: number, extra: object = {}) => ({
      kind: 'free_bet',
      brandId: demoBrand,
      name: `Free bet ${amount / 100}`,
      terms: { product: 'sport', amount, minOdds: 1.5, expiresInDays: 7, ...extra },
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 30 * DAY_MS).toISOString(),
    });
    /** A campaign created and granted to `userIds`: the reward id of each. */
    async function granted(campaign: object, userIds: number[]) {
      const created = await ops('POST', '/ops/v1/promotions', campaign);
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().result.id as number;
      const grant = await ops('POST', `/ops/v1/promotions/${id}/grants`, { clientIds: userIds });
      expect(grant.statusCode, grant.body).toBe(200);
      const rewards = await rows<{ id: number; user_id: number }>(
        sql`select id, user_id from promotion_rewards where campaign_id = ${id}`,
      );
      return { campaignId: id, rewardOf: (u: number) => rewards.find((r) => r.user_id === u)!.id };
    }
    async function player(name: string) {
      const user = await createClient(server(), name, `${name}-secret-2026`);
      return { user, token: (await login(server(), name, `${name}-secret-2026`)).access_token };
    }
    /** A player with cash deposited. */
    async function funded(name: string, amount: number) {
      const made = await player(name);
      await instances[0]!.modules.wallet.service.credit({
        appId: demoBrand,
        userId: made.user.id,
        currency: made.user.currencyIso,
        amount: cents(amount),
        type: 'deposit',
        idempotencyKey: `${name}-deposit`,
      });
      return made;
    }
    const withBonus = (form: string, bonusId: number) => `${form}&bonusId=${bonusId}`;
    const bonuses = async (token: string) =>
      (await next().app.inject({ method: 'GET', url: '/api/v1/bonuses', headers: bearer(token) })).json()
        .result as { id: number; status: string; paid: number; amount: number }[];

    beforeAll(async () => {
      shared = await startInstances(2, { CATALOGUE_SCALE: 0.1, OPERATOR_TOKEN: TOKEN });
      instances = shared.instances;
      const first = instances[0]!;
      demoBrand = (await first.modules.tenancy.service.findByHost('localhost'))!.id;
      kartalBrand = (await first.modules.tenancy.service.findByHost('kartal.localhost'))!.id;
      // Home wins at odds of at least the free bets' 1.5.
      const all = await preMatchPicks(first, 24);
      picks = all.filter((p) => p.odd >= 1.5).slice(0, 6);
      expect(picks).toHaveLength(6);
      legs = all.filter((p) => !picks.includes(p)).slice(0, 6);
      expect(legs).toHaveLength(6);
      for (const [username, role, brandId] of [
        ['promo-k-trader', 'trader', kartalBrand],
        ['promo-d-support', 'support', demoBrand],
      ] as const)
        await first.modules.ops.operators.create({
          username,
          password: `${username}-Pass-2026`,
          role,
          brandId,
        });
      kartalTrader = await opsSession(first, 'promo-k-trader', 'promo-k-trader-Pass-2026');
      demoSupport = await opsSession(first, 'promo-d-support', 'promo-d-support-Pass-2026');
    }, 240_000);
    afterAll(async () => shared?.close());

    it('refuses terms the UK rules forbid with a 400 naming the rule, and scopes campaigns to their brand', async () => {
      const twenty = await ops('POST', '/ops/v1/promotions', freeBet(1_000, { wagering: 20 }));
      expect(twenty.statusCode).toBe(400);
      expect(twenty.json()).toMatchObject({
        error: 'terms_refused',
        field: 'terms.wagering',
        rule: 'max_wagering',
      });
      const casino = await ops('POST', '/ops/v1/promotions', freeBet(1_000, { rewardProduct: 'casino' }));
      expect(casino.json()).toMatchObject({ error: 'terms_refused', rule: 'single_product' });
      const noExpiry = freeBet(1_000);
      delete (noExpiry.terms as { expiresInDays?: number }).expiresInDays;
      expect((await ops('POST', '/ops/v1/promotions', noExpiry)).json()).toMatchObject({
        error: 'terms_refused',
        rule: 'expiry_required',
      });
      // A Kartal trader cannot create Demo Bet's campaign, nor see one; support may read but not create.
      expect((await ops('POST', '/ops/v1/promotions', freeBet(1_000), kartalTrader)).statusCode).toBe(404);
      expect((await ops('POST', '/ops/v1/promotions', freeBet(1_000), demoSupport)).statusCode).toBe(403);
      const created = (await ops('POST', '/ops/v1/promotions', freeBet(700))).json().result;
      expect((await ops('GET', `/ops/v1/promotions/${created.id}`, undefined, kartalTrader)).statusCode).toBe(
        404,
      );
      const kartalList = (await ops('GET', '/ops/v1/promotions', undefined, kartalTrader)).json().result;
      expect(kartalList.map((c: { id: number }) => c.id)).not.toContain(created.id);
      expect(
        (await ops('GET', `/ops/v1/promotions/${created.id}`, undefined, demoSupport)).json().result,
      ).toMatchObject({ id: created.id, brand: 'Demo Bet', status: 'active' });
      expect(
        (await ops('PUT', `/ops/v1/promotions/${created.id}/status`, { status: 'ended' }, demoSupport))
          .statusCode,
      ).toBe(403);
      const empty = await ops('POST', `/ops/v1/promotions/${created.id}/grants`, { clientIds: [] });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().field).toBe('clientIds');
    });

    it('grants once per client of the brand only, pauses and ends', async () => {
      const { user } = await player('promo-granted');
      const kartalClient = await createClient(
        server(),
        'promo-kartal',
        'promo-kartal-2026',
        'kartal.localhost',
      );
      const id = (await ops('POST', '/ops/v1/promotions', freeBet(1_000))).json().result.id;
      const other = await ops('POST', `/ops/v1/promotions/${id}/grants`, { clientIds: [kartalClient.id] });
      expect(other.statusCode).toBe(400);
      expect(other.json().field).toBe('clientIds.0');
      const first = (await ops('POST', `/ops/v1/promotions/${id}/grants`, { clientIds: [user.id] })).json()
        .result;
      const again = (await ops('POST', `/ops/v1/promotions/${id}/grants`, { clientIds: [user.id] })).json()
        .result;
      expect(first).toEqual({ campaignId: id, granted: [user.id], alreadyGranted: [] });
      expect(again).toEqual({ campaignId: id, granted: [], alreadyGranted: [user.id] });
      expect(
        (await ops('PUT', `/ops/v1/promotions/${id}/status`, { status: 'paused' })).json().result.status,
      ).toBe('paused');
      expect(
        (await ops('POST', `/ops/v1/promotions/${id}/grants`, { clientIds: [user.id] })).statusCode,
      ).toBe(409);
      expect(
        (await ops('PUT', `/ops/v1/promotions/${id}/status`, { status: 'ended' })).json().result,
      ).toMatchObject({
        status: 'ended',
        uptake: { granted: 1, available: 1 },
      });
      expect((await ops('PUT', `/ops/v1/promotions/${id}/status`, { status: 'active' })).statusCode).toBe(
        409,
      );
      const audited = await rows<{ action: string }>(
        sql`select action from ops_audit_log where target = ${`promotion:${id}`} order by id`,
      );
      expect(audited.map((a) => a.action)).toEqual([
        'promotion.create',
        'promotion.grant',
        'promotion.grant',
        'promotion.pause',
        'promotion.end',
      ]);
    });

    it('checkBets says whether the slip qualifies and why not', async () => {
      const { user, token } = await player('promo-checker');
      const { rewardOf } = await granted(freeBet(1_000), [user.id]);
      const { rewardOf: highOf } = await granted(freeBet(1_000, { minOdds: 500 }), [user.id]);
      const pick = picks[0]!;
      const ok = (
        await checkBets(server(), token, withBonus(slipForm(1, 1_000, [pick]), rewardOf(user.id)))
      ).json();
      expect(ok.error, JSON.stringify(ok.errors)).toBeNull();
      // The possible winnings leave the stake out: stake × (odds − 1).
      expect(ok.possibleEarnings.max).toBe(
        Math.floor((1_000 * Math.round(pick.odd * 1_000)) / 1_000) - 1_000,
      );
      const general = async (form: string) =>
        (await checkBets(server(), token, form)).json().errors.general.map((e: { code: string }) => e.code);
      expect(await general(withBonus(slipForm(1, 900, [pick]), rewardOf(user.id)))).toEqual(['bonus_amount']);
      expect(await general(withBonus(slipForm(1, 1_000, [pick]), highOf(user.id)))).toEqual([
        'bonus_min_odds',
      ]);
      const { user: stranger, token: strangerToken } = await player('promo-stranger');
      void stranger;
      expect(
        (await checkBets(server(), strangerToken, withBonus(slipForm(1, 1_000, [pick]), rewardOf(user.id))))
          .json()
          .errors.general.map((e: { code: string }) => e.code),
      ).toEqual(['bonus_unavailable']);
    });

    it('uses a free bet placed twice at once on two instances exactly once, and pays stake-not-returned once', async () => {
      const { user, token } = await player('promo-racer');
      const { rewardOf, campaignId } = await granted(freeBet(1_000), [user.id]);
      const pick = picks[1]!;
      const form = withBonus(slipForm(1, 1_000, [pick]), rewardOf(user.id));
      // A client with no cash at all: the free bet is the whole stake.
      expect(await cashBalance(server(), token)).toBe(0);
      const answers = await Promise.all(
        instances.flatMap((instance) =>
          [1, 2].map(() => placeBet(instance as unknown as TestServer, token, form)),
        ),
      );
      const placed = answers.filter((a) => a.statusCode === 200);
      expect(placed).toHaveLength(1);
      for (const refused of answers.filter((a) => a.statusCode !== 200))
        expect(refused.json().error, refused.body).toBe('bonus_unavailable');
      const betId = placed[0]!.json().result.id as number;
      expect(
        await rows(sql`select count(*)::int as n from bets where reward_id = ${rewardOf(user.id)}`),
      ).toEqual([{ n: 1 }]);
      expect((await bonuses(token))[0]).toMatchObject({ status: 'reserved', betId });
      // Cash-out of a free bet is refused (the rule in the module's README).
      const quote = await next().app.inject({
        method: 'GET',
        url: `/api/v1/bet-cash-out/${betId}`,
        headers: bearer(token),
      });
      expect(quote.json().result).toMatchObject({ available: false, reason: 'free_bet' });

      await finishEvents(server(), [{ eventId: pick.eventId, home: 3, away: 0 }]);
      await Promise.all(instances.map((i) => i.modules.betting.settlement.settleDue()));
      await Promise.all(instances.map((i) => i.modules.betting.settlement.settle(betId)));
      const winnings = Math.floor((1_000 * Math.round(pick.odd * 1_000)) / 1_000) - 1_000;
      expect(await cashBalance(server(), token)).toBe(winnings);
      const detail = (
        await next().app.inject({ method: 'GET', url: `/api/v1/bet/detail/${betId}`, headers: bearer(token) })
      ).json().result;
      expect(detail).toMatchObject({ result: { key: 'win' }, earnings: winnings });
      expect((await bonuses(token))[0]).toMatchObject({ status: 'used', paid: winnings });
      const movements = await rows<{ type: string; n: number }>(
        sql`select type, count(*)::int as n from ledger_movements where user_id = ${user.id} group by type`,
      );
      expect(movements).toEqual([{ type: 'freebet_win', n: 1 }]);
      // Its turnover is the one bet its free bet went on (the three refused placements are not bets).
      expect((await ops('GET', `/ops/v1/promotions/${campaignId}`)).json().result).toMatchObject({
        cost: winnings,
        uptake: { granted: 1, used: 1 },
        bets: 1,
        turnover: 1_000,
      });
      await audit();
    });

    it('a lost free bet costs nothing; a void gives the token back while it is valid', async () => {
      const { user, token } = await player('promo-voider');
      const { rewardOf } = await granted(freeBet(1_000), [user.id]);
      const { rewardOf: secondOf } = await granted(freeBet(1_000), [user.id]);
      const voided = (
        await placeBet(server(), token, withBonus(slipForm(1, 1_000, [picks[2]!]), rewardOf(user.id)))
      ).json().result;
      const res = await ops('POST', `/ops/v1/bets/${voided.id}/void`, { reason: 'other' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await bonuses(token)).find((b) => b.id === rewardOf(user.id))).toMatchObject({
        status: 'available',
      });
      // Used again after its void, on a bet that loses: nothing paid, the reward used.
      const lost = (
        await placeBet(server(), token, withBonus(slipForm(1, 1_000, [picks[3]!]), rewardOf(user.id)))
      ).json().result;
      expect(lost.id).not.toBe(voided.id);
      await finishEvents(server(), [{ eventId: picks[3]!.eventId, home: 0, away: 2 }]);
      await instances[1]!.modules.betting.settlement.settleDue();
      expect((await bonuses(token)).find((b) => b.id === rewardOf(user.id))).toMatchObject({
        status: 'used',
        paid: 0,
      });
      expect(await cashBalance(server(), token)).toBe(0);
      // A free bet voided after its expiry: the token stays spent, and no money moves.
      const pushed = (
        await placeBet(server(), token, withBonus(slipForm(1, 1_000, [picks[4]!]), secondOf(user.id)))
      ).json().result;
      await instances[0]!.database.db.execute(
        sql`update promotion_rewards set expires_at = now() - interval '1 minute' where id = ${secondOf(user.id)}`,
      );
      await ops('POST', `/ops/v1/bets/${pushed.id}/void`, { reason: 'other' });
      expect((await bonuses(token)).find((b) => b.id === secondOf(user.id))).toMatchObject({
        status: 'expired',
      });
      expect(await cashBalance(server(), token)).toBe(0);
      await audit();
    });

    it('acca insurance refunds the stake (capped) exactly when one leg loses, and not when two do', async () => {
      const { user, token } = await funded('promo-insured', 10_000);
      const insurance = (maxRefund: number) => ({
        ...freeBet(1),
        kind: 'acca_insurance',
        name: 'Acca insurance',
        terms: { product: 'sport', maxRefund, minLegs: 3, minLegOdds: 1.01, expiresInDays: 7 },
      });
      const { rewardOf: oneOf } = await granted(insurance(1_500), [user.id]);
      const { rewardOf: twoOf } = await granted(insurance(5_000), [user.id]);
      const codes = async (form: string) =>
        (await checkBets(server(), token, form)).json().errors.general.map((e: { code: string }) => e.code);
      expect(await codes(withBonus(slipForm(1, 2_000, [legs[0]!]), oneOf(user.id)))).toEqual([
        'bonus_bet_type',
      ]);
      expect(await codes(withBonus(slipForm(2, 2_000, legs.slice(0, 2)), oneOf(user.id)))).toEqual([
        'bonus_min_legs',
      ]);
      const one = await placeBet(
        server(),
        token,
        withBonus(slipForm(2, 2_000, legs.slice(0, 3)), oneOf(user.id)),
      );
      const two = await placeBet(
        server(),
        token,
        withBonus(slipForm(2, 1_000, legs.slice(3, 6)), twoOf(user.id)),
      );
      expect([one.statusCode, two.statusCode], one.body + two.body).toEqual([200, 200]);
      // Cash was staked: 10,000 − 2,000 − 1,000.
      expect(await cashBalance(server(), token)).toBe(7_000);
      // The desk's liability shows each insured leg with what the insurance refunds if that leg alone loses.
      const insuredOn = async (pick: Pick) => {
        const res = await ops('GET', `/ops/v1/liability?eventId=${pick.eventId}`);
        expect(res.statusCode, res.body).toBe(200);
        return (res.json().result.markets as { selections: { selectionId: number; insured?: unknown }[] }[])
          .flatMap((m) => m.selections)
          .find((x) => x.selectionId === pick.oddId)?.insured;
      };
      expect(await insuredOn(legs[0]!)).toEqual({ bets: 1, refundIfLoses: 1_500 });
      expect(await insuredOn(legs[4]!)).toEqual({ bets: 1, refundIfLoses: 1_000 });
      // One leg lost, the others still open: an insured multiple waits for them (not settled lost early).
      await finishEvents(server(), [{ eventId: legs[0]!.eventId, home: 0, away: 1 }]);
      await instances[1]!.modules.betting.settlement.settleDue();
      expect((await bonuses(token)).find((b) => b.id === oneOf(user.id))).toMatchObject({
        status: 'reserved',
      });
      await finishEvents(server(), [
        { eventId: legs[1]!.eventId, home: 2, away: 0 },
        { eventId: legs[2]!.eventId, home: 1, away: 0 },
        { eventId: legs[3]!.eventId, home: 0, away: 1 },
        { eventId: legs[4]!.eventId, home: 0, away: 2 },
        { eventId: legs[5]!.eventId, home: 3, away: 0 },
      ]);
      await Promise.all(instances.map((i) => i.modules.betting.settlement.settleDue()));
      await Promise.all(instances.map((i) => i.modules.betting.settlement.settleDue()));
      const mine = await bonuses(token);
      // Lost by exactly one leg: the 2,000 stake back, capped at 1,500. Lost by two: nothing.
      expect(mine.find((b) => b.id === oneOf(user.id))).toMatchObject({ status: 'used', paid: 1_500 });
      expect(mine.find((b) => b.id === twoOf(user.id))).toMatchObject({ status: 'used', paid: 0 });
      expect(await cashBalance(server(), token)).toBe(8_500);
      const refunds = await rows<{ n: number; total: number }>(
        sql`select count(*)::int as n, coalesce(sum(e.amount), 0)::int as total from ledger_movements m
          join ledger_entries e on e.movement_id = m.id join ledger_accounts a on a.id = e.account_id
          where m.user_id = ${user.id} and m.type = 'acca_insurance' and a.kind = 'client_cash'`,
      );
      expect(refunds).toEqual([{ n: 1, total: 1_500 }]);
      await audit();
    });

    it('a profit boost adds its percent of a win’s winnings, floored and capped, once', async () => {
      const { user, token } = await funded('promo-boosted', 10_000);
      const boost = { ...freeBet(1), kind: 'profit_boost', name: 'Profit boost' };
      const { rewardOf } = await granted(
        {
          ...boost,
          terms: {
            product: 'sport',
            percent: 25,
            maxBoost: 100_000,
            minLegs: 1,
            minLegOdds: 1.01,
            expiresInDays: 7,
          },
        },
        [user.id],
      );
      const pick = picks[0]!;
      const payoutIfWins = async () => {
        const res = await ops('GET', `/ops/v1/liability?eventId=${pick.eventId}`);
        return (
          (res.json().result.markets as { selections: { selectionId: number; payoutIfWins: number }[] }[])
            .flatMap((m) => m.selections)
            .find((x) => x.selectionId === pick.oddId)?.payoutIfWins ?? 0
        );
      };
      const before = await payoutIfWins();
      const bet = await placeBet(server(), token, withBonus(slipForm(1, 3_000, [pick]), rewardOf(user.id)));
      expect(bet.statusCode, bet.body).toBe(200);
      expect(await cashBalance(server(), token)).toBe(7_000);
      // The desk's liability counts the boost's extra in what the book pays if the selection wins.
      const ifWon = Math.floor((3_000 * Math.round(pick.odd * 1_000)) / 1_000);
      expect((await payoutIfWins()) - before).toBe(ifWon + Math.floor(((ifWon - 3_000) * 25) / 100));
      await finishEvents(server(), [{ eventId: pick.eventId, home: 4, away: 0 }]);
      await Promise.all(instances.map((i) => i.modules.betting.settlement.settleDue()));
      const paid = Math.floor((3_000 * Math.round(pick.odd * 1_000)) / 1_000);
      const extra = Math.floor(((paid - 3_000) * 25) / 100);
      expect((await bonuses(token))[0]).toMatchObject({ status: 'used', paid: extra });
      expect(await cashBalance(server(), token)).toBe(7_000 + paid + extra);
      await audit();
    });

    it('reports NGR as GGR less the bonus entries of the ledger', async () => {
      const { token } = await funded('promo-cash', 5_000);
      const cashBet = await placeBet(server(), token, slipForm(1, 2_000, [picks[5]!]));
      expect(cashBet.statusCode).toBe(200);
      await finishEvents(server(), [{ eventId: picks[5]!.eventId, home: 0, away: 1 }]);
      await instances[0]!.modules.betting.settlement.settleDue();
      const book = (await ops('GET', '/ops/v1/dashboard?days=1')).json().result.book as {
        brandId: number;
        ggr: number;
        bonusCost: number;
        ngr: number;
      }[];
      const demo = book.filter((r) => r.brandId === demoBrand);
      const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
      const [bonusEntries] = await rows<{ total: number }>(
        sql`select coalesce(sum(e.amount), 0)::int as total from ledger_entries e
          join ledger_movements m on m.id = e.movement_id
          join ledger_accounts a on a.id = e.account_id
          where m.type in ('freebet_win', 'acca_insurance', 'profit_boost') and m.app_id = ${demoBrand}
            and a.kind = 'client_cash'`,
      );
      expect(bonusEntries!.total).toBeGreaterThan(0);
      expect(sum(demo.map((r) => r.bonusCost))).toBe(bonusEntries!.total);
      expect(sum(demo.map((r) => r.ngr))).toBe(sum(demo.map((r) => r.ggr)) - bonusEntries!.total);
      // The reports say the same (their book lines are the dashboard's): today's book of the brand, in UTC.
      const day = new Date().toISOString().slice(0, 10);
      const report = (
        await ops('GET', `/ops/v1/reports/book?from=${day}&to=${day}&brand=${demoBrand}&tz=UTC`)
      ).json().result.rows as { ggr: number; bonusCost: number; ngr: number }[];
      expect(sum(report.map((r) => r.bonusCost))).toBe(bonusEntries!.total);
      expect(sum(report.map((r) => r.ngr))).toBe(sum(report.map((r) => r.ggr)) - bonusEntries!.total);
      // The lost cash bet (2,000) and the two insured multiples' stakes (3,000), all lost.
      // The boosted single won: its stake less what it paid (the boost is bonus cost, not in GGR).
      const boosted = await rows<{ ggr: number }>(
        sql`select (total_stake - paid)::int as ggr from bets where reward_kind = 'profit_boost'`,
      );
      expect(sum(demo.map((r) => r.ggr))).toBe(5_000 + boosted[0]!.ggr);
      await audit();
    });
  },
);
