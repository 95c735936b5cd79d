import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { betResponseSchema, type FixtureEvent } from '@sb/contract';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { bearer } from './support/accounts';
import { fundedClient } from './support/casino';
import { preMatchPicks, slipForm, type Pick } from './support/betting';
import { offeredBuilder } from './support/builder-quotes';

/**
 * Player to score 2 or more (type 889): offered on the sub-event with the other scorer markets, named in both
 * languages, placed as a single and as a bet builder leg, settled from the producer's result (a player with two
 * goals wins, one goal loses) and void when the result has no scorers, like the other scorer markets; the
 * ledger audit clean.
 */
describeEachBackend('player to score 2 or more', (backend) => {
  let server: TestServer;
  let token = '';
  let events: number[] = [];

  beforeAll(async () => {
    server = await createTestServer(backend, { config: { CATALOGUE_SCALE: 0.1 } });
    events = (await preMatchPicks(server, 2)).map((p) => p.eventId);
    token = (await fundedClient(server, 'two-plus', 500_000)).token;
  });
  afterAll(async () => server?.close());

  const eventOf = async (id: number) =>
    (await server.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${id}` })).json()
      .result as FixtureEvent;
  const post = (url: string, body: string) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: {
        ...bearer(token),
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': randomUUID(),
      },
      payload: body,
    });
  const place = async (body: string) => {
    const res = await post('/api/v1/betPlace', body);
    expect(res.statusCode, res.body).toBe(200);
    return betResponseSchema.parse(res.json()).result.id;
  };
  const detail = async (id: number) =>
    betResponseSchema.parse(
      (
        await server.app.inject({ method: 'GET', url: `/api/v1/bet/detail/${id}`, headers: bearer(token) })
      ).json(),
    ).result;
  /** The event's 2-or-more market (on its sub-event) and its home win selection. */
  const marketsOf = async (id: number) => {
    const event = await eventOf(id);
    const sub = await eventOf(event.sub);
    const twoPlus = sub.markets.find((m) => m.t === 889)!;
    const home = event.markets.find((m) => m.t === 1)!.selections.find((s) => s.outcome === '1')!;
    const players = twoPlus.selections.filter((s) => s.bundle === 'home');
    return { twoPlus, home, players };
  };
  const pick = (eventId: number, s: { id: number; odd: number }): Pick => ({
    eventId,
    oddId: s.id,
    odd: s.odd,
  });
  const result = async (eventId: number, facts: Record<string, unknown>) => {
    await server.modules.producer.operator.enqueue(eventId, 'result', facts);
    await server.modules.producer.runOnce();
    await server.modules.betting.settlement.settleDue();
  };

  it('is named in both languages and settles from the goals: a brace wins, one goal loses, no scorers void', async () => {
    const names = server.modules.sports.betting.marketName;
    expect([names(889, 'en'), names(889, 'tr')]).toEqual([
      'Player to Score 2 or More',
      '2 veya Daha Fazla Gol Atacak Oyuncu',
    ]);
    const first = await marketsOf(events[0]!);
    expect(first.twoPlus.selections.every((s) => s.odd > 1.02 && !s.isClosed)).toBe(true);
    // A builder: home win + a home player's brace, the first home player (in the market's order) for whom the book
    // offers it (the event's drawn squads decide the price: a defender's brace with an underdog's win can price above
    // PRICE_MAX_ODD); that player scores twice below, another home player once.
    const { legs, odd } = await offeredBuilder(
      server,
      events[0]!,
      first.players.map((p) => [first.home.id, p.id]),
    );
    const scorer = first.players.find((p) => p.id === legs[1]);
    const once = first.players.find((p) => p.id !== legs[1]);
    const single = await place(slipForm(1, 1000, [pick(events[0]!, scorer!)]));
    const lost = await place(slipForm(1, 1000, [pick(events[0]!, once!)]));
    const f = new URLSearchParams({ walletType: 'cash', type: '1', amount: '1000' });
    f.append('bets[0][eventId]', String(events[0]));
    f.append('bets[0][builder]', legs.join(','));
    f.append('bets[0][odd]', String(odd));
    const builder = await place(f.toString());

    const id = (s: { outcome: string }) => Number(s.outcome.slice(1));
    await result(events[0]!, {
      home: 3,
      away: 0,
      htHome: 2,
      htAway: 0,
      goals: [
        { minute: 10, team: 'h', playerId: id(scorer!) },
        { minute: 30, team: 'h', playerId: id(once!) },
        { minute: 70, team: 'h', playerId: id(scorer!) },
      ],
    });
    expect((await detail(single)).result.key).toBe('win');
    expect((await detail(single)).earnings).toBe(Math.floor(1000 * scorer!.odd));
    expect((await detail(lost)).result.key).toBe('loss');
    const built = await detail(builder);
    expect(built.result.key).toBe('win');
    expect(built.items[0]!.builder!.map((l) => l.result)).toEqual(['win', 'win']);

    // A result without scorers cannot decide a scorer market: void, the stake back.
    const second = await marketsOf(events[1]!);
    const voided = await place(slipForm(1, 1000, [pick(events[1]!, second.players[0]!)]));
    await result(events[1]!, { home: 2, away: 1, htHome: 1, htAway: 0 });
    const v = await detail(voided);
    expect(v.result.key).toBe('refund');
    expect(v.earnings).toBe(1000);
    const app = await server.modules.tenancy.service.findByHost('localhost');
    expect(await server.modules.wallet.service.audit(app!.id)).toMatchObject({ total: 0, mismatched: [] });
  });
});
