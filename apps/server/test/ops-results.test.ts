import { cents } from '@sb/betting';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { totpCode } from '../src/modules/ops/index';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { fundedClient } from './support/casino';
import { cashBalance, placeBet, slipForm, type Pick } from './support/betting';

/**
 * The results and resettlement workspace (manual result per market, void, resettle
 * exactly once with the money shown per bet) and the dashboard's figures, against the bets themselves.
 */
type Selection = { id: number; outcome: string; odd: number };
type Market = { id: number; t: number; s: string; selections: Selection[] };
type Report = {
  unchanged: boolean;
  voided: boolean;
  selections: { outcome: string; before: string | null; after: string }[];
  bets: {
    betId: number;
    change: number;
    reversed: number;
    paidNow: number;
    debt: number;
    statusAfter: string;
  }[];
  totals: { currency: string; bets: number; change: number; debt: number }[];
};

describeEachBackend('back office: results, resettlement and dashboard', (backend) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let brand = 0;
  let kartal = 0;
  let used = 0;

  const ops = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    server.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
      remoteAddress: '10.9.1.1',
    });

  async function sessionOf(username: string, password: string): Promise<string> {
    const first = (await ops('POST', '/ops/v1/session', undefined, { username, password })).json().result;
    if (!first.totpEnrolmentRequired) return first.token as string;
    const started = (await ops('POST', '/ops/v1/session/totp', first.token)).json().result;
    const confirm = await ops('POST', '/ops/v1/session/totp/confirm', first.token, {
      totp: totpCode(started.secret, Date.now()),
    });
    expect(confirm.statusCode).toBe(200);
    return first.token as string;
  }

  /** A pre-match football event of its own, with its markets by type. */
  async function footballEvent() {
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/v2/fixture/full?sport=1&onlyPre=1&per_page=100',
    });
    const later = (list.json().result as { id: number; startDate: string }[]).filter(
      (e) => Date.parse(e.startDate) > Date.now() + 3_600_000,
    );
    const id = later[used++]!.id;
    const detail = (await server.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${id}` })).json();
    const markets = detail.result.markets as Market[];
    const byType = (t: number) => markets.find((m) => m.t === t)!;
    return { id, byType };
  }
  const pick = (eventId: number, s: Selection): Pick => ({ eventId, oddId: s.id, odd: s.odd });
  /** The event started hours ago and the feed never resulted it (no simulator runs here). */
  const overdue = (eventId: number) =>
    server.database.db.execute(
      sql`update events set start_at = now() - interval '3 hours' where id = ${eventId}`,
    );
  const ledgerClean = async () =>
    expect(await server.modules.wallet.service.audit(brand)).toEqual({
      total: 0,
      mismatched: [],
      unbalancedMovements: 0,
    });
  const debtOf = async (userId: number) => {
    const rows = await server.database.db.execute(sql`select coalesce(sum(e.amount), 0)::text as debt
      from ledger_entries e join ledger_accounts a on a.id = e.account_id
      where a.kind = 'client_debt' and a.owner_id = ${userId}`);
    return 0 - Number((rows as unknown as { rows: { debt: string }[] }).rows[0]!.debt);
  };
  const negativeBalances = async () => {
    const rows = await server.database.db.execute(
      sql`select count(*)::int as n from ledger_accounts where not allow_negative and balance < 0`,
    );
    return Number((rows as unknown as { rows: { n: number }[] }).rows[0]!.n);
  };

  beforeAll(async () => {
    server = await createTestServer(backend, { config: { CATALOGUE_SCALE: 0.1 } });
    brand = (await server.modules.tenancy.service.findByHost('localhost'))!.id;
    kartal = (await server.modules.tenancy.service.findByHost('kartal.localhost'))!.id;
    for (const role of ['support', 'trader', 'admin'])
      tokens[role] = await sessionOf(role, `${role}-pass-2026`);
    await server.modules.ops.operators.create({
      username: 'kartal-results',
      password: 'kartal-results-pass',
      role: 'trader',
      brandId: kartal,
    });
    tokens.kartal = await sessionOf('kartal-results', 'kartal-results-pass');
  }, 180_000);
  afterAll(async () => server?.close());

  it('lists the overdue event, results a market from the facts and voids what the facts cannot decide', async () => {
    const { id, byType } = await footballEvent();
    const { user, token } = await fundedClient(server, `res-a-${backend}`, 10_000);
    const fullTime = byType(1);
    const halfTime = byType(60);
    const home = fullTime.selections.find((s) => s.outcome === '1')!;
    const away = fullTime.selections.find((s) => s.outcome === '2')!;
    const htHome = halfTime.selections[0]!;
    for (const [s, stake] of [
      [home, 1000],
      [away, 500],
      [htHome, 700],
    ] as const)
      expect((await placeBet(server, token, slipForm(1, stake, [pick(id, s)]))).statusCode).toBe(200);
    await overdue(id);

    const waiting = (await ops('GET', '/ops/v1/results/events?state=waiting', tokens.support)).json().result;
    const row = waiting.find((e: { eventId: number }) => e.eventId === id);
    expect(row).toMatchObject({ openBets: 3, stakes: 2200 });
    // A Kartal Bahis operator sees the event with none of Demo Bet's bets.
    const scoped = (await ops('GET', `/ops/v1/results/events?event=${id}`, tokens.kartal)).json().result;
    expect(scoped[0]).toMatchObject({ eventId: id, openBets: 0, stakes: 0 });

    const before = await cashBalance(server, token);
    // A preview reports the money and changes nothing.
    const preview = await ops('POST', `/ops/v1/markets/${fullTime.id}/result`, tokens.trader, {
      facts: { home: 2, away: 1 },
      preview: true,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const homePayout = Math.floor((1000 * Math.round(home.odd * 1000)) / 1000);
    expect(preview.json().result.totals).toEqual([
      { currency: user.currencyIso, bets: 2, change: homePayout, reversed: 0, paidNow: homePayout, debt: 0 },
    ]);
    expect(await cashBalance(server, token)).toBe(before);

    const done = (
      await ops('POST', `/ops/v1/markets/${fullTime.id}/result`, tokens.trader, {
        facts: { home: 2, away: 1 },
      })
    ).json().result as Report;
    expect(done.voided).toBe(false);
    expect(done.selections.map((s) => s.after)).toEqual(['win', 'loss', 'loss']);
    expect(done.bets.map((b) => b.statusAfter).sort()).toEqual(['loss', 'win']);
    expect(await cashBalance(server, token)).toBe(before + homePayout);
    // Again: already resulted.
    const again = await ops('POST', `/ops/v1/markets/${fullTime.id}/result`, tokens.trader, {
      facts: { home: 2, away: 1 },
    });
    expect(again.statusCode).toBe(409);

    // The half-time result is not in the facts: the market is voided (the stake back), never guessed.
    const ht = (
      await ops('POST', `/ops/v1/markets/${halfTime.id}/result`, tokens.trader, {
        facts: { home: 2, away: 1 },
      })
    ).json().result as Report;
    expect(ht.voided).toBe(true);
    expect(ht.bets).toMatchObject([{ statusAfter: 'refund', change: 700 }]);
    expect(await cashBalance(server, token)).toBe(before + homePayout + 700);
    await ledgerClean();

    const audit = (await ops('GET', '/ops/v1/audit?action=market.result', tokens.support)).json().result;
    expect(audit.filter((a: { target: string }) => a.target === `market:${fullTime.id}`)).toHaveLength(1);
  }, 180_000);

  it('resettles exactly once under concurrent requests, with the money per bet and in total', async () => {
    const { id, byType } = await footballEvent();
    const market = byType(1);
    const home = market.selections.find((s) => s.outcome === '1')!;
    const clients = await Promise.all(
      [0, 1, 2].map((i) => fundedClient(server, `res-b${i}-${backend}`, 20_000)),
    );
    for (const c of clients)
      expect((await placeBet(server, c.token, slipForm(1, 2000, [pick(id, home)]))).statusCode).toBe(200);
    await overdue(id);
    const won = await ops('POST', `/ops/v1/markets/${market.id}/result`, tokens.trader, {
      facts: { home: 1, away: 0 },
    });
    expect(won.statusCode).toBe(200);
    const paid = won.json().result.totals[0].change as number;
    const balances = await Promise.all(clients.map((c) => cashBalance(server, c.token)));

    const body = { facts: { home: 0, away: 1 }, reason: 'wrong_result' };
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() => ops('POST', `/ops/v1/markets/${market.id}/resettle`, tokens.trader, body)),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const reports = answers.map((a) => a.json().result as Report);
    expect(reports.filter((r) => !r.unchanged)).toHaveLength(1);
    const moved = reports.flatMap((r) => r.bets);
    expect(moved).toHaveLength(3);
    expect(moved.reduce((s, b) => s + b.change, 0)).toBe(-paid);
    for (const b of moved) expect(b).toMatchObject({ statusAfter: 'loss', paidNow: 0, debt: 0 });
    for (const [i, c] of clients.entries())
      expect(await cashBalance(server, c.token)).toBe(balances[i]! - paid / 3);
    // The same correction once more moves nothing; the reverse of it pays once.
    const back = (
      await ops('POST', `/ops/v1/markets/${market.id}/resettle`, tokens.trader, {
        facts: { home: 1, away: 0 },
        reason: 'late_correction',
      })
    ).json().result as Report;
    expect(back.totals[0]!.change).toBe(paid);
    for (const [i, c] of clients.entries()) expect(await cashBalance(server, c.token)).toBe(balances[i]);
    const keys = await server.database.db.execute(sql`select count(*)::int as n from ledger_movements
      where idempotency_key like ${`bet:%:reverse:%`} and user_id in (${sql.join(
        clients.map((c) => sql`${c.user.id}`),
        sql`, `,
      )})`);
    expect(Number((keys as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(3);
    await ledgerClean();
  });

  it('a reversal larger than the cash takes the cash to zero and books the rest as the client’s debt', async () => {
    const { id, byType } = await footballEvent();
    const market = byType(1);
    const home = market.selections.find((s) => s.outcome === '1')!;
    const { user, token } = await fundedClient(server, `res-c-${backend}`, 5_000);
    expect((await placeBet(server, token, slipForm(1, 5_000, [pick(id, home)]))).statusCode).toBe(200);
    await overdue(id);
    await ops('POST', `/ops/v1/markets/${market.id}/result`, tokens.trader, { facts: { home: 3, away: 0 } });
    const won = await cashBalance(server, token);
    expect(won).toBeGreaterThan(5_000);
    // The client withdraws all but 1.00.
    await server.modules.wallet.service.debit({
      appId: user.appId,
      userId: user.id,
      currency: user.currencyIso,
      amount: cents(won - 100),
      type: 'withdrawal',
      idempotencyKey: `withdraw:${user.id}`,
    });
    const report = (
      await ops('POST', `/ops/v1/markets/${market.id}/resettle`, tokens.admin, {
        facts: { home: 0, away: 0 },
        reason: 'wrong_result',
      })
    ).json().result as Report;
    expect(report.bets).toEqual([
      expect.objectContaining({ reversed: won, change: -won, debt: won - 100, statusAfter: 'loss' }),
    ]);
    expect(await cashBalance(server, token)).toBe(0);
    expect(await debtOf(user.id)).toBe(won - 100);
    expect(await negativeBalances()).toBe(0);
    await ledgerClean();

    // The desk shows the debt: on the client page and in the client search's summary.
    const owed = won - 100;
    const page = (await ops('GET', `/ops/v1/clients/${user.id}`, tokens.support)).json().result;
    expect(page.debt).toEqual([{ currency: user.currencyIso, owed }]);
    const found = (await ops('GET', `/ops/v1/clients?q=${user.username}`, tokens.support)).json().result;
    expect(found[0]).toMatchObject({ id: user.id, debt: owed });
    // The next deposits repay it first, in the same movement: 10.00 all to the debt (a retry moves nothing).
    const deposit = (amount: number, key: string) =>
      server.modules.wallet.service.credit({
        appId: user.appId,
        userId: user.id,
        currency: user.currencyIso,
        amount: cents(amount),
        type: 'deposit',
        idempotencyKey: key,
      });
    const first = await deposit(1_000, `debt-dep-1:${user.id}`);
    expect(first.entries.map((e) => e.amount).sort((a, b) => a - b)).toEqual([-1_000, 1_000]);
    expect((await deposit(1_000, `debt-dep-1:${user.id}`)).replayed).toBe(true);
    expect(await cashBalance(server, token)).toBe(0);
    expect(await debtOf(user.id)).toBe(owed - 1_000);
    // Two concurrent deposits of the rest: the debt (its row locked) is repaid once, the other deposit is cash.
    const rest = owed - 1_000;
    await Promise.all([deposit(rest, `debt-dep-2:${user.id}`), deposit(rest, `debt-dep-3:${user.id}`)]);
    expect(await debtOf(user.id)).toBe(0);
    expect(await cashBalance(server, token)).toBe(rest);
    const after = (await ops('GET', `/ops/v1/clients/${user.id}`, tokens.support)).json().result;
    expect(after.debt).toEqual([]);
    await ledgerClean();
  });

  it('voids with a reason; refuses bad input, roles and brands with nothing changed, and audits it', async () => {
    const { id, byType } = await footballEvent();
    const market = byType(29);
    const open = byType(18);
    const { token } = await fundedClient(server, `res-d-${backend}`, 10_000);
    expect(
      (await placeBet(server, token, slipForm(1, 1_000, [pick(id, market.selections[0]!)]))).statusCode,
    ).toBe(200);
    await overdue(id);
    await ops('POST', `/ops/v1/markets/${market.id}/result`, tokens.trader, { facts: { home: 1, away: 1 } });
    const balance = await cashBalance(server, token);
    const stateOf = async () =>
      (await ops('GET', `/ops/v1/results/events/${id}`, tokens.support)).json().result.markets;
    const state = await stateOf();

    const refusals: [string, string | undefined, object, number, string | undefined][] = [
      [`/ops/v1/markets/${market.id}/void`, tokens.trader, {}, 400, 'reason'],
      [`/ops/v1/markets/${market.id}/void`, tokens.trader, { reason: 'bored' }, 400, 'reason'],
      [
        `/ops/v1/markets/${open.id}/resettle`,
        tokens.trader,
        { facts: { home: 1, away: 0 }, reason: 'other' },
        400,
        'id',
      ],
      [
        `/ops/v1/markets/${market.id}/resettle`,
        tokens.trader,
        { facts: { home: 1, away: 0 } },
        400,
        'reason',
      ],
      [
        `/ops/v1/markets/99999999999/resettle`,
        tokens.trader,
        { facts: { home: 1, away: 0 }, reason: 'other' },
        400,
        'id',
      ],
      [
        `/ops/v1/markets/${market.id}/resettle`,
        tokens.trader,
        { facts: { home: -1, away: 0 }, reason: 'other' },
        400,
        'facts.home',
      ],
      [
        `/ops/v1/markets/${market.id}/resettle`,
        tokens.trader,
        { facts: { away: 0 }, reason: 'other' },
        400,
        'facts.home',
      ],
      [`/ops/v1/markets/${market.id}/void`, tokens.support, { reason: 'other' }, 403, undefined],
      [`/ops/v1/markets/${market.id}/void`, tokens.kartal, { reason: 'other' }, 403, undefined],
      [`/ops/v1/markets/${market.id}/void`, undefined, { reason: 'other' }, 401, undefined],
      [`/ops/v1/results/events?brand=${brand}`, tokens.kartal, {}, 404, undefined],
    ];
    for (const [url, who, body, status, field] of refusals) {
      const res = url.includes('/results/') ? await ops('GET', url, who) : await ops('POST', url, who, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      if (field) expect(res.json().field, url).toBe(field);
    }
    expect(await stateOf()).toEqual(state);
    expect(await cashBalance(server, token)).toBe(balance);
    const refused = (await ops('GET', '/ops/v1/audit?outcome=refused&limit=50', tokens.admin)).json().result;
    expect(
      refused.filter((a: { target: string }) => a.target === `/ops/v1/markets/${market.id}/void`).length,
    ).toBeGreaterThanOrEqual(4);

    const voided = await ops('POST', `/ops/v1/markets/${market.id}/void`, tokens.trader, {
      reason: 'palpable_error',
      note: 'priced upside down',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const report = voided.json().result as Report;
    expect(report.selections.every((s) => s.after === 'void')).toBe(true);
    // Lost or won before, the bet now returns its stake exactly.
    expect(report.bets).toMatchObject([{ statusAfter: 'refund' }]);
    expect(await cashBalance(server, token)).toBe(balance + report.totals[0]!.change);
    const [entry] = (await ops('GET', '/ops/v1/audit?action=market.void&limit=1', tokens.admin)).json()
      .result;
    expect(entry).toMatchObject({ reason: 'palpable_error', outcome: 'ok', target: `market:${market.id}` });
    await ledgerClean();
  });

  it('dashboard figures equal the sums over the bets', async () => {
    const res = await ops('GET', '/ops/v1/dashboard?days=2', tokens.support);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().result as {
      book: {
        brandId: number;
        sportId: number;
        turnover: number;
        bets: number;
        settledStakes: number;
        paid: number;
        ggr: number;
        holdBp: number | null;
      }[];
      betsPerMinute: number[];
      liveEvents: number;
      rtp: unknown[];
    };
    const rows = (
      (await server.database.db.execute(sql`select id, app_id, status, total_stake, paid, settled_at
        from bets where created_at >= now() - interval '1 day'`)) as unknown as {
        rows: { app_id: number; status: string; total_stake: number; paid: number; settled_at: unknown }[];
      }
    ).rows;
    const accepted = rows.filter((r) => !['pending', 'rejected', 'cancelled'].includes(r.status));
    const settled = rows.filter((r) => ['win', 'loss', 'refund', 'cashout'].includes(r.status));
    const sum = (xs: number[]) => xs.reduce((s, x) => s + Number(x), 0);
    expect(sum(d.book.map((r) => r.turnover))).toBe(sum(accepted.map((r) => r.total_stake)));
    expect(sum(d.book.map((r) => r.bets))).toBe(accepted.length);
    expect(sum(d.book.map((r) => r.settledStakes))).toBe(sum(settled.map((r) => r.total_stake)));
    expect(sum(d.book.map((r) => r.ggr))).toBe(sum(settled.map((r) => r.total_stake - r.paid)));
    expect(accepted.length).toBeGreaterThan(5);
    for (const r of d.book) {
      expect(r.sportId).toBe(1);
      if (r.holdBp !== null) expect(r.holdBp).toBe(Math.round((r.ggr / r.settledStakes) * 10_000));
    }
    expect(d.betsPerMinute).toHaveLength(60);
    expect(sum(d.betsPerMinute)).toBe(rows.length);
    expect(d.liveEvents).toBe(0);
    // A brand-scoped operator sees its own brand only (no bets), and another brand is a 404.
    const scoped = (await ops('GET', '/ops/v1/dashboard', tokens.kartal)).json().result;
    expect(scoped.book).toEqual([]);
    expect((await ops('GET', `/ops/v1/dashboard?brand=${brand}`, tokens.kartal)).statusCode).toBe(404);
  });
});
