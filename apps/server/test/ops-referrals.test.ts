import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { BetView, OpsReferral, OpsReferralDecision } from '@sb/contract';
import { fundedClient } from './support/casino';
import { cashBalance, placeBet, preMatchPicks, slipForm, type Pick } from './support/betting';
import { bearer } from './support/accounts';
import { SHARED_BACKENDS_AVAILABLE, startInstances, type Instance } from './support/instances';
import { opsSession, type OpsMethod } from './support/ops';
import type { TestServer } from './support/server';

/**
 * Issue 34 item 3, referrals, on two instances over one PostgreSQL and one Redis (requests alternate between
 * them): a bet over its client's threshold waits as pending; the desk accepts, rejects or counter-offers; the
 * client takes or leaves the offer; the timeout rejects what nobody decided — each exactly once, the ledger clean.
 * And the client's odds-change policy set on the desk.
 */
(SHARED_BACKENDS_AVAILABLE ? describe : describe.skip)('referrals (issue 34)', () => {
  let shared: Awaited<ReturnType<typeof startInstances>>;
  let instances: Instance[] = [];
  let turn = 0;
  const next = () => instances[turn++ % instances.length]!;
  const first = () => instances[0]! as unknown as TestServer;
  const tokens: Record<string, string> = {};
  let picks: Pick[] = [];
  let used = 0;
  let demoBrand = 0;
  let kartalBrand = 0;

  const ops = (method: OpsMethod, url: string, token: string, payload?: object, on = next()) =>
    on.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
      remoteAddress: '10.9.3.2',
    });
  const player = (method: 'GET' | 'POST', url: string, token: string, on = next(), host = 'localhost') =>
    on.app.inject({ method, url, headers: { ...bearer(token), host } });
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await instances[0]!.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const ledgerClean = async () => {
    for (const brand of [demoBrand, kartalBrand])
      expect(await instances[0]!.modules.wallet.service.audit(brand)).toEqual({
        total: 0,
        mismatched: [],
        unbalancedMovements: 0,
      });
  };
  const auditCount = async (action: string, betId: number) =>
    (
      await rows<{ n: number }>(
        sql`select count(*)::int as n from ops_audit_log where action = ${action} and target = ${`bet:${betId}`} and outcome = 'ok'`,
      )
    )[0]!.n;
  const movements = async (betId: number) =>
    (
      await rows<{ key: string }>(
        sql`select idempotency_key as key from ledger_movements where idempotency_key like ${`bet:${betId}:%`} order by id`,
      )
    ).map((m) => m.key);

  /** A client whose bets of `threshold` or more are referred (set on the desk, audited). */
  async function referredClient(name: string, threshold = 5_000, host = 'localhost') {
    const { user, token } = await fundedClient(first(), name, 100_000, host);
    const res = await ops('PUT', `/ops/v1/clients/${user.id}/risk`, tokens.trader!, {
      referralStake: threshold,
      reason: 'big punter',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ referralStake: threshold });
    return { user, token };
  }
  /** A single on the next pre-match event's home win. */
  const single = (amount: number) => slipForm(1, amount, [picks[used++ % picks.length]!]);
  const betOf = async (token: string, id: number, host = 'localhost') =>
    (await player('GET', `/api/v1/bet/detail/${id}`, token, next(), host)).json().result as BetView;

  beforeAll(async () => {
    shared = await startInstances(2, { CATALOGUE_SCALE: 0.1 });
    instances = shared.instances;
    demoBrand = (await instances[0]!.modules.tenancy.service.findByHost('localhost'))!.id;
    kartalBrand = (await instances[0]!.modules.tenancy.service.findByHost('kartal.localhost'))!.id;
    tokens.trader = await opsSession(next(), 'trader', 'trader-pass-2026');
    tokens.support = await opsSession(next(), 'support', 'support-pass-2026');
    await instances[0]!.modules.ops.operators.create({
      username: 'referrals-kartal',
      password: 'referrals-kartal-pass-2026',
      role: 'trader',
      brandId: kartalBrand,
    });
    tokens.kartal = await opsSession(next(), 'referrals-kartal', 'referrals-kartal-pass-2026');
    picks = await preMatchPicks(first(), 12);
  }, 240_000);
  afterAll(async () => shared?.close());

  it('holds a bet over the threshold as pending in the queue, by name; accepting it is exactly once', async () => {
    const { user, token } = await referredClient('ref-accept');
    // Under the threshold: placed as always.
    const small = await placeBet(first(), token, single(4_999));
    expect(small.json().result).toMatchObject({ result: { key: 'waiting' }, referral: null });

    const key = randomUUID();
    const body = single(6_000);
    const placed = await placeBet(first(), token, body, key);
    expect(placed.statusCode, placed.body).toBe(200);
    const bet = placed.json().result as BetView;
    expect(bet.result.key).toBe('pending');
    expect(bet.referral).toMatchObject({ state: 'open', offer_amount: null });
    expect(Date.parse(bet.referral!.expires_at!)).toBeGreaterThan(Date.now());
    // The stake is reserved at placement; a retry of the placement answers the same bet and debits once.
    expect(await cashBalance(first(), token)).toBe(100_000 - 4_999 - 6_000);
    const retry = await placeBet(instances[1]! as unknown as TestServer, token, body, key);
    expect(retry.json().result).toMatchObject({ id: bet.id, referral: { state: 'open' } });
    expect(await cashBalance(first(), token)).toBe(100_000 - 4_999 - 6_000);

    // The queue names the client, the event, the market and the selection; another brand's trader does not see it.
    const queue = (await ops('GET', '/ops/v1/referrals', tokens.support!)).json().result as OpsReferral[];
    const row = queue.find((r) => r.betId === bet.id)!;
    expect(row).toMatchObject({
      client: { id: user.id, username: 'ref-accept' },
      brand: { id: demoBrand },
      stake: 6_000,
      reason: 'stake',
      state: 'open',
      type: 'S',
    });
    expect(row.potentialPayout).toBe(bet.calculated_earnings);
    expect(row.secondsLeft).toBeGreaterThan(0);
    expect(row.legs[0]!.market.name).toEqual({ en: 'Match Result', tr: 'Maç Sonucu' });
    expect(row.legs[0]!.event.home).toBe(bet.items[0]!.fcName);
    expect(row.legs[0]!.selection.name.en.length).toBeGreaterThan(0);
    const theirs = (await ops('GET', '/ops/v1/referrals', tokens.kartal!)).json().result as OpsReferral[];
    expect(theirs.map((r) => r.betId)).not.toContain(bet.id);
    expect((await ops('POST', `/ops/v1/referrals/${bet.id}/accept`, tokens.kartal!, {})).statusCode).toBe(
      404,
    );
    expect((await ops('POST', `/ops/v1/referrals/${bet.id}/accept`, tokens.support!, {})).statusCode).toBe(
      403,
    );
    // The live acceptance job leaves it alone: it is the desk's to decide.
    await instances[0]!.modules.betting.service.acceptDue();
    expect((await betOf(token, bet.id)).result.key).toBe('pending');

    // Four accepts at once over both instances: one decides, the others find it decided; one audit entry.
    const accepts = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        ops(
          'POST',
          `/ops/v1/referrals/${bet.id}/accept`,
          tokens.trader!,
          { note: 'known client' },
          instances[i % 2],
        ),
      ),
    );
    expect(accepts.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    for (const a of accepts)
      expect(a.json().result).toMatchObject({ referral: 'accepted', status: 'waiting', stake: 6_000 });
    expect(await auditCount('referral.accept', bet.id)).toBe(1);
    expect(await betOf(token, bet.id)).toMatchObject({
      result: { key: 'waiting' },
      referral: { state: 'accepted' },
    });
    expect(await cashBalance(first(), token)).toBe(100_000 - 4_999 - 6_000);
    // Decided: no longer in the queue; rejecting it now is a 409.
    const after = (await ops('GET', '/ops/v1/referrals', tokens.trader!)).json().result as OpsReferral[];
    expect(after.map((r) => r.betId)).not.toContain(bet.id);
    const late = await ops('POST', `/ops/v1/referrals/${bet.id}/reject`, tokens.trader!, {
      reason: 'too late',
    });
    expect(late.statusCode).toBe(409);
    expect(await movements(bet.id)).toEqual([`bet:${bet.id}:stake`]);
    await ledgerClean();
  }, 120_000);

  it('rejects with a reason: the whole stake back once, even against an accept on the other instance', async () => {
    const { token } = await referredClient('ref-reject');
    const bet = (await placeBet(first(), token, single(8_000))).json().result as BetView;
    expect(bet.referral?.state).toBe('open');
    const noReason = await ops('POST', `/ops/v1/referrals/${bet.id}/reject`, tokens.trader!, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().field).toBe('reason');

    const [reject, accept] = await Promise.all([
      ops(
        'POST',
        `/ops/v1/referrals/${bet.id}/reject`,
        tokens.trader!,
        { reason: 'sharp action' },
        instances[0],
      ),
      ops('POST', `/ops/v1/referrals/${bet.id}/accept`, tokens.trader!, {}, instances[1]),
    ]);
    // Exactly one of the two decisions wins; the other is told it came too late.
    expect([reject.statusCode, accept.statusCode].sort()).toEqual([200, 409]);
    const seen = await betOf(token, bet.id);
    if (reject.statusCode === 200) {
      expect(seen).toMatchObject({ result: { key: 'rejected' }, reject_reason: 'referral_rejected' });
      expect(await cashBalance(first(), token)).toBe(100_000);
      expect(await movements(bet.id)).toEqual([`bet:${bet.id}:stake`, `bet:${bet.id}:rejected`]);
      const [entry] = await rows<{ reason: string }>(
        sql`select reason from ops_audit_log where action = 'referral.reject' and target = ${`bet:${bet.id}`}`,
      );
      expect(entry!.reason).toBe('sharp action');
    } else {
      expect(seen.result.key).toBe('waiting');
      expect(await cashBalance(first(), token)).toBe(100_000 - 8_000);
    }
    await ledgerClean();
  }, 60_000);

  it('counter-offers a lower stake: taken, the rest comes back and the bet stands at the offer', async () => {
    const { token } = await referredClient('ref-take');
    const other = await fundedClient(first(), 'ref-take-other', 1_000);
    const bet = (await placeBet(first(), token, single(10_000))).json().result as BetView;
    for (const [stake, why] of [
      [10_000, 'lower'],
      [20_000, 'lower'],
      [50, 'at least'],
    ] as const) {
      const res = await ops('POST', `/ops/v1/referrals/${bet.id}/offer`, tokens.trader!, { stake });
      expect(res.statusCode, String(stake)).toBe(400);
      expect(res.json().field).toBe('stake');
      expect(res.json().message).toContain(why);
    }
    const offer = await ops('POST', `/ops/v1/referrals/${bet.id}/offer`, tokens.trader!, { stake: 4_000 });
    expect(offer.statusCode, offer.body).toBe(200);
    expect(offer.json().result as OpsReferralDecision).toMatchObject({
      referral: 'offered',
      offerStake: 4_000,
    });
    const queued = (
      (await ops('GET', '/ops/v1/referrals', tokens.trader!)).json().result as OpsReferral[]
    ).find((r) => r.betId === bet.id);
    expect(queued).toMatchObject({ state: 'offered', offerStake: 4_000 });
    const offered = await betOf(token, bet.id);
    expect(offered.referral).toMatchObject({ state: 'offered', offer_amount: 4_000 });
    expect(offered.referral!.offer_earnings).toBe(Math.floor((bet.calculated_earnings * 4_000) / 10_000));

    // Another client cannot answer it; the client takes it twice at once: once.
    expect((await player('POST', `/api/v1/bets/${bet.id}/offer/accept`, other.token)).statusCode).toBe(404);
    const takes = await Promise.all(
      [0, 1].map((i) => player('POST', `/api/v1/bets/${bet.id}/offer/accept`, token, instances[i])),
    );
    expect(takes.map((t) => t.statusCode)).toEqual([200, 200]);
    const taken = takes[0]!.json().result as BetView;
    expect(taken).toMatchObject({ result: { key: 'waiting' }, amount: 4_000, referral: { state: 'taken' } });
    expect(await cashBalance(first(), token)).toBe(100_000 - 4_000);
    expect((await player('POST', `/api/v1/bets/${bet.id}/offer/decline`, token)).statusCode).toBe(409);
    expect(await movements(bet.id)).toEqual([`bet:${bet.id}:stake`, `bet:${bet.id}:offer`]);
    expect(await auditCount('referral.offer', bet.id)).toBe(1);
    await ledgerClean();
  }, 60_000);

  it('counter-offer declined: rejected, the whole stake back', async () => {
    const { token } = await referredClient('ref-decline');
    const bet = (await placeBet(first(), token, single(9_000))).json().result as BetView;
    // The client cannot answer before there is an offer.
    expect((await player('POST', `/api/v1/bets/${bet.id}/offer/decline`, token)).statusCode).toBe(409);
    expect(
      (await ops('POST', `/ops/v1/referrals/${bet.id}/offer`, tokens.trader!, { stake: 3_000 })).statusCode,
    ).toBe(200);
    const declined = await player('POST', `/api/v1/bets/${bet.id}/offer/decline`, token);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().result).toMatchObject({
      result: { key: 'rejected' },
      reject_reason: 'offer_declined',
      referral: { state: 'declined' },
    });
    expect(await cashBalance(first(), token)).toBe(100_000);
    expect(await movements(bet.id)).toEqual([`bet:${bet.id}:stake`, `bet:${bet.id}:rejected`]);
    await ledgerClean();
  }, 60_000);

  it('times out exactly once with both instances running the timeout pass at once (open and offered)', async () => {
    const { token } = await referredClient('ref-timeout', 5_000, 'kartal.localhost');
    const onKartal = (body: string) =>
      first().app.inject({
        method: 'POST',
        url: '/api/v1/betPlace',
        headers: {
          ...bearer(token),
          host: 'kartal.localhost',
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': randomUUID(),
        },
        payload: body,
      });
    const open = (await onKartal(single(7_000))).json().result as BetView;
    const offered = (await onKartal(single(7_000))).json().result as BetView;
    expect([open.referral?.state, offered.referral?.state]).toEqual(['open', 'open']);
    // Kartal's own trader decides Kartal's referrals.
    const offer = await ops('POST', `/ops/v1/referrals/${offered.id}/offer`, tokens.kartal!, {
      stake: 2_000,
    });
    expect(offer.statusCode, offer.body).toBe(200);
    const kartalCash = async () =>
      (
        await first().app.inject({
          method: 'GET',
          url: '/api/get/session',
          headers: { ...bearer(token), host: 'kartal.localhost' },
        })
      ).json().result.user.balance as number;
    expect(await kartalCash()).toBe(100_000 - 14_000);
    // Not due yet: the pass leaves them.
    expect(await instances[0]!.modules.ops.referrals.expireDue()).toBe(0);
    // Their time is up (set, not waited for).
    await instances[0]!.database.db.execute(
      sql`update bets set referral_due_at = now() - interval '1 second' where id in (${open.id}, ${offered.id})`,
    );
    const passes = await Promise.all(
      [0, 1, 0, 1].map((i) => instances[i]!.modules.ops.referrals.expireDue()),
    );
    expect(passes.reduce((a, b) => a + b, 0)).toBe(2);
    for (const id of [open.id, offered.id]) {
      expect(await betOf(token, id, 'kartal.localhost')).toMatchObject({
        result: { key: 'rejected' },
        reject_reason: 'referral_timeout',
        referral: { state: 'expired' },
      });
      expect(await movements(id)).toEqual([`bet:${id}:stake`, `bet:${id}:rejected`]);
      expect(await auditCount('referral.expire', id)).toBe(1);
    }
    expect(await kartalCash()).toBe(100_000);
    // Too late for the client too.
    expect(
      (await player('POST', `/api/v1/bets/${offered.id}/offer/accept`, token, next(), 'kartal.localhost'))
        .statusCode,
    ).toBe(409);
    await ledgerClean();
  }, 60_000);

  it('applies the odds-change policy the desk sets: the stricter of it and the client’s own', async () => {
    const { user, token } = await fundedClient(first(), 'ref-odds', 10_000);
    await instances[0]!.database.db.execute(sql`update users set odds_change = 'any' where id = ${user.id}`);
    const pick = picks[used++ % picks.length]!;
    // The client accepts any change: a stale price is placed at the current one.
    const stale = { ...pick, odd: Math.round((pick.odd + 0.5) * 100) / 100 };
    const anyRes = await placeBet(first(), token, slipForm(1, 500, [stale]));
    expect(anyRes.statusCode, anyRes.body).toBe(200);
    expect(anyRes.json().result.items[0].oddValue).toBe(pick.odd);
    // The desk allows none for this client: the same slip is refused with the current price.
    const set = await ops('PUT', `/ops/v1/clients/${user.id}/risk`, tokens.trader!, {
      oddsPolicy: 'none',
      betDelayMs: 8_000,
      reason: 'price chaser',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().result).toMatchObject({ oddsPolicy: 'none', betDelayMs: 8_000 });
    const refused = await placeBet(first(), token, slipForm(1, 500, [stale]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.bets[String(pick.oddId)]).toMatchObject({ code: 'odd_changed' });
    // Bad values are 400s naming the field.
    for (const [field, value] of [
      ['oddsPolicy', 'sometimes'],
      ['betDelayMs', 120_000],
      ['referralStake', 0],
    ] as const) {
      const res = await ops('PUT', `/ops/v1/clients/${user.id}/risk`, tokens.trader!, {
        [field]: value,
        reason: 'checking',
      });
      expect(res.statusCode, field).toBe(400);
      expect(JSON.stringify(res.json()), field).toContain(field);
    }
    await ledgerClean();
  }, 60_000);
});
