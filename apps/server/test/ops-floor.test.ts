import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  OpsBetDetail,
  OpsBetVoid,
  OpsCatalogueResponse,
  OpsEventResult,
  OpsEventView,
  OpsPickLists,
  OpsTickerBet,
} from '@sb/contract';
import { fundedClient } from './support/casino';
import { cashBalance, placeBet, slipForm, withLeader, type Pick } from './support/betting';
import { SHARED_BACKENDS_AVAILABLE, startInstances, type Instance } from './support/instances';
import { opsSession, type OpsMethod } from './support/ops';
import type { TestServer } from './support/server';
import type { ResultInput } from '../src/modules/sports/index';

/**
 * Issue 34, the trading floor's server side, on two instances over one PostgreSQL and one Redis (requests
 * alternate between them): the event navigator and view, the whole event's suspension, a bet's detail and void
 * exactly once, and one-form resulting against the producer's own decisions.
 */
type Selection = { id: number; outcome: string; odd: number };
type Market = { id: number; t: number; s: string; selections: Selection[] };

(SHARED_BACKENDS_AVAILABLE ? describe : describe.skip)('the trading floor (issue 34)', () => {
  let shared: Awaited<ReturnType<typeof startInstances>>;
  let instances: Instance[] = [];
  let turn = 0;
  const next = () => instances[turn++ % instances.length]!;
  const first = () => instances[0]! as unknown as TestServer;
  const tokens: Record<string, string> = {};
  let demoBrand = 0;
  let kartalBrand = 0;
  const used = new Map<number, number>();

  const ops = (method: OpsMethod, url: string, token?: string, payload?: object, on = next()) =>
    on.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
      remoteAddress: '10.9.3.1',
    });
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    (await instances[0]!.database.db.execute(query)) as unknown as { rows: T[] };
  const ledgerClean = async () => {
    for (const brand of [demoBrand, kartalBrand])
      expect(await instances[0]!.modules.wallet.service.audit(brand)).toEqual({
        total: 0,
        mismatched: [],
        unbalancedMovements: 0,
      });
  };

  /** A pre-match event of its own (each test takes the next of its sport), with its markets as players see them. */
  async function preMatchEvent(sport: number) {
    const list = await first().app.inject({
      method: 'GET',
      url: `/api/v2/fixture/full?sport=${sport}&onlyPre=1&per_page=100`,
    });
    const later = (list.json().result as { id: number; startDate: string }[]).filter(
      (e) => Date.parse(e.startDate) > Date.now() + 3_600_000,
    );
    const taken = used.get(sport) ?? 0;
    used.set(sport, taken + 1);
    const id = later[taken]!.id;
    const detail = (await first().app.inject({ method: 'GET', url: `/api/v2/fixture/e/${id}` })).json();
    const markets = detail.result.markets as Market[];
    const byType = (t: number) => markets.find((m) => m.t === t)!;
    return { id, markets, byType, home: detail.result.home.name as string };
  }
  const footballEvent = () => preMatchEvent(1);
  const pick = (eventId: number, s: Selection): Pick => ({ eventId, oddId: s.id, odd: s.odd });
  /** A bet of a client of Kartal Bahis (its site's host). */
  const placeOnKartal = (token: string, body: string) =>
    first().app.inject({
      method: 'POST',
      url: '/api/v1/betPlace',
      headers: {
        authorization: `Bearer ${token}`,
        host: 'kartal.localhost',
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': randomUUID(),
      },
      payload: body,
    });
  const balanceOn = async (token: string, host: string) =>
    (
      await first().app.inject({
        method: 'GET',
        url: '/api/get/session',
        headers: { authorization: `Bearer ${token}`, host },
      })
    ).json().result.user.balance as number;
  /** The event started hours ago and the feed never resulted it (no simulator runs here). */
  const overdue = (eventId: number) =>
    instances[0]!.database.db.execute(
      sql`update events set start_at = now() - interval '3 hours' where id = ${eventId}`,
    );

  beforeAll(async () => {
    shared = await startInstances(2, { CATALOGUE_SCALE: 0.1 });
    instances = shared.instances;
    demoBrand = (await instances[0]!.modules.tenancy.service.findByHost('localhost'))!.id;
    kartalBrand = (await instances[0]!.modules.tenancy.service.findByHost('kartal.localhost'))!.id;
    tokens.trader = await opsSession(next(), 'trader', 'trader-pass-2026');
    tokens.support = await opsSession(next(), 'support', 'support-pass-2026');
    await instances[0]!.modules.ops.operators.create({
      username: 'floor-kartal',
      password: 'floor-kartal-pass-2026',
      role: 'trader',
      brandId: kartalBrand,
    });
    tokens.kartal = await opsSession(next(), 'floor-kartal', 'floor-kartal-pass-2026');
  }, 240_000);
  afterAll(async () => shared?.close());

  it('finds events by team, competition and id; the tree counts add up; bad filters are 400 naming the field', async () => {
    const { id, home } = await footballEvent();
    const byTeam = await ops(
      'GET',
      `/ops/v1/catalogue?q=${encodeURIComponent(home.toUpperCase())}`,
      tokens.support,
    );
    expect(byTeam.statusCode, byTeam.body).toBe(200);
    const found = (byTeam.json() as OpsCatalogueResponse).result;
    const event = found.events.find((e) => e.id === id)!;
    expect(event).toMatchObject({ home, sport: { id: 1, name: { en: 'Football' } }, status: 'not_started' });
    expect(event.competition.name.en.length).toBeGreaterThan(0);
    for (const e of found.events) expect(`${e.home} ${e.away}`.toUpperCase()).toContain(home.toUpperCase());

    const byCompetition = (
      await ops(
        'GET',
        `/ops/v1/catalogue?q=${encodeURIComponent(event.competition.name.tr)}&limit=500`,
        tokens.support,
      )
    ).json() as OpsCatalogueResponse;
    expect(byCompetition.result.events.map((e) => e.id)).toContain(id);
    const byId = (
      await ops('GET', `/ops/v1/catalogue?q=${id}`, tokens.kartal)
    ).json() as OpsCatalogueResponse;
    expect(byId.result.events.map((e) => e.id)).toContain(id);

    // The tree: every level's count is the sum of the level below; the total is the tree's.
    const all = (await ops('GET', '/ops/v1/catalogue?sport=1&live=false&limit=5', tokens.support)).json()
      .result as OpsCatalogueResponse['result'];
    expect(all.events).toHaveLength(5);
    expect(all.tree.map((s) => s.id)).toEqual([1]);
    const football = all.tree[0]!;
    expect(football.events).toBe(all.total);
    expect(football.live).toBe(0);
    expect(football.regions.reduce((n, r) => n + r.events, 0)).toBe(football.events);
    for (const r of football.regions) expect(r.competitions.reduce((n, c) => n + c.events, 0)).toBe(r.events);
    const [count] = (
      await rows<{ n: number }>(
        sql`select count(*)::int as n from events where sport_id = 1 and status = 'not_started'`,
      )
    ).rows;
    expect(all.total).toBe(count!.n);
    // Drilling down to one competition lists its events only.
    const competition = football.regions[0]!.competitions[0]!;
    const drilled = (
      await ops('GET', `/ops/v1/catalogue?competition=${competition.id}&limit=500`, tokens.support)
    ).json().result as OpsCatalogueResponse['result'];
    expect(drilled.total).toBe(competition.events);
    expect(new Set(drilled.events.map((e) => e.competition.id))).toEqual(new Set([competition.id]));

    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['live=maybe', 'live'],
      ['sport=abc', 'sport'],
      ['from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z', 'to'],
    ] as const) {
      const res = await ops('GET', `/ops/v1/catalogue?${query}`, tokens.support);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(field);
    }
  }, 120_000);

  it('shows every market and selection by name with price and liability, selections without bets included', async () => {
    const { id, markets, byType } = await footballEvent();
    const { token } = await fundedClient(first(), 'floor-view', 10_000);
    const homeWin = byType(1).selections.find((s) => s.outcome === '1')!;
    expect((await placeBet(first(), token, slipForm(1, 1000, [pick(id, homeWin)]))).statusCode).toBe(200);

    const res = await ops('GET', `/ops/v1/events/${id}`, tokens.support);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().result as OpsEventView;
    expect(view.event).toMatchObject({ id, status: 'not_started', score: null, suspended: false });
    expect(view.event.producer).toEqual({ stale: expect.any(Boolean) });
    // Every market players see is there, with every one of its selections.
    const shown = new Map(view.markets.map((m) => [m.id, m]));
    for (const m of markets) {
      expect(shown.get(m.id)?.selections.map((s) => s.id)).toEqual(m.selections.map((s) => s.id));
    }
    const [stored] = (
      await rows<{ n: number }>(sql`select count(*)::int as n from markets where event_id = ${id}`)
    ).rows;
    expect(view.markets).toHaveLength(stored!.n);
    // Names, never ids: the market type's name with its line, selections as the player app names them.
    const result = view.markets.find((m) => m.t === 1)!;
    expect(result.name).toEqual({ en: 'Match Result', tr: 'Maç Sonucu' });
    const total = view.markets.find((m) => m.t === 18)!;
    expect(total.name.en).toBe(`Total Goals Over/Under (${total.line})`);
    expect(total.selections.map((s) => s.name.en)).toEqual([`Over ${total.line}`, `Under ${total.line}`]);
    expect(total.selections.map((s) => s.name.tr)).toEqual([`Üst ${total.line}`, `Alt ${total.line}`]);
    // The liability sits on the selection bet on; the others show none.
    const backed = result.selections.find((s) => s.id === homeWin.id)!;
    const payout = Math.floor((1000 * Math.round(homeWin.odd * 1000)) / 1000);
    expect(backed.liability).toEqual({ bets: 1, stakes: 1000, payoutIfWins: payout, net: 1000 - payout });
    expect(backed.price).toBe(homeWin.odd);
    expect(backed.modelPrice).toBe(homeWin.odd);
    for (const s of result.selections.filter((x) => x.id !== homeWin.id))
      expect(s.liability).toEqual({ bets: 0, stakes: 0, payoutIfWins: 0, net: 1000 });
    expect(view.liability).toMatchObject({ bets: 1, stakes: 1000 });
    // Kartal Bahis's trader sees the event with none of Demo Bet's bets on it.
    const scoped = (await ops('GET', `/ops/v1/events/${id}`, tokens.kartal)).json().result as OpsEventView;
    expect(scoped.liability).toMatchObject({ bets: 0, stakes: 0 });
    expect((await ops('GET', '/ops/v1/events/2147483647', tokens.support)).statusCode).toBe(404);
    expect((await ops('GET', '/ops/v1/events/0', tokens.support)).json().field).toBe('id');
  }, 120_000);

  it('suspends the whole event: betPlace refuses it and players see it suspended; resume reopens it; audited', async () => {
    const { id, byType } = await footballEvent();
    const { token } = await fundedClient(first(), 'floor-suspend', 10_000);
    const homeWin = byType(1).selections.find((s) => s.outcome === '1')!;
    const over = byType(18).selections[0]!;
    // A brand's trader may not suspend what every brand shares.
    const refused = await ops('POST', `/ops/v1/events/${id}/suspend`, tokens.kartal, {
      reason: 'feed_issue',
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await ops('POST', `/ops/v1/events/${id}/suspend`, tokens.trader, { reason: 'bogus' })).json().field,
    ).toBe('reason');
    const suspended = await ops('POST', `/ops/v1/events/${id}/suspend`, tokens.trader, {
      reason: 'feed_issue',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    for (const s of [homeWin, over]) {
      const placed = await placeBet(first(), token, slipForm(1, 500, [pick(id, s)]));
      expect(placed.statusCode, placed.body).toBe(400);
      expect(placed.json().errors.bets[String(s.id)].code, placed.body).toBe('suspended');
    }
    // Both instances' players' views show every market of the event suspended (a market the model closed, e.g. one
    // whose prices left the band, stays closed).
    for (const instance of instances) {
      const detail = (await instance.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${id}` })).json();
      for (const m of detail.result.markets as { disabled: boolean; closed: boolean; id: number }[])
        expect(m.disabled || m.closed, `instance ${instances.indexOf(instance)}, market ${m.id}`).toBe(true);
    }
    const view = (await ops('GET', `/ops/v1/events/${id}`, tokens.support)).json().result as OpsEventView;
    expect(view.event.suspended).toBe(true);
    expect(new Set(view.markets.filter((m) => m.status !== 'closed').map((m) => m.suspendedBy))).toEqual(
      new Set(['feed_issue']),
    );

    expect((await ops('POST', `/ops/v1/events/${id}/resume`, tokens.trader, {})).statusCode).toBe(200);
    const placed = await placeBet(first(), token, slipForm(1, 500, [pick(id, homeWin)]));
    expect(placed.statusCode, placed.body).toBe(200);
    const audit = (await ops('GET', '/ops/v1/audit?action=event.suspend', tokens.support)).json().result as {
      target: string;
      reason: string;
    }[];
    expect(audit.filter((a) => a.target === `event:${id}`)).toMatchObject([{ reason: 'feed_issue' }]);
  }, 120_000);

  it('suspends one selection alone: betPlace refuses it, its market stays on sale, players see it; resume; audited', async () => {
    const { id, byType } = await footballEvent();
    const { token } = await fundedClient(first(), 'floor-selection', 10_000);
    const [homeWin, draw] = ['1', 'X'].map((o) => byType(1).selections.find((s) => s.outcome === o)!);
    const url = (action: string) => `/ops/v1/selections/${homeWin!.id}/${action}`;
    expect((await ops('POST', url('suspend'), tokens.kartal, { reason: 'price_error' })).statusCode).toBe(
      403,
    );
    expect((await ops('POST', url('suspend'), tokens.support, { reason: 'price_error' })).statusCode).toBe(
      403,
    );
    expect((await ops('POST', url('suspend'), tokens.trader, {})).json().field).toBe('reason');
    expect(
      (await ops('POST', '/ops/v1/selections/0/suspend', tokens.trader, { reason: 'other' })).json().field,
    ).toBe('id');
    const missing = await ops('POST', '/ops/v1/selections/999999999999/suspend', tokens.trader, {
      reason: 'other',
    });
    expect(missing.statusCode).toBe(404);
    const suspended = await ops('POST', url('suspend'), tokens.trader, { reason: 'price_error' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().result).toEqual({
      selectionId: homeWin!.id,
      marketId: byType(1).id,
      eventId: id,
      suspended: true,
      reason: 'price_error',
    });
    const refused = await placeBet(first(), token, slipForm(1, 500, [pick(id, homeWin!)]));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors.bets[String(homeWin!.id)].code, refused.body).toBe('suspended');
    // The rest of the market stays on sale.
    expect((await placeBet(first(), token, slipForm(1, 500, [pick(id, draw!)]))).statusCode).toBe(200);
    // Both instances' players see the selection suspended and its market open.
    for (const instance of instances) {
      const detail = (await instance.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${id}` })).json();
      const market = (detail.result.markets as (Market & { disabled: boolean })[]).find(
        (m) => m.id === byType(1).id,
      )!;
      const flags = market.selections.map((s) => [
        s.id,
        (s as unknown as { isDisabled: boolean }).isDisabled,
      ]);
      expect(market.disabled, `instance ${instances.indexOf(instance)}`).toBe(false);
      expect(flags).toContainEqual([homeWin!.id, true]);
      expect(flags).toContainEqual([draw!.id, false]);
    }
    const view = (await ops('GET', `/ops/v1/events/${id}`, tokens.support)).json().result as OpsEventView;
    const shown = view.markets.find((m) => m.id === byType(1).id)!;
    expect(shown.status).toBe('open');
    expect(shown.selections.find((s) => s.id === homeWin!.id)).toMatchObject({
      status: 'suspended',
      suspendedBy: 'price_error',
    });
    expect(shown.selections.find((s) => s.id === draw!.id)).toMatchObject({
      status: 'open',
      suspendedBy: null,
    });

    const resumed = await ops('POST', url('resume'), tokens.trader, {});
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect((await placeBet(first(), token, slipForm(1, 500, [pick(id, homeWin!)]))).statusCode).toBe(200);
    const audit = (await ops('GET', '/ops/v1/audit?action=selection.suspend', tokens.support)).json()
      .result as {
      target: string;
      reason: string;
      actor: string;
    }[];
    expect(audit.filter((a) => a.target === `selection:${homeWin!.id}`)).toMatchObject([
      { reason: 'price_error', actor: 'trader' },
    ]);
    await ledgerClean();
  }, 120_000);

  it('sets stake limits on the event, a market and a selection from the event view; the strictest applies', async () => {
    const { id, byType } = await footballEvent();
    const { token } = await fundedClient(first(), 'floor-limits', 100_000);
    const market = byType(1);
    const [homeWin, draw] = ['1', 'X'].map((o) => market.selections.find((s) => s.outcome === o)!);
    const put = (level: string, refId: number, amount: number | null) =>
      ops('PUT', '/ops/v1/limits', tokens.trader, {
        kind: 'stake',
        level,
        refId,
        amount,
        reason: 'event view',
      });
    expect((await put('selection', 999_999_999_999, 100)).json().field).toBe('refId');
    for (const [level, refId, amount] of [
      ['event', id, 3000],
      ['market', market.id, 2000],
      ['selection', homeWin!.id, 1000],
    ] as const) {
      const res = await put(level, refId, amount);
      expect(res.statusCode, res.body).toBe(200);
    }
    const view = (await ops('GET', `/ops/v1/events/${id}`, tokens.support)).json().result as OpsEventView;
    expect(view.limits).toEqual(
      expect.arrayContaining([
        { kind: 'stake', level: 'event', brandId: null, refId: id, amount: 3000 },
        { kind: 'stake', level: 'market', brandId: null, refId: market.id, amount: 2000 },
        { kind: 'stake', level: 'selection', brandId: null, refId: homeWin!.id, amount: 1000 },
      ]),
    );
    expect(view.limits).toHaveLength(3);
    const over = async (s: Selection, stake: number) => {
      const res = await placeBet(first(), token, slipForm(1, stake, [pick(id, s)]));
      return res.statusCode === 200 ? null : (res.json().errors.general?.[0]?.limit ?? res.body);
    };
    // The selection's own limit is the strictest on it; its neighbour has the market's.
    expect(await over(homeWin!, 1001)).toBe('selection');
    expect(await over(homeWin!, 1000)).toBeNull();
    expect(await over(draw!, 2001)).toBe('market');
    expect((await put('selection', homeWin!.id, null)).statusCode).toBe(200);
    expect(await over(homeWin!, 1001)).toBeNull();
    const after = (await ops('GET', `/ops/v1/events/${id}`, tokens.support)).json().result as OpsEventView;
    expect(after.limits.map((l) => l.level).sort()).toEqual(['event', 'market']);
    await ledgerClean();
  }, 120_000);

  it('sets and lifts liability limits on the event and a market from the event view: listed, audited, told to the other instance', async () => {
    const { id, byType } = await footballEvent();
    const market = byType(1);
    // Another instance's open event views hear of each change on the bus (`ops.event`), as the desk's socket does.
    const heard: number[] = [];
    let wake: (() => void) | null = null;
    const stop = instances[1]!.bus.subscribe('ops.event', (m) => {
      heard.push(m.eventId);
      wake?.();
    });
    const told = async (count: number) => {
      while (heard.filter((e) => e === id).length < count) await new Promise<void>((r) => (wake = r));
    };
    const put = (level: 'event' | 'market', refId: number, amount: number | null) =>
      ops(
        'PUT',
        '/ops/v1/limits',
        tokens.trader,
        { kind: 'liability', level, refId, amount, reason: 'event view liability' },
        instances[0],
      );
    try {
      expect((await put('event', id, 250_00)).statusCode).toBe(200);
      await told(1);
      expect((await put('market', market.id, 100_00)).statusCode).toBe(200);
      await told(2);
      const view = (await ops('GET', `/ops/v1/events/${id}`, tokens.support)).json().result as OpsEventView;
      expect(view.limits).toEqual(
        expect.arrayContaining([
          { kind: 'liability', level: 'event', brandId: null, refId: id, amount: 250_00 },
          { kind: 'liability', level: 'market', brandId: null, refId: market.id, amount: 100_00 },
        ]),
      );
      expect(view.limits).toHaveLength(2);
      // Lifted: gone from the view, and told again.
      expect((await put('event', id, null)).statusCode).toBe(200);
      await told(3);
      const after = (await ops('GET', `/ops/v1/events/${id}`, tokens.support)).json().result as OpsEventView;
      expect(after.limits).toEqual([
        { kind: 'liability', level: 'market', brandId: null, refId: market.id, amount: 100_00 },
      ]);
      const audit = (
        await ops('GET', '/ops/v1/audit?action=limit.liability.set&limit=100', tokens.support)
      ).json().result as {
        target: string;
        reason: string;
        before: { amount: number | null };
        after: { amount: number | null };
      }[];
      expect(
        audit
          .filter((a) => a.target === `event:${id}`)
          .map((a) => [a.before.amount, a.after.amount, a.reason]),
      ).toEqual([
        [250_00, null, 'event view liability'],
        [null, 250_00, 'event view liability'],
      ]);
      expect((await put('market', market.id, null)).statusCode).toBe(200);
    } finally {
      stop();
    }
  }, 120_000);

  it('a bet placed on one instance wakes the other’s ticker pump at once (`ops.ticker`, a notice only)', async () => {
    const { id, byType } = await footballEvent();
    const { token } = await fundedClient(first(), 'floor-wake', 10_000);
    const heard: number[] = [];
    let wake: (() => void) | null = null;
    const stop = instances[1]!.bus.subscribe('ops.ticker', (m) => {
      heard.push(m.betId);
      wake?.();
    });
    try {
      const placed = await placeBet(first(), token, slipForm(1, 200, [pick(id, byType(1).selections[0]!)]));
      expect(placed.statusCode, placed.body).toBe(200);
      const betId = placed.json().result.id as number;
      while (!heard.includes(betId)) await new Promise<void>((r) => (wake = r));
    } finally {
      stop();
    }
    await ledgerClean();
  }, 120_000);

  it('an event view’s socket (bets: false) hears its event’s notices and carries no ticker bets', async () => {
    const { id, byType } = await footballEvent();
    const other = await footballEvent();
    const { token } = await fundedClient(first(), 'floor-watch', 20_000);
    /** A signed-in socket on the first instance; its messages, and a wait for one that matches. */
    const socketOf = async (auth: object) => {
      const socket = await first().app.injectWS('/ops/v1/ticker');
      const seen: { type: string; what?: string; eventId?: number }[] = [];
      const waiters: (() => void)[] = [];
      socket.on('message', (m) => {
        seen.push(JSON.parse(String(m)) as (typeof seen)[number]);
        for (const w of waiters.splice(0)) w();
      });
      const until = async (match: (m: (typeof seen)[number]) => boolean) => {
        while (!seen.some(match)) await new Promise<void>((r) => waiters.push(r));
      };
      socket.send(JSON.stringify({ type: 'auth', token: tokens.trader, ...auth }));
      await until((m) => m.type === 'authenticated');
      return { socket, seen, until };
    };
    const view = await socketOf({ bets: false });
    view.socket.send(JSON.stringify({ type: 'watch', eventId: id }));
    const ticker = await socketOf({});
    // The ticker's first poll marks where new bets start: the bets below come after it.
    await instances[0]!.modules.ops.pump.poll();
    // A bet on another event first, then one on the watched event: the ticker gets both, the view a notice only.
    for (const [eventId, s] of [
      [other.id, other.byType(1).selections[0]!],
      [id, byType(1).selections[0]!],
    ] as const)
      expect((await placeBet(first(), token, slipForm(1, 200, [pick(eventId, s)]))).statusCode).toBe(200);
    await view.until((m) => m.type === 'event' && m.what === 'bets' && m.eventId === id);
    await ticker.until((m) => m.type === 'bets' && JSON.stringify(m).includes(`"eventId":${id}`));
    expect(view.seen.filter((m) => m.type === 'bets')).toEqual([]);
    view.socket.terminate();
    ticker.socket.terminate();
    await ledgerClean();
  }, 120_000);

  it('names every ticker leg, pages back, and picks brands, sports and clients by name within the brand', async () => {
    const { id, byType, home } = await footballEvent();
    const { user, token } = await fundedClient(first(), 'floor-ticker', 20_000);
    const draw = byType(1).selections.find((s) => s.outcome === 'X')!;
    const ids: number[] = [];
    for (const stake of [300, 400]) {
      const placed = await placeBet(first(), token, slipForm(1, stake, [pick(id, draw)]));
      expect(placed.statusCode).toBe(200);
      ids.push(placed.json().result.id as number);
    }
    const list = await ops('GET', `/ops/v1/bets?client=${user.id}`, tokens.support);
    expect(list.statusCode).toBe(200);
    const bets = list.json().result as OpsTickerBet[];
    expect(bets.map((b) => b.id)).toEqual([...ids].reverse());
    expect(bets[0]).toMatchObject({
      currency: expect.any(String),
      stake: 400,
      client: { username: 'floor-ticker' },
    });
    const start = (await rows<{ start_at: Date }>(sql`select start_at from events where id = ${id}`))
      .rows[0]!;
    expect(bets[0]!.selections[0]).toMatchObject({
      eventId: id,
      market: { en: 'Match Result', tr: expect.any(String) },
      selection: { en: 'X' },
      startAt: new Date(start.start_at).toISOString(),
      eventStatus: 'not_started',
      score: null,
    });
    expect(bets[0]!.selections[0]!.event).toContain(home);
    // Paging back: the rows before the newest one.
    const older = (await ops('GET', `/ops/v1/bets?client=${user.id}&before=${ids[1]}`, tokens.support)).json()
      .result as OpsTickerBet[];
    expect(older.map((b) => b.id)).toEqual([ids[0]]);
    // A refused filter names its field.
    const refused = await ops('GET', '/ops/v1/bets?minStake=abc', tokens.support);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('minStake');

    // Pick-lists: an all-brands operator picks from every brand, a brand's operator from its own only.
    const all = (await ops('GET', `/ops/v1/pick-lists?client=${user.id}`, tokens.support)).json()
      .result as OpsPickLists;
    expect(all.brands.map((b) => b.id).sort()).toEqual([demoBrand, kartalBrand].sort());
    expect(all.brands.every((b) => b.name.length > 0)).toBe(true);
    expect(all.sports.find((s) => s.id === 1)?.name.en).toBe('Football');
    expect(all.client).toEqual({
      id: user.id,
      username: 'floor-ticker',
      brand: { id: demoBrand, name: expect.any(String) },
    });
    const mine = await ops('GET', '/ops/v1/pick-lists', tokens.kartal);
    expect((mine.json().result as OpsPickLists).brands.map((b) => b.id)).toEqual([kartalBrand]);
    expect((mine.json().result as OpsPickLists).client).toBeNull();
    expect((await ops('GET', `/ops/v1/pick-lists?client=${user.id}`, tokens.kartal)).statusCode).toBe(404);
    expect((await ops('GET', '/ops/v1/pick-lists?client=x', tokens.kartal)).json().field).toBe('client');
  });

  it('voids an open and a settled bet exactly once under concurrent requests on two instances, ledger clean', async () => {
    const { id, byType } = await footballEvent();
    const { user, token } = await fundedClient(first(), 'floor-void', 20_000);
    const market = byType(1);
    const homeWin = market.selections.find((s) => s.outcome === '1')!;
    const draw = market.selections.find((s) => s.outcome === 'X')!;
    const before = await cashBalance(first(), token);
    const open = await placeBet(first(), token, slipForm(1, 1500, [pick(id, draw)]));
    const toSettle = await placeBet(first(), token, slipForm(1, 2000, [pick(id, homeWin)]));
    const openId = open.json().result.id as number;
    const settledId = toSettle.json().result.id as number;
    expect(await cashBalance(first(), token)).toBe(before - 3500);

    // The detail names every leg, and shows the stake's movement.
    const detail = (await ops('GET', `/ops/v1/bets/${openId}/detail`, tokens.support)).json()
      .result as OpsBetDetail;
    expect(detail).toMatchObject({
      id: openId,
      status: 'waiting',
      stake: 1500,
      client: { id: user.id, username: 'floor-void' },
      brand: { id: demoBrand },
      movements: [{ kind: 'stake', amount: -1500 }],
    });
    expect(detail.legs[0]).toMatchObject({
      market: { name: { en: 'Match Result' } },
      selection: { id: draw.id, name: { en: 'X' } },
      oddsTaken: draw.odd,
      oddsNow: draw.odd,
      result: null,
    });
    // Another brand's trader neither sees nor voids it.
    expect((await ops('GET', `/ops/v1/bets/${openId}/detail`, tokens.kartal)).statusCode).toBe(404);
    expect(
      (await ops('POST', `/ops/v1/bets/${openId}/void`, tokens.kartal, { reason: 'other' })).statusCode,
    ).toBe(404);
    expect((await ops('POST', `/ops/v1/bets/${openId}/void`, tokens.trader, {})).json().field).toBe('reason');

    // The open bet: four requests over both instances at once, the stake comes back once.
    const voids = await Promise.all(
      [0, 1, 2, 3].map(() =>
        ops('POST', `/ops/v1/bets/${openId}/void`, tokens.trader, { reason: 'palpable_error' }),
      ),
    );
    expect(voids.map((v) => v.statusCode)).toEqual([200, 200, 200, 200]);
    const results = voids.map((v) => v.json().result as OpsBetVoid);
    expect(results.filter((r) => !r.unchanged)).toEqual([
      {
        betId: openId,
        statusBefore: 'waiting',
        status: 'cancelled',
        reversed: 0,
        refunded: 1500,
        debt: 0,
        unchanged: false,
      },
    ]);
    expect(await cashBalance(first(), token)).toBe(before - 2000);

    // The other bet wins (the match resulted 1-0), then is voided: its payout taken back, its stake returned.
    await overdue(id);
    const won = await ops('POST', `/ops/v1/markets/${market.id}/result`, tokens.trader, {
      facts: { home: 1, away: 0 },
    });
    expect(won.statusCode, won.body).toBe(200);
    const payout = Math.floor((2000 * Math.round(homeWin.odd * 1000)) / 1000);
    expect(await cashBalance(first(), token)).toBe(before - 2000 + payout);
    // The voided bet stays void through the market's result (settlement leaves a cancelled bet alone).
    const [cancelled] = (
      await rows<{ status: string; paid: number }>(sql`select status, paid from bets where id = ${openId}`)
    ).rows;
    expect(cancelled).toEqual({ status: 'cancelled', paid: 1500 });
    const settledVoids = await Promise.all(
      [0, 1, 2, 3].map(() =>
        ops('POST', `/ops/v1/bets/${settledId}/void`, tokens.trader, { reason: 'integrity' }),
      ),
    );
    expect(settledVoids.map((v) => v.statusCode)).toEqual([200, 200, 200, 200]);
    expect(settledVoids.map((v) => v.json().result as OpsBetVoid).filter((r) => !r.unchanged)).toEqual([
      {
        betId: settledId,
        statusBefore: 'win',
        status: 'cancelled',
        reversed: payout,
        refunded: 2000,
        debt: 0,
        unchanged: false,
      },
    ]);
    expect(await cashBalance(first(), token)).toBe(before);
    const after = (await ops('GET', `/ops/v1/bets/${settledId}/detail`, tokens.support)).json()
      .result as OpsBetDetail;
    expect(after.status).toBe('cancelled');
    expect(after.paid).toBe(2000);
    expect(after.movements.map((m) => [m.kind, m.amount])).toEqual([
      ['stake', -2000],
      ['settle', payout],
      ['reverse', -payout],
      ['void', 2000],
    ]);
    expect(after.actions).toMatchObject([{ actor: 'trader', action: 'bet.void', reason: 'integrity' }]);
    const audit = await rows<{ n: number }>(
      sql`select count(*)::int as n from ops_audit_log where action = 'bet.void' and outcome = 'ok'
        and target in (${`bet:${openId}`}, ${`bet:${settledId}`})`,
    );
    expect(audit.rows[0]!.n).toBe(2);
    const refunds = await rows<{ n: number }>(
      sql`select count(*)::int as n from ledger_movements where idempotency_key in (${`bet:${openId}:void`}, ${`bet:${settledId}:void`})`,
    );
    expect(refunds.rows[0]!.n).toBe(2);
    await ledgerClean();
  }, 120_000);

  /** The players of an event's teams (scorers in a result's goals). */
  const playersOf = async (eventId: number) => {
    const [teams] = (
      await rows<{ home: { id: number }[]; away: { id: number }[] }>(
        sql`select h.players as home, a.players as away from events e
            join teams h on h.id = e.home_team_id join teams a on a.id = e.away_team_id where e.id = ${eventId}`,
      )
    ).rows;
    return { home: teams!.home.map((p) => p.id), away: teams!.away.map((p) => p.id) };
  };

  /**
   * One scripted match on an event of its own: the desk's preview of the facts first (nothing resolved), then the
   * producer's own result command with the same facts; every selection the preview results must hold the
   * producer's result, and the markets it voids must be exactly those it lists as undecided.
   */
  async function resultsAsProducer(eventId: number, facts: ResultInput, label: string) {
    await overdue(eventId);
    const previewRes = await ops('POST', `/ops/v1/events/${eventId}/result/preview`, tokens.trader, {
      facts,
      undecided: 'void',
    });
    expect(previewRes.statusCode, `${label}: ${previewRes.body}`).toBe(200);
    const preview = previewRes.json().result as OpsEventResult;
    expect(preview.preview, label).toBe(true);
    const [untouched] = (
      await rows<{ n: number }>(
        sql`select count(*)::int as n from markets where event_id = ${eventId} and resolved`,
      )
    ).rows;
    expect(untouched!.n, label).toBe(0);
    await withLeader(first(), async () => {
      const res = await ops(
        'POST',
        `/ops/v1/fixtures/${eventId}/commands`,
        tokens.trader,
        { command: 'result', ...facts },
        instances[0],
      );
      expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
    });
    const produced = new Map(
      (
        await rows<{ id: number; result: string | null }>(
          sql`select id::text as id, result from selections where event_id = ${eventId}`,
        )
      ).rows.map((r) => [Number(r.id), r.result]),
    );
    // Market by market, so that a disagreement names its market.
    for (const m of preview.markets)
      expect(
        Object.fromEntries(m.selections.map((s) => [s.id, s.after])),
        `${label}: market ${m.marketId} (${m.name.en})`,
      ).toEqual(Object.fromEntries(m.selections.map((s) => [s.id, produced.get(s.id) ?? null])));
    expect(
      preview.markets.every((m) => m.outcome === 'settled' || m.outcome === 'voided'),
      label,
    ).toBe(true);
    expect(
      preview.markets
        .filter((m) => m.outcome === 'voided')
        .map((m) => m.marketId)
        .sort(),
      label,
    ).toEqual([...preview.undecided].sort());
    return preview;
  }

  it('results scripted matches from one form exactly as the producer decides them, market by market', async () => {
    // Football: every fact the form takes in at least one script (the final score alone, with the half-time
    // score, with the goals' minutes, with and without their scorers).
    const scripts: ResultInput[] = [
      { home: 0, away: 0, htHome: 0, htAway: 0 },
      { home: 3, away: 3, htHome: 2, htAway: 1 },
      { home: 0, away: 4, htHome: 0, htAway: 2 },
      { home: 1, away: 1, htHome: 1, htAway: 0 },
      { home: 1, away: 2 },
    ];
    for (const facts of scripts) {
      const { id } = await footballEvent();
      const preview = await resultsAsProducer(id, facts, JSON.stringify(facts));
      expect(preview.markets.length).toBeGreaterThan(50);
      // The half-time markets are decided only when the half-time score is known.
      if (facts.htHome === undefined) expect(preview.undecided.length).toBeGreaterThan(0);
    }
    {
      const { id, byType } = await footballEvent();
      const players = await playersOf(id);
      const facts: ResultInput = {
        home: 2,
        away: 1,
        htHome: 1,
        htAway: 1,
        goals: [
          { minute: 12, team: 'a', playerId: players.away[0]! },
          { minute: 45, team: 'h', playerId: players.home[1]! },
          { minute: 88, team: 'h', playerId: players.home[0]! },
        ],
      };
      const preview = await resultsAsProducer(id, facts, 'goals with scorers');
      // Every goal's minute and scorer known: the scorer markets are settled too.
      const scorer = byType(38) ?? byType(888);
      if (scorer) expect(preview.markets.find((m) => m.marketId === scorer.id)?.outcome).toBe('settled');
    }
    {
      const { id } = await footballEvent();
      await resultsAsProducer(
        id,
        {
          home: 1,
          away: 1,
          goals: [
            { minute: 50, team: 'h' },
            { minute: 90, team: 'a' },
          ],
        },
        'goals without scorers',
      );
    }
    // Period sports: ice hockey (a draw over its three periods), basketball (level after four quarters, won in
    // overtime), tennis (games per set, three sets) and tennis from the sets won alone.
    const periodScripts: [number, ResultInput][] = [
      [
        4,
        {
          periods: [
            { home: 1, away: 0 },
            { home: 0, away: 2 },
            { home: 1, away: 0 },
          ],
        },
      ],
      [
        2,
        {
          home: 98,
          away: 96,
          periods: [
            { home: 25, away: 22 },
            { home: 20, away: 24 },
            { home: 27, away: 21 },
            { home: 18, away: 23 },
            { home: 8, away: 6 },
          ],
        },
      ],
      [
        5,
        {
          periods: [
            { home: 6, away: 4 },
            { home: 4, away: 6 },
            { home: 7, away: 5 },
          ],
        },
      ],
      [5, { home: 0, away: 2 }],
    ];
    for (const [sport, facts] of periodScripts) {
      const { id } = await preMatchEvent(sport);
      const preview = await resultsAsProducer(id, facts, `sport ${sport}: ${JSON.stringify(facts)}`);
      expect(preview.markets.length).toBeGreaterThan(0);
    }
  }, 240_000);

  it('results a match from one form exactly as the producer decides it, with the money per brand', async () => {
    // The producer's own decision on one event (its result command), the desk's preview of the same facts on it
    // first: every market's results must agree.
    const scripted = await footballEvent();
    const preview = await resultsAsProducer(scripted.id, { home: 2, away: 1, htHome: 0, htAway: 1 }, '2-1');
    expect(preview.markets.flatMap((m) => m.selections).length).toBeGreaterThan(50);
    expect(preview.markets.some((m) => m.outcome === 'voided')).toBe(true);

    // Money: bets of both brands on another event, confirmed from one form.
    const { id, byType } = await footballEvent();
    const demo = await fundedClient(first(), 'floor-res-d', 10_000);
    const kartal = await fundedClient(first(), 'floor-res-k', 10_000, 'kartal.localhost');
    const homeWin = byType(1).selections.find((s) => s.outcome === '1')!;
    const htHome = byType(60).selections.find((s) => s.outcome === '1')!;
    const scorer = byType(38) ?? byType(888);
    for (const [c, place] of [
      [demo, (token: string, body: string) => placeBet(first(), token, body)],
      [kartal, placeOnKartal],
    ] as const) {
      for (const [stake, s] of [
        [1000, homeWin],
        [400, htHome],
      ] as const) {
        const placed = await place(c.token, slipForm(1, stake, [pick(id, s)]));
        expect(placed.statusCode, placed.body).toBe(200);
      }
    }
    const balances = () =>
      Promise.all([balanceOn(demo.token, 'localhost'), balanceOn(kartal.token, 'kartal.localhost')]);
    const before = await balances();
    await overdue(id);
    // Bad input: 400 naming the field, nothing changed.
    for (const [body, field] of [
      [{ facts: { home: 1, away: 0 } }, 'undecided'],
      [{ facts: { home: -1, away: 0 }, undecided: 'open' }, 'facts.home'],
      [{ facts: { home: 1, away: 0, htHome: 2, htAway: 0 }, undecided: 'open' }, 'facts.htHome'],
    ] as const) {
      const res = await ops('POST', `/ops/v1/events/${id}/result/confirm`, tokens.trader, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field, res.body).toBe(field);
    }
    // A brand's trader may not result what every brand shares.
    for (const step of ['preview', 'confirm'])
      expect(
        (
          await ops('POST', `/ops/v1/events/${id}/result/${step}`, tokens.kartal, {
            facts: { home: 1, away: 0 },
            undecided: 'open',
          })
        ).statusCode,
      ).toBe(403);

    // Without the half-time score, half-time markets are left open (by choice); the full-time ones are settled.
    const confirm = async () =>
      (
        await ops('POST', `/ops/v1/events/${id}/result/confirm`, tokens.trader, {
          facts: { home: 1, away: 0 },
          undecided: 'open',
          reason: 'feed_error',
        })
      ).json().result as OpsEventResult;
    const done = await confirm();
    const outcome = (marketId: number) => done.markets.find((m) => m.marketId === marketId)!.outcome;
    expect(outcome(byType(1).id)).toBe('settled');
    expect(outcome(byType(60).id)).toBe('open');
    if (scorer) expect(outcome(scorer.id)).toBe('open');
    const payout = Math.floor((1000 * Math.round(homeWin.odd * 1000)) / 1000);
    expect(done.money).toEqual(
      [demoBrand, kartalBrand]
        .sort((a, b) => a - b)
        .map((brand) =>
          expect.objectContaining({
            brand: { id: brand, name: expect.any(String) },
            bets: 1,
            change: payout,
            paidNow: payout,
            // The book's result on the settled bet: its stake less its payout.
            stakes: 1000,
            net: 1000 - payout,
          }),
        ),
    );
    expect(await balances()).toEqual([before[0]! + payout, before[1]! + payout]);
    // Again: every resulted market is `already`, nothing moves; the half-time markets still wait.
    const again = await confirm();
    expect(again.money).toEqual([]);
    expect(again.markets.find((m) => m.marketId === byType(1).id)!.outcome).toBe('already');
    // With the half-time score given later, the half-time markets are decided and paid.
    const ht = (
      await ops('POST', `/ops/v1/events/${id}/result/confirm`, tokens.trader, {
        facts: { home: 1, away: 0, htHome: 1, htAway: 0 },
        undecided: 'void',
      })
    ).json().result as OpsEventResult;
    expect(ht.markets.find((m) => m.marketId === byType(60).id)!.outcome).toBe('settled');
    const htPayout = Math.floor((400 * Math.round(htHome.odd * 1000)) / 1000);
    expect(ht.money.map((m) => m.change)).toEqual([htPayout, htPayout]);
    expect(ht.money.map((m) => [m.stakes, m.net])).toEqual([
      [400, 400 - htPayout],
      [400, 400 - htPayout],
    ]);
    expect(await balances()).toEqual([before[0]! + payout + htPayout, before[1]! + payout + htPayout]);
    const audit = await rows<{ n: number }>(
      sql`select count(*)::int as n from ops_audit_log where action = 'event.result' and target = ${`event:${id}`}`,
    );
    expect(audit.rows[0]!.n).toBe(3);
    await ledgerClean();
  }, 180_000);
  it('results a live event by hand only once the trader has suspended it; the waiting list shows it then', async () => {
    const { id } = await footballEvent();
    // In play (as the feed left it), its markets open: refused with its reason, not waiting for a hand result.
    await instances[0]!.database.db.execute(
      sql`update events set status = 'live', start_at = now() - interval '50 minutes' where id = ${id}`,
    );
    const waitingIds = async () =>
      (
        (await ops('GET', `/ops/v1/results/events?state=waiting&event=${id}`, tokens.support)).json()
          .result as { eventId: number; status: string }[]
      ).map((e) => [e.eventId, e.status]);
    expect(await waitingIds()).toEqual([]);
    const form = { facts: { home: 1, away: 1, htHome: 0, htAway: 1 }, undecided: 'void' };
    for (const step of ['preview', 'confirm']) {
      const refused = await ops('POST', `/ops/v1/events/${id}/result/${step}`, tokens.trader, form);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ error: 'event_live' });
      expect(refused.json().message).toMatch(/suspend it first/);
    }
    // The feed broke: the trader suspends the whole event; it waits for its result and the one form takes it.
    const suspended = await ops('POST', `/ops/v1/events/${id}/suspend`, tokens.trader, {
      reason: 'feed_issue',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(await waitingIds()).toEqual([[id, 'live']]);
    const preview = await ops('POST', `/ops/v1/events/${id}/result/preview`, tokens.trader, form);
    expect(preview.statusCode, preview.body).toBe(200);
    const done = await ops('POST', `/ops/v1/events/${id}/result/confirm`, tokens.trader, form);
    expect(done.statusCode, done.body).toBe(200);
    const outcomes = new Set((done.json().result as OpsEventResult).markets.map((m) => m.outcome));
    expect([...outcomes].every((o) => o === 'settled' || o === 'voided')).toBe(true);
    // Every market resolved: no longer waiting.
    expect(await waitingIds()).toEqual([]);
    await ledgerClean();
  }, 120_000);
});
