import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  betResponseSchema,
  checkBetsResponseSchema,
  opsBetDetailResponseSchema,
  opsEventLiabilitySchema,
  opsTickerResponseSchema,
  type FixtureEvent,
} from '@sb/contract';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { bearer } from './support/accounts';
import { fundedClient } from './support/casino';
import { finishEvents, preMatchPicks, type Pick } from './support/betting';
import { opsRequest, opsSession } from './support/ops';
import { offeredBuilder } from './support/builder-quotes';

/**
 * A bet builder on the slip (issue 37): one entry of its event (`bets[i][builder]`, `bets[i][odd]` = the quoted
 * price), checked and placed like a selection, re-priced when stale, refused when a leg is decided, a leg of a
 * multiple, settled through `betPayout` (win, loss, a void leg under both brand rules), cashed out; the ledger
 * audit clean throughout.
 */
describeEachBackend('bet builder on the slip', (backend) => {
  let server: TestServer;
  let token = '';
  let kartalToken = '';
  let events: number[] = [];
  const reprice = new Set<number>();
  let next = 0;

  beforeAll(async () => {
    server = await createTestServer(backend, {
      config: { CATALOGUE_SCALE: 0.1, BUILDER_VOID_REPRICE_BRANDS: reprice },
    });
    events = (await preMatchPicks(server, 12)).map((p) => p.eventId);
    token = (await fundedClient(server, 'builder-demo', 500_000)).token;
    const kartal = await fundedClient(server, 'builder-kartal', 500_000, 'kartal.localhost');
    kartalToken = kartal.token;
    reprice.add(kartal.user.appId);
  });
  afterAll(async () => server?.close());

  const eventOf = async (id: number) =>
    (await server.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${id}` })).json()
      .result as FixtureEvent;
  /** A fresh event and the ids of its selections (t, s, outcome). */
  async function freshEvent() {
    const event = await eventOf(events[next++]!);
    const sel = (t: number, s: string, outcome: string) =>
      event.markets.find((m) => m.t === t && m.s === s)!.selections.find((x) => x.outcome === outcome)!;
    return { event, sel };
  }
  const quote = async (eventId: number, oddIds: number[], host = 'localhost') => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/bet-builder/price',
      headers: { host, 'content-type': 'application/json' },
      payload: JSON.stringify({ eventId, oddIds }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.odd as number;
  };
  /** A slip form with a builder entry first and plain picks after it. */
  function form(
    type: 1 | 2,
    amount: number,
    builder: { eventId: number; legs: number[]; odd: number },
    picks: Pick[] = [],
  ) {
    const f = new URLSearchParams({ walletType: 'cash', type: String(type), amount: String(amount) });
    f.append('bets[0][eventId]', String(builder.eventId));
    f.append('bets[0][builder]', builder.legs.join(','));
    f.append('bets[0][odd]', String(builder.odd));
    picks.forEach((p, k) => {
      f.append(`bets[${k + 1}][eventId]`, String(p.eventId));
      f.append(`bets[${k + 1}][oddId]`, String(p.oddId));
      f.append(`bets[${k + 1}][odd]`, String(p.odd));
    });
    return f.toString();
  }
  const post = (url: string, body: string, who = token, host = 'localhost') =>
    server.app.inject({
      method: 'POST',
      url,
      headers: {
        ...bearer(who, host),
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': randomUUID(),
      },
      payload: body,
    });
  const detail = async (id: number, who = token, host = 'localhost') =>
    betResponseSchema.parse(
      (
        await server.app.inject({
          method: 'GET',
          url: `/api/v1/bet/detail/${id}`,
          headers: bearer(who, host),
        })
      ).json(),
    ).result;
  const audit = async () => {
    for (const host of ['localhost', 'kartal.localhost']) {
      const app = await server.modules.tenancy.service.findByHost(host);
      expect(await server.modules.wallet.service.audit(app!.id)).toEqual({
        total: 0,
        mismatched: [],
        unbalancedMovements: 0,
      });
    }
  };
  const cashBalance = async (_server: TestServer, who: string, host = 'localhost') =>
    (await server.app.inject({ method: 'GET', url: '/api/get/session', headers: bearer(who, host) })).json()
      .result.user.balance as number;
  const settleAll = async () => {
    await server.modules.betting.settlement.settleDue();
  };

  it('places a builder at its quoted price, re-prices a stale one, refuses one with a decided leg', async () => {
    const { event, sel } = await freshEvent();
    const legs = [sel(1, '', '1').id, sel(18, '2.5', 'over').id, sel(29, '', 'yes').id];
    const odd = await quote(event.id, legs);
    const stale = checkBetsResponseSchema.parse(
      (await post('/api/v1/checkBets', form(1, 1000, { eventId: event.id, legs, odd: odd + 0.5 }))).json(),
    );
    expect(stale.error).toBe('bet_error');
    const builderId = stale.bets[0]!.entity.id;
    expect(stale.errors.bets[String(builderId)]).toMatchObject({ code: 'odd_changed', value: odd });
    const before = await cashBalance(server, token);
    const res = await post('/api/v1/betPlace', form(1, 1000, { eventId: event.id, legs, odd }));
    expect(res.statusCode, res.body).toBe(200);
    const bet = betResponseSchema.parse(res.json()).result;
    expect(await cashBalance(server, token)).toBe(before - 1000);
    expect(bet.items).toHaveLength(1);
    expect(bet.items[0]).toMatchObject({ name: 'Bet Builder', oddValue: odd });
    // The legs as the builder holds them (ascending ids), each open.
    expect(bet.items[0]!.builder!.map((l) => [l.selectionId, l.result])).toEqual(
      [...legs].sort((a, b) => a - b).map((id) => [id, null]),
    );
    // The same legs in another order are the same builder.
    const again = checkBetsResponseSchema.parse(
      (
        await post('/api/v1/checkBets', form(1, 1000, { eventId: event.id, legs: [...legs].reverse(), odd }))
      ).json(),
    );
    expect(again.error).toBeNull();
    expect(again.bets[0]!.entity.id).toBe(builderId);
    // A leg decided since the quote: the builder is refused.
    await server.database.db.execute(sql`update selections set result = 'win' where id = ${legs[2]!}`);
    const decided = checkBetsResponseSchema.parse(
      (await post('/api/v1/checkBets', form(1, 1000, { eventId: event.id, legs, odd }))).json(),
    );
    expect(decided.errors.bets[String(builderId)]).toMatchObject({ code: 'closed' });
    expect((await post('/api/v1/betPlace', form(1, 1000, { eventId: event.id, legs, odd }))).statusCode).toBe(
      400,
    );
    await server.database.db.execute(sql`update selections set result = null where id = ${legs[2]!}`);
    // Legs of another event are no builder of this one.
    const other = await eventOf(events[11]!);
    const foreign = checkBetsResponseSchema.parse(
      (
        await post(
          '/api/v1/checkBets',
          form(1, 1000, { eventId: event.id, legs: [legs[0]!, other.markets[0]!.selections[0]!.id], odd }),
        )
      ).json(),
    );
    expect(Object.values(foreign.errors.bets)[0]).toMatchObject({ code: 'not_found' });
    await audit();
  });

  it('settles a builder won when every leg wins and lost when one loses, through betPayout', async () => {
    const won = await freshEvent();
    const lost = await freshEvent();
    const place = async (e: Awaited<ReturnType<typeof freshEvent>>) => {
      const legs = [e.sel(1, '', '1').id, e.sel(18, '1.5', 'over').id];
      const odd = await quote(e.event.id, legs);
      const res = await post('/api/v1/betPlace', form(1, 2000, { eventId: e.event.id, legs, odd }));
      expect(res.statusCode, res.body).toBe(200);
      return { bet: betResponseSchema.parse(res.json()).result, odd };
    };
    const a = await place(won);
    const b = await place(lost);
    const before = await cashBalance(server, token);
    await finishEvents(server, [
      { eventId: won.event.id, home: 2, away: 0 },
      { eventId: lost.event.id, home: 1, away: 0 },
    ]);
    await settleAll();
    const wonView = await detail(a.bet.id);
    expect(wonView.result.key).toBe('win');
    expect(wonView.earnings).toBe(Math.floor(2000 * a.odd));
    const lostView = await detail(b.bet.id);
    expect(lostView.result.key).toBe('loss');
    // Each leg's own result: home won, over 1.5 lost.
    expect(lostView.items[0]!.builder!.map((l) => l.result).sort()).toEqual(['loss', 'win']);
    expect(await cashBalance(server, token)).toBe(before + Math.floor(2000 * a.odd));
    await audit();
  });

  it('voids the whole builder on a void leg by default, and settles the rest at their price where the brand says so', async () => {
    const plain = await freshEvent();
    const repriced = await freshEvent();
    const place = async (e: Awaited<ReturnType<typeof freshEvent>>, who: string, host: string) => {
      // Draw no bet voids on a draw; under 2.5 wins on 1:1.
      const legs = [e.sel(11, '', '1').id, e.sel(18, '2.5', 'under').id];
      const odd = await quote(e.event.id, legs, host);
      const res = await post(
        '/api/v1/betPlace',
        form(1, 2000, { eventId: e.event.id, legs, odd }),
        who,
        host,
      );
      expect(res.statusCode, res.body).toBe(200);
      return betResponseSchema.parse(res.json()).result;
    };
    const a = await place(plain, token, 'localhost');
    const b = await place(repriced, kartalToken, 'kartal.localhost');
    // The rest's price at placement: under 2.5 alone, from the model inputs stored with the bet.
    const stored = (await server.database.db.execute(
      sql`select builder from bet_legs where bet_id = ${b.id}`,
    )) as unknown as { rows: { builder: { model: unknown; legs: { selectionId: number }[] } }[] };
    const kartalBefore = await cashBalance(server, kartalToken, 'kartal.localhost');
    await finishEvents(server, [
      { eventId: plain.event.id, home: 1, away: 1 },
      { eventId: repriced.event.id, home: 1, away: 1 },
    ]);
    const restOdd = await server.modules.sports.betting.builderVoidOdd(stored.rows[0]!.builder);
    expect(restOdd).not.toBeNull();
    await settleAll();
    const refunded = await detail(a.id);
    expect(refunded.result.key).toBe('refund');
    expect(refunded.earnings).toBe(2000);
    const settled = await detail(b.id, kartalToken, 'kartal.localhost');
    expect(settled.result.key).toBe('win');
    const odd = Math.min(restOdd!, b.items[0]!.oddValue);
    expect(settled.earnings).toBe(Math.floor((2000 * Math.round(odd * 1000)) / 1000));
    expect(await cashBalance(server, kartalToken, 'kartal.localhost')).toBe(kartalBefore + settled.earnings);
    await audit();
  });

  it('takes a builder as a leg of a multiple with other events, and cashes it out from the live grid', async () => {
    const { event, sel } = await freshEvent();
    const [pick] = await preMatchPicks(server, 1, 10);
    const legs = [sel(1, '', '1').id, sel(29, '', 'no').id];
    const odd = await quote(event.id, legs);
    const res = await post('/api/v1/betPlace', form(2, 1000, { eventId: event.id, legs, odd }, [pick!]));
    expect(res.statusCode, res.body).toBe(200);
    const bet = betResponseSchema.parse(res.json()).result;
    expect(bet.items).toHaveLength(2);
    // Two entries of one event in a multiple: refused as any same-event pair is.
    const same = checkBetsResponseSchema.parse(
      (
        await post(
          '/api/v1/checkBets',
          form(2, 1000, { eventId: event.id, legs, odd }, [
            { eventId: event.id, oddId: sel(25, '', 'odd').id, odd: sel(25, '', 'odd').odd },
          ]),
        )
      ).json(),
    );
    expect(same.errors.general[0]).toMatchObject({ code: 'same_event' });
    const url = `/api/v1/bet-cash-out/${bet.id}`;
    const q = (await server.app.inject({ method: 'GET', url, headers: bearer(token) })).json().result;
    expect(q).toMatchObject({ available: true, reason: null });
    expect(q.amount).toBeGreaterThan(0);
    expect(q.amount).toBeLessThan(Math.floor(1000 * odd * pick!.odd));
    const before = await cashBalance(server, token);
    const done = await server.app.inject({
      method: 'POST',
      url,
      headers: bearer(token),
      payload: { expected: q.amount },
    });
    expect(done.json().result).toMatchObject({ status: 'cashed_out', paid: q.amount });
    expect(await cashBalance(server, token)).toBe(before + q.amount);
    await audit();
  });

  it("shows the desk a builder's legs by name with their results: ticker, bet detail and the event's liability", async () => {
    // An event offering anytime scorers before kick-off (provider 5 opens them only in play: spec §4).
    const offering = (await server.database.db.execute(
      sql`select m.event_id::int as id from markets m join events e on e.id = m.event_id
          where m.t = 888 and not m.closed and e.provider_id <> 5 and e.start_at > now() + interval '1 hour'
          order by e.start_at limit 1`,
    )) as unknown as { rows: { id: number }[] };
    expect(offering.rows).toHaveLength(1);
    const event = { id: offering.rows[0]!.id };
    const selection = async (t: number, s: string, outcome: string | null) =>
      (
        (await server.database.db.execute(
          sql`select x.id::text as id, x.name from selections x join markets m on m.id = x.market_id
              where m.event_id = ${event.id} and m.t = ${t} and m.s = ${s}
                and (${outcome}::text is null or x.outcome = ${outcome}) order by x.id limit 1`,
        )) as unknown as { rows: { id: string; name: string }[] }
      ).rows.map((r) => ({ id: Number(r.id), name: r.name }))[0]!;
    // Scorers and players to score 2 or more (type 889: a player leg of its own market, named in both languages),
    // shortest first.
    const players = async (t: number) =>
      (
        (await server.database.db.execute(
          sql`select x.id::text as id, x.name from selections x join markets m on m.id = x.market_id
              where m.event_id = ${event.id} and m.t = ${t} and not x.is_disabled
              order by x.odd, x.id`,
        )) as unknown as { rows: { id: string; name: string }[] }
      ).rows.map((r) => ({ id: Number(r.id), name: r.name }));
    const scorers = await players(888);
    const braces = await players(889);
    // The favourite's win (outcome 1 or 2, the shorter): an underdog's win with the favourite's scorers priced
    // above PRICE_MAX_ODD.
    const [favourite] = (
      (await server.database.db.execute(
        sql`select x.outcome from selections x join markets m on m.id = x.market_id
            where m.event_id = ${event.id} and m.t = 1 and x.outcome in ('1', '2') order by x.odd limit 1`,
      )) as unknown as { rows: { outcome: string }[] }
    ).rows;
    const sel = {
      home: await selection(1, '', favourite!.outcome),
      over: await selection(18, '2.5', 'over'),
    };
    // The four legs with a scorer and another player's brace that the book offers: the event's drawn strengths
    // and squads decide the price, and even the shortest pair was refused as priced above PRICE_MAX_ODD on a run
    // that got another event. Shortest pairs first, each asked once.
    function* candidates() {
      for (const scorer of scorers)
        for (const brace of braces)
          if (brace.name !== scorer.name) yield [sel.home.id, sel.over.id, scorer.id, brace.id];
    }
    const { legs, odd } = await offeredBuilder(server, event.id, candidates());
    const scorer = scorers.find((s) => s.id === legs[2])!;
    const brace = legs[3]!;
    // The scorer legs are builder selections the app offers (its tab lists what /compatible answers).
    const offered = await server.app.inject({
      method: 'POST',
      url: '/api/v1/bet-builder/compatible',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ eventId: event.id, oddIds: [sel.home.id] }),
    });
    expect(offered.json().result.oddIds).toEqual(expect.arrayContaining([sel.over.id, scorer.id, brace]));
    const res = await post('/api/v1/betPlace', form(1, 1500, { eventId: event.id, legs, odd }));
    expect(res.statusCode, res.body).toBe(200);
    const bet = betResponseSchema.parse(res.json()).result;
    const ops = opsRequest(server);
    const trader = await opsSession(server, 'trader', 'trader-pass-2026');
    const names = server.modules.sports.betting.marketName;
    const expected = [
      { selectionId: legs[0], market: { en: names(1, 'en'), tr: names(1, 'tr') }, result: null },
      { selectionId: legs[1], market: { en: `${names(18, 'en')} (2.5)`, tr: `${names(18, 'tr')} (2.5)` } },
      {
        selectionId: legs[2],
        market: { en: names(888, 'en') },
        selection: { en: scorer.name, tr: scorer.name },
      },
      {
        selectionId: legs[3],
        market: { en: 'Player to Score 2 or More', tr: '2 veya Daha Fazla Gol Atacak Oyuncu' },
        result: null,
      },
    ];
    const detail = opsBetDetailResponseSchema.parse(
      (await ops('GET', `/ops/v1/bets/${bet.id}/detail`, trader)).json(),
    ).result;
    expect(detail.legs).toHaveLength(1);
    expect(detail.legs[0]!.market.name.en).toBe('Bet Builder');
    expect(detail.legs[0]!.builder).toMatchObject(expected);
    const ticker = opsTickerResponseSchema.parse(
      (await ops('GET', `/ops/v1/bets?event=${event.id}`, trader)).json(),
    ).result;
    expect(ticker.find((b) => b.id === bet.id)!.selections[0]!.builder).toMatchObject(expected);
    const liability = opsEventLiabilitySchema.parse(
      (await ops('GET', `/ops/v1/liability?eventId=${event.id}`, trader)).json().result,
    );
    const market = liability.markets.find((m) => m.marketType === 0)!;
    expect(market.name).toEqual({ en: 'Bet Builder', tr: 'Bahis Oluşturucu' });
    // (Other builders of this event stand beside it, from the tests before: this bet's is the one with its legs.)
    const mine = market.selections.find((x) => x.builder?.map((l) => l.selectionId).join() === legs.join());
    expect(mine?.builder).toMatchObject(expected);
    // The legs' results follow their markets: the favourite wins 2:0 (its win won, over 2.5 lost), the scorer's
    // as settled.
    const [home, away] = favourite!.outcome === '1' ? [2, 0] : [0, 2];
    await finishEvents(server, [{ eventId: event.id, home, away }]);
    const after = opsBetDetailResponseSchema.parse(
      (await ops('GET', `/ops/v1/bets/${bet.id}/detail`, trader)).json(),
    ).result;
    expect(after.legs[0]!.builder!.slice(0, 2).map((l) => l.result)).toEqual(['win', 'loss']);
  });
});
