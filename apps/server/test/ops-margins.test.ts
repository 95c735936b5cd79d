import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { bearer } from './support/accounts';
import { fundedClient } from './support/casino';
import { connectFeed } from './support/feed-client';
import { checkBets, placeBet, preMatchPicks, slipForm, type Pick } from './support/betting';
import { opsRequest, opsSession, type OpsMethod } from './support/ops';

/**
 * Brand margins. A margin on brand A changes A's served odds (lists, event, widgets' view, feed
 * texts) and A's bet acceptance (checkBets, betPlace at exactly the served price), never brand B's.
 */
describeEachBackend('back office: brand margins', (backend) => {
  let server: TestServer;
  let demoBrand = 0;
  let kartalBrand = 0;
  let picks: Pick[] = [];
  const tokens: Record<string, string> = {};
  const ops = (method: OpsMethod, url: string, token?: string, payload?: object) =>
    opsRequest(server)(method, url, token, payload);
  const reason = 'margin test';

  interface Served {
    id: number;
    odd: number;
    isDisabled: boolean;
    active: boolean;
  }
  /** Every selection of an event as a site (host) is served it. */
  async function eventSelections(eventId: number, host: string): Promise<Served[]> {
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/v2/fixture/e/${eventId}`,
      headers: { host },
    });
    return res.json().result.markets.flatMap((m: { selections: Served[] }) => m.selections);
  }

  /** The pick's odd as a site serves it, from the event call and from the list. */
  async function served(pick: Pick, host: string) {
    const selection = (await eventSelections(pick.eventId, host)).find((s) => s.id === pick.oddId)!;
    const list = await server.app.inject({
      method: 'GET',
      url: `/api/v2/fixture/full?event=${pick.eventId}`,
      headers: { host },
    });
    const row = list
      .json()
      .result[0].markets.flatMap((m: { selections: Served[] }) => m.selections)
      .find((s: Served) => s.id === pick.oddId);
    return { odd: selection.odd, disabled: selection.isDisabled, listOdd: row?.odd };
  }

  const clientOf = async (host: string, name: string) =>
    (await fundedClient(server, name, 100_000, host)).token;

  const placeKartal = (token: string, body: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/betPlace',
      headers: {
        ...bearer(token, 'kartal.localhost'),
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': randomUUID(),
      },
      payload: body,
    });

  beforeAll(async () => {
    server = await createTestServer(backend, { config: { CATALOGUE_SCALE: 0.1 } });
    demoBrand = (await server.modules.tenancy.service.findByHost('localhost'))!.id;
    kartalBrand = (await server.modules.tenancy.service.findByHost('kartal.localhost'))!.id;
    picks = await preMatchPicks(server, 2);
    for (const role of ['support', 'trader'])
      tokens[role] = await opsSession(server, role, `${role}-pass-2026`);
  }, 180_000);
  afterAll(async () => server?.close());

  it('refuses bad input naming the field, support, and changes nothing', async () => {
    const refusals: [string, object, number, string | null][] = [
      ['support', { brandId: demoBrand, marginBp: 500, reason }, 403, null],
      ['trader', { brandId: demoBrand, marginBp: 500 }, 400, 'reason'],
      ['trader', { brandId: demoBrand, marginBp: 2.5, reason }, 400, 'marginBp'],
      ['trader', { brandId: demoBrand, marginBp: 9_000, reason }, 400, 'marginBp'],
      ['trader', { brandId: demoBrand, family: 'darts', marginBp: 500, reason }, 400, 'family'],
      ['trader', { brandId: demoBrand, sportId: 999_999, marginBp: 500, reason }, 400, 'sportId'],
      ['trader', { brandId: 999_999, marginBp: 500, reason }, 400, 'brandId'],
    ];
    for (const [who, body, status, field] of refusals) {
      const res = await ops('PUT', '/ops/v1/margins', tokens[who], body);
      expect(res.statusCode, res.body).toBe(status);
      if (field) expect(res.json().field, res.body).toBe(field);
    }
    expect((await ops('GET', '/ops/v1/margins', tokens.support)).json().result.margins).toEqual([]);
  });

  it("a margin on brand A changes A's served odds and bet acceptance, not brand B's", async () => {
    const [pick] = picks as [Pick];
    const shared = await served(pick, 'localhost');
    expect((await served(pick, 'kartal.localhost')).odd).toBe(shared.odd);
    const demoToken = await clientOf('localhost', 'margin-a');
    const kartalToken = await clientOf('kartal.localhost', 'margin-b');

    // 5% on football's main markets for Demo Bet (A); 10% on every sport for it too (the more specific wins).
    for (const body of [
      { brandId: demoBrand, marginBp: 1000, reason },
      { brandId: demoBrand, sportId: 1, family: 'main', marginBp: 500, reason },
    ]) {
      const res = await ops('PUT', '/ops/v1/margins', tokens.trader, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    const expected = Math.floor(Math.round(shared.odd * 1000) / 1.05 / 10) / 100;
    const a = await served(pick, 'localhost');
    expect(a.odd).toBeCloseTo(expected, 2);
    expect(a.odd).toBeLessThan(shared.odd);
    expect(a.listOdd).toBe(a.odd);
    const b = await served(pick, 'kartal.localhost');
    expect(b.odd).toBe(shared.odd);
    expect(b.listOdd).toBe(shared.odd);
    // The widgets' view and the feed's texts follow the brand.
    const widget = await server.modules.sports.reads.eventView(pick.eventId, 'en', demoBrand);
    expect(widget.markets.flatMap((m) => m.selections).find((s) => s.id === pick.oddId)?.odd).toBe(a.odd);
    expect(server.modules.sports.feedRendering.brandMarkets(kartalBrand, pick.eventId)).toBeNull();
    const feedA = server.modules.sports.feedRendering.brandMarkets(demoBrand, pick.eventId)!;
    const feedMarket = feedA.apply({
      id: 1,
      t: 1,
      s: '',
      disabled: false,
      selections: [{ id: pick.oddId, outcome: '1', odd: shared.odd, isDisabled: false, isClosed: false }],
    });
    expect(feedMarket.selections[0]!.odd).toBe(a.odd);

    // The live feed: a connection from A's site gets A's prices, one from B's site the shared ones.
    const baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const feedOdd = async (host: string) => {
      const feed = await connectFeed(baseUrl, host);
      feed.send({ type: 'subscribe', topics: [`event:${pick.eventId}`] });
      const update = await feed.next(
        (m) =>
          m.type === 'market_update' && m.markets.some((x) => x.selections.some((s) => s.id === pick.oddId)),
      );
      await feed.close();
      if (update.type !== 'market_update') throw new Error('not a market update');
      return update.markets.flatMap((x) => x.selections).find((s) => s.id === pick.oddId)!.odd;
    };
    expect(await feedOdd('localhost')).toBe(a.odd);
    expect(await feedOdd('kartal.localhost')).toBe(shared.odd);

    // A's client: the shared price is now a changed odd; the served one is accepted and recorded.
    const atShared = await placeBet(server, demoToken, slipForm(1, 500, [pick]));
    expect(atShared.statusCode).toBe(400);
    expect(atShared.body).toContain('odd_changed');
    const check = (await checkBets(server, demoToken, slipForm(1, 500, [{ ...pick, odd: a.odd }]))).json();
    expect(check.error, JSON.stringify(check)).toBeNull();
    expect(check.bets[0].value).toBe(a.odd);
    const visitor = (await checkBets(server, null, slipForm(1, 500, [{ ...pick, odd: a.odd }]))).json();
    expect(visitor.error, JSON.stringify(visitor)).toBeNull();
    const placedA = await placeBet(server, demoToken, slipForm(1, 500, [{ ...pick, odd: a.odd }]));
    expect(placedA.statusCode, placedA.body).toBe(200);
    // B's client still bets the shared price (and not A's).
    const atA = await placeKartal(kartalToken, slipForm(1, 500, [{ ...pick, odd: a.odd }]));
    expect(atA.statusCode).toBe(400);
    const placedB = await placeKartal(kartalToken, slipForm(1, 500, [pick]));
    expect(placedB.statusCode, placedB.body).toBe(200);
    const recorded = await server.database.db.execute(
      sql`select b.app_id::int as app, l.odds_thousandths::int as milli from bets b join bet_legs l on l.bet_id = b.id
          where l.selection_id = ${pick.oddId} order by b.id`,
    );
    const rows = (recorded as unknown as { rows: { app: number; milli: number }[] }).rows;
    expect(rows).toEqual([
      { app: demoBrand, milli: Math.round(a.odd * 1000) },
      { app: kartalBrand, milli: Math.round(shared.odd * 1000) },
    ]);

    // Listed, audited with before and after; removing the rows restores the shared price.
    const listed = (await ops('GET', `/ops/v1/margins?brand=${demoBrand}`, tokens.support)).json().result;
    expect(listed.margins).toHaveLength(2);
    const audit = (await ops('GET', '/ops/v1/audit?action=margin.set', tokens.support)).json().result;
    expect(audit[0]).toMatchObject({ action: 'margin.set', reason, after: { marginBp: 500 } });
    for (const body of [
      { brandId: demoBrand, marginBp: null, reason },
      { brandId: demoBrand, sportId: 1, family: 'main', marginBp: null, reason },
    ])
      expect((await ops('PUT', '/ops/v1/margins', tokens.trader, body)).statusCode).toBe(200);
    expect((await served(pick, 'localhost')).odd).toBe(shared.odd);
  });

  it('suspends a selection for the brand when its price leaves the band (never floored)', async () => {
    const pick = picks[1]!;
    const shared = await served(pick, 'localhost');
    // A margin large enough to take a short price below 1.02 only on this brand: the shortest open selection.
    const shortest = (await eventSelections(pick.eventId, 'localhost'))
      .filter((s) => !s.isDisabled && s.odd >= 1.02)
      .sort((x, y) => x.odd - y.odd)[0]!;
    expect(shortest.odd).toBeLessThan(1.27); // 25% takes it below 1.02
    const set = await ops('PUT', '/ops/v1/margins', tokens.trader, {
      brandId: demoBrand,
      marginBp: 2500,
      reason,
    });
    expect(set.statusCode).toBe(200);
    const a = (await eventSelections(pick.eventId, 'localhost')).find((x) => x.id === shortest.id)!;
    expect(a).toMatchObject({ isDisabled: true, active: false });
    const b = (await eventSelections(pick.eventId, 'kartal.localhost')).find((x) => x.id === shortest.id)!;
    expect(b).toMatchObject({ odd: shortest.odd, isDisabled: false });
    expect(shared.odd).toBeGreaterThan(1);
    await ops('PUT', '/ops/v1/margins', tokens.trader, { brandId: demoBrand, marginBp: null, reason });
  });
});
