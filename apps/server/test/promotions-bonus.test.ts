import { sql } from 'drizzle-orm';
import { cents } from '@sb/betting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createClient, login } from './support/accounts';
import { checkBets, finishEvents, placeBet, preMatchPicks, slipForm, type Pick } from './support/betting';
import { SHARED_BACKENDS_AVAILABLE, startInstances, type Instance } from './support/instances';
import type { TestServer } from './support/server';

/**
 * Issue 36, bonus money with wagering, on two instances (one PostgreSQL, one Redis): granted to the bonus
 * balance, staked after the cash, released to cash exactly at the wagering requirement, forfeited at its expiry.
 */
const TOKEN = 'promotions-bonus-operator-token-0123456789';
const DAY_MS = 86_400_000;

(SHARED_BACKENDS_AVAILABLE ? describe : describe.skip)(
  'promotions: bonus money with wagering (issue 36)',
  () => {
    let shared: Awaited<ReturnType<typeof startInstances>>;
    let instances: Instance[] = [];
    let turn = 0;
    const next = () => instances[turn++ % instances.length]!;
    const server = () => instances[0]! as unknown as TestServer;
    let brand = 0;
    let picks: Pick[] = [];

    const ops = (method: 'GET' | 'POST', url: string, payload?: object) =>
      next().app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${TOKEN}` },
        ...(payload ? { payload } : {}),
        remoteAddress: '10.9.0.2',
      });
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await instances[0]!.database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const audit = async () =>
      expect(await instances[0]!.modules.wallet.service.audit(brand)).toEqual({
        total: 0,
        mismatched: [],
        unbalancedMovements: 0,
      });
    const bonusCampaign = (amount: number, wagering: number) => ({
      kind: 'bonus',
      brandId: brand,
      name: `Bonus ${amount / 100} × ${wagering}`,
      terms: { product: 'sport', amount, wagering, minOdds: 1.5, expiresInDays: 7 },
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 30 * DAY_MS).toISOString(),
    });
    /** A client with `cash` deposited and a bonus of `amount` × `wagering` granted: its reward id. */
    async function player(name: string, cash: number, amount: number, wagering: number) {
      const user = await createClient(server(), name, `${name}-secret-2026`);
      const token = (await login(server(), name, `${name}-secret-2026`)).access_token;
      if (cash > 0)
        await instances[0]!.modules.wallet.service.credit({
          appId: brand,
          userId: user.id,
          currency: user.currencyIso,
          amount: cents(cash),
          type: 'deposit',
          idempotencyKey: `${name}-deposit`,
        });
      const created = await ops('POST', '/ops/v1/promotions', bonusCampaign(amount, wagering));
      expect(created.statusCode, created.body).toBe(200);
      const grant = await ops('POST', `/ops/v1/promotions/${created.json().result.id}/grants`, {
        clientIds: [user.id],
      });
      expect(grant.statusCode, grant.body).toBe(200);
      const [reward] = await rows<{ id: number }>(
        sql`select id from promotion_rewards where campaign_id = ${created.json().result.id}`,
      );
      return { user, token, rewardId: reward!.id };
    }
    const balances = (user: { id: number; appId: number; currencyIso: string }) =>
      instances[0]!.modules.wallet.service.balances(user);
    const bonusOf = async (token: string, id: number) =>
      (
        (await next().app.inject({ method: 'GET', url: '/api/v1/bonuses', headers: bearer(token) })).json()
          .result as {
          id: number;
          status: string;
          paid: number;
          wagering: { required: number; counted: number };
        }[]
      ).find((b) => b.id === id)!;
    const movements = (userId: number) =>
      rows<{ type: string; n: number; total: number }>(
        sql`select m.type, count(distinct m.id)::int as n, sum(abs(e.amount))::int / 2 as total
          from ledger_movements m join ledger_entries e on e.movement_id = m.id
          where m.user_id = ${userId} group by m.type order by m.type`,
      );
    const settle = async (results: { eventId: number; home: number; away: number }[]) => {
      await finishEvents(server(), results);
      await Promise.all(instances.map((i) => i.modules.betting.settlement.settleDue()));
    };

    beforeAll(async () => {
      shared = await startInstances(2, { CATALOGUE_SCALE: 0.1, OPERATOR_TOKEN: TOKEN });
      instances = shared.instances;
      brand = (await instances[0]!.modules.tenancy.service.findByHost('localhost'))!.id;
      picks = (await preMatchPicks(instances[0]!, 24)).filter((p) => p.odd >= 1.5).slice(0, 5);
      expect(picks).toHaveLength(5);
    }, 240_000);
    afterAll(async () => shared?.close());

    it('refuses 20× wagering and a second running bonus', async () => {
      const twenty = await ops('POST', '/ops/v1/promotions', bonusCampaign(1_000, 20));
      expect(twenty.statusCode).toBe(400);
      expect(twenty.json()).toMatchObject({ field: 'terms.wagering', rule: 'max_wagering' });
      const { user } = await player('bonus-twice', 0, 1_000, 1);
      const other = await ops('POST', '/ops/v1/promotions', bonusCampaign(500, 1));
      const again = await ops('POST', `/ops/v1/promotions/${other.json().result.id}/grants`, {
        clientIds: [user.id],
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: 'bonus_running', field: 'clientIds.0' });
      expect(await balances(user)).toEqual({ cash: 0, bonus: 1_000 });
      await audit();
    });

    it('releases the bonus to cash exactly when the wagering is met, not one minor unit before', async () => {
      /** A client with a bonus of 1 000 × 2 whose cash-staked bets of `stakes` on `pick` all lose. */
      async function wager(name: string, stakes: number[], pick: Pick) {
        const total = stakes.reduce((s, x) => s + x, 0);
        const made = await player(name, total, 1_000, 2);
        expect(await bonusOf(made.token, made.rewardId)).toMatchObject({
          status: 'available',
          wagering: { required: 2_000, counted: 0 },
        });
        for (const stake of stakes) {
          const placed = await placeBet(server(), made.token, slipForm(1, stake, [pick]));
          expect(placed.statusCode, placed.body).toBe(200);
        }
        // Cash first: the cash covered every stake, the bonus is untouched.
        expect(await balances(made.user)).toEqual({ cash: 0, bonus: 1_000 });
        await settle([{ eventId: pick.eventId, home: 0, away: 2 }]);
        return made;
      }
      const below = await wager('bonus-below', [1_899, 100], picks[0]!);
      expect(await bonusOf(below.token, below.rewardId)).toMatchObject({
        status: 'available',
        paid: 0,
        wagering: { required: 2_000, counted: 1_999 },
      });
      expect(await balances(below.user)).toEqual({ cash: 0, bonus: 1_000 });

      const met = await wager('bonus-met', [1_900, 100], picks[1]!);
      expect(await bonusOf(met.token, met.rewardId)).toMatchObject({
        status: 'used',
        paid: 1_000,
        wagering: { required: 2_000, counted: 2_000 },
      });
      expect(await balances(met.user)).toEqual({ cash: 1_000, bonus: 0 });
      // A replayed settlement pass releases nothing more.
      await Promise.all(instances.map((i) => i.modules.betting.settlement.settleDue()));
      expect((await movements(met.user.id)).filter((m) => m.type.startsWith('bonus'))).toEqual([
        { type: 'bonus_grant', n: 1, total: 1_000 },
        { type: 'bonus_release', n: 1, total: 1_000 },
      ]);
      await audit();
    });

    it('stakes cash then bonus, pays a win back in proportion, and forfeits the bonus at its expiry once', async () => {
      const { user, token, rewardId } = await player('bonus-forfeit', 300, 1_000, 10);
      const pick = picks[2]!;
      const placed = await placeBet(server(), token, slipForm(1, 500, [pick]));
      expect(placed.statusCode, placed.body).toBe(200);
      const betId = placed.json().result.id as number;
      expect(await rows(sql`select bonus_stake::int as b from bets where id = ${betId}`)).toEqual([
        { b: 200 },
      ]);
      expect(await balances(user)).toEqual({ cash: 0, bonus: 800 });
      // Cash-out of a bet staked with bonus money is refused (its payout is split at settlement).
      const quote = await next().app.inject({
        method: 'GET',
        url: `/api/v1/bet-cash-out/${betId}`,
        headers: bearer(token),
      });
      expect(quote.json().result).toMatchObject({ available: false, reason: 'bonus_stake' });
      await settle([{ eventId: pick.eventId, home: 2, away: 0 }]);
      const [{ paid }] = (await rows<{ paid: number }>(sql`select paid from bets where id = ${betId}`)) as [
        { paid: number },
      ];
      expect(paid).toBe(Math.floor((500 * Math.round(pick.odd * 1_000)) / 1_000));
      const share = Math.floor((paid * 200) / 500);
      expect(await balances(user)).toEqual({ cash: paid - share, bonus: 800 + share });
      expect(await bonusOf(token, rewardId)).toMatchObject({
        status: 'available',
        wagering: { counted: 500 },
      });

      await instances[0]!.database.db.execute(
        sql`update promotion_rewards set expires_at = now() - interval '1 second' where id = ${rewardId}`,
      );
      // Both instances look at once: the forfeit happens exactly once.
      await Promise.all([bonusOf(token, rewardId), bonusOf(token, rewardId)]);
      expect(await bonusOf(token, rewardId)).toMatchObject({ status: 'expired' });
      expect(await balances(user)).toEqual({ cash: paid - share, bonus: 0 });
      expect(
        (await movements(user.id)).filter((m) => m.type.startsWith('bonus') || m.type === 'bet_stake'),
      ).toEqual([
        { type: 'bet_stake', n: 1, total: 300 },
        { type: 'bonus_forfeit', n: 1, total: 800 + share },
        { type: 'bonus_grant', n: 1, total: 1_000 },
        { type: 'bonus_stake', n: 1, total: 200 },
        { type: 'bonus_win', n: 1, total: share },
      ]);
      await audit();
    });

    it('an operator’s void of a settled win takes the split payout back and refunds the split stake', async () => {
      const { user, token } = await player('bonus-voided', 300, 1_000, 10);
      const pick = picks[4]!;
      const placed = await placeBet(server(), token, slipForm(1, 500, [pick]));
      expect(placed.statusCode, placed.body).toBe(200);
      const betId = placed.json().result.id as number;
      await settle([{ eventId: pick.eventId, home: 1, away: 0 }]);
      const paid = Math.floor((500 * Math.round(pick.odd * 1_000)) / 1_000);
      const share = Math.floor((paid * 200) / 500);
      expect(await balances(user)).toEqual({ cash: paid - share, bonus: 800 + share });
      const voided = await ops('POST', `/ops/v1/bets/${betId}/void`, { reason: 'other' });
      expect(voided.statusCode, voided.body).toBe(200);
      // As before the bet: the winnings back from where they went, the stake back to where it came from.
      expect(await balances(user)).toEqual({ cash: 300, bonus: 1_000 });
      await audit();
    });

    it('concurrent bets on two instances never spend the bonus twice', async () => {
      const { user, token } = await player('bonus-racer', 0, 1_000, 1);
      const form = slipForm(1, 400, [picks[3]!]);
      const check = (await checkBets(server(), token, form)).json();
      expect(JSON.stringify(check)).not.toContain('insufficient_funds');
      const answers = await Promise.all(
        instances.flatMap((instance) =>
          [1, 2].map(() => placeBet(instance as unknown as TestServer, token, form)),
        ),
      );
      const placed = answers.filter((a) => a.statusCode === 200);
      expect(placed).toHaveLength(2);
      for (const refused of answers.filter((a) => a.statusCode !== 200))
        expect(refused.json().error, refused.body).toBe('insufficient_funds');
      expect(await balances(user)).toEqual({ cash: 0, bonus: 200 });
      expect(
        await rows(
          sql`select sum(bonus_stake)::int as b, count(*)::int as n from bets where user_id = ${user.id}`,
        ),
      ).toEqual([{ b: 800, n: 2 }]);
      await audit();
    });

    it('reports bonus money out of GGR and its release as bonus cost: NGR = GGR − the ledger’s releases', async () => {
      const book = (await ops('GET', '/ops/v1/dashboard?days=1')).json().result.book as {
        brandId: number;
        turnover: number;
        ggr: number;
        bonusCost: number;
        ngr: number;
      }[];
      const demo = book.filter((r) => r.brandId === brand);
      const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
      const cashOf = async (types: string[]) =>
        (
          await rows<{ total: number }>(
            sql`select coalesce(sum(e.amount), 0)::int as total from ledger_entries e
            join ledger_movements m on m.id = e.movement_id
            join ledger_accounts a on a.id = e.account_id
            where m.type in (${sql.join(
              types.map((t) => sql`${t}`),
              sql`, `,
            )}) and m.app_id = ${brand} and a.kind = 'client_cash'`,
          )
        )[0]!.total;
      const released = await cashOf(['bonus_release']);
      expect(released).toBe(1_000);
      expect(sum(demo.map((r) => r.bonusCost))).toBe(released);
      // GGR: the cash staked less the cash paid (every cash-staked bet here is settled); bonus stakes are not GGR.
      expect(sum(demo.map((r) => r.ggr))).toBe(-(await cashOf(['bet_stake', 'bet_payout', 'bet_refund'])));
      expect(sum(demo.map((r) => r.ngr))).toBe(sum(demo.map((r) => r.ggr)) - released);
      // Turnover: the cash part of the stakes of bets that stand (the voided one does not).
      const [stood] = await rows<{ cash: number }>(
        sql`select sum(total_stake - bonus_stake)::int as cash from bets
          where app_id = ${brand} and status not in ('pending', 'rejected', 'cancelled')`,
      );
      expect(sum(demo.map((r) => r.turnover))).toBe(stood!.cash);
      expect(stood!.cash).toBe(-(await cashOf(['bet_stake'])) - 300);
    });
  },
);
