import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builderCompatibleResponseSchema, builderPriceResponseSchema, type FixtureEvent } from '@sb/contract';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { preMatchPicks } from './support/betting';

/**
 * Bet builder calls (issue 37): `POST /api/v1/bet-builder/price` and `/compatible` on a pre-match football event
 * of the seeded catalogue, as the web calls them (JSON, per brand by host).
 */
describeEachBackend('bet builder calls', (backend) => {
  let server: TestServer;
  let event: FixtureEvent;
  let otherEventOdd = 0;

  beforeAll(async () => {
    server = await createTestServer(backend, { config: { CATALOGUE_SCALE: 0.05 } });
    const picks = await preMatchPicks(server, 2);
    otherEventOdd = picks[1]!.oddId;
    event = (await server.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${picks[0]!.eventId}` })).json()
      .result as FixtureEvent;
  });
  afterAll(async () => server?.close());

  /** The selection of market type t (line s) with outcome code. */
  const sel = (t: number, s: string, outcome: string) => {
    const m = event.markets.find((x) => x.t === t && x.s === s);
    const found = m?.selections.find((x) => x.outcome === outcome);
    if (!found) throw new Error(`no selection ${t}/${s}/${outcome}`);
    return found;
  };
  const call = (path: 'price' | 'compatible', body: unknown, host = 'localhost') =>
    server.app.inject({
      method: 'POST',
      url: `/api/v1/bet-builder/${path}`,
      headers: { host, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('prices correlated legs shorter than the product of their singles, and an implied leg adds nothing', async () => {
    const over = sel(18, '2.5', 'over');
    const btts = sel(29, '', 'yes');
    const res = await call('price', { eventId: event.id, oddIds: [over.id, btts.id] });
    expect(res.statusCode, res.body).toBe(200);
    const { result } = builderPriceResponseSchema.parse(res.json());
    expect(result.oddIds).toEqual([over.id, btts.id]);
    // The builder's selection id (its slip entry's oddId): the same for the same legs in any order.
    expect(result.id).toBeGreaterThan(2 ** 50);
    const reversed = await call('price', { eventId: event.id, oddIds: [btts.id, over.id] });
    expect(builderPriceResponseSchema.parse(reversed.json()).result.id).toBe(result.id);
    expect(result.odd).toBeGreaterThanOrEqual(1.02);
    expect(result.odd).toBeLessThan(over.odd * btts.odd);
    // Two decimals at most (2.07 × 100 is 206.99999999999997 in binary floating point: compare the decimal).
    expect(Number(result.odd.toFixed(2))).toBe(result.odd);
    expect(result.maxStake).toBe(Math.min(over.maxStake, btts.maxStake));
    // Over 1.5 is implied by over 2.5: the three legs are priced as the two.
    const implied = await call('price', {
      eventId: event.id,
      oddIds: [over.id, btts.id, sel(18, '1.5', 'over').id],
    });
    expect(builderPriceResponseSchema.parse(implied.json()).result.odd).toBe(result.odd);
  });

  it('refuses legs that cannot all win with 409 incompatible naming them', async () => {
    const home = sel(1, '', '1');
    const away01 = sel(45, '', '0:1');
    const res = await call('price', {
      eventId: event.id,
      oddIds: [sel(29, '', 'yes').id, home.id, away01.id],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'incompatible', oddIds: [home.id, away01.id] });
    const totals = await call('price', {
      eventId: event.id,
      oddIds: [sel(18, '3.5', 'over').id, sel(18, '2.5', 'under').id],
    });
    expect(totals.statusCode).toBe(409);
    expect(totals.json().error).toBe('incompatible');
  });

  it('answers 400 naming the field for bad input, other events, too many legs and suspended legs', async () => {
    const home = sel(1, '', '1');
    const over = sel(18, '2.5', 'over');
    const many = event.markets
      .filter((m) => m.t === 45)
      .flatMap((m) => m.selections)
      .slice(0, 11)
      .map((s) => s.id);
    const cases: [unknown, string][] = [
      [{ eventId: event.id, oddIds: [home.id] }, 'oddIds'],
      [{ eventId: event.id, oddIds: many }, 'oddIds'],
      [{ eventId: event.id, oddIds: [home.id, home.id] }, 'oddIds'],
      [{ eventId: event.id, oddIds: ['x', home.id] }, 'oddIds.0'],
      [{ eventId: 'e', oddIds: [home.id, over.id] }, 'eventId'],
      [{ eventId: event.id, oddIds: [home.id, otherEventOdd] }, 'oddIds'],
      [{ eventId: event.id + 1_000_000, oddIds: [home.id, over.id] }, 'oddIds'],
    ];
    for (const [body, field] of cases) {
      const res = await call('price', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
    const other = await call('price', { eventId: event.id, oddIds: [home.id, otherEventOdd] });
    expect(other.json().message).toContain(`${otherEventOdd}`);
    // A suspended market's selection is refused (the operator's suspension, as the back office sets it: the row
    // and the bus, which the quote's read model follows).
    const suspension = server.modules.sports.operatorSuspension;
    await suspension.suspendSelection(over.id, 'test');
    try {
      const res = await call('price', { eventId: event.id, oddIds: [home.id, over.id] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        field: 'oddIds',
        message: `oddIds: selection ${over.id} is suspended`,
      });
    } finally {
      await suspension.resumeSelection(over.id);
    }
  });

  it('lists the selections that can still join, leaving out those that cannot win with the legs', async () => {
    const home = sel(1, '', '1');
    const res = await call('compatible', { eventId: event.id, oddIds: [home.id] });
    expect(res.statusCode, res.body).toBe(200);
    const ids = new Set(builderCompatibleResponseSchema.parse(res.json()).result.oddIds);
    expect(ids.has(sel(45, '', '1:0').id)).toBe(true);
    expect(ids.has(sel(45, '', '0:1').id)).toBe(false);
    expect(ids.has(sel(1, '', 'X').id)).toBe(false);
    expect(ids.has(sel(29, '', 'yes').id)).toBe(true);
    expect(ids.has(home.id)).toBe(false);
    // Corners and cards are not builder legs.
    const corners = (
      (await server.database.db.execute(
        sql`select s.id::text as id from selections s join markets m on m.id = s.market_id
            where m.event_id = ${event.id} and m.t in (136, 137, 138, 139, 146, 147, 148)`,
      )) as unknown as { rows: { id: string }[] }
    ).rows.map((r) => ({ id: Number(r.id) }));
    expect(corners.length).toBeGreaterThan(0);
    for (const s of corners) expect(ids.has(s.id)).toBe(false);
    // Nothing picked yet: every open builder selection.
    const all = builderCompatibleResponseSchema.parse(
      (await call('compatible', { eventId: event.id, oddIds: [] })).json(),
    );
    expect(all.result.oddIds).toContain(sel(45, '', '0:1').id);
    expect((await call('compatible', { eventId: event.id, oddIds: [otherEventOdd] })).json().field).toBe(
      'oddIds',
    );
  });

  it("applies the brand's builder margin on top of the shared builder price", async () => {
    const legs = [sel(18, '2.5', 'over').id, sel(29, '', 'yes').id];
    const shared = builderPriceResponseSchema.parse(
      (await call('price', { eventId: event.id, oddIds: legs })).json(),
    );
    const kartal = (await server.modules.tenancy.service.findByHost('kartal.localhost'))!.id;
    await server.modules.sports.margins.set({ brandId: kartal, sportId: null, family: 'builder' }, 1000);
    try {
      const res = await call('price', { eventId: event.id, oddIds: legs }, 'kartal.localhost');
      const branded = builderPriceResponseSchema.parse(res.json()).result.odd;
      expect(branded).toBe(Math.floor((Math.round(shared.result.odd * 1000) * 10_000) / (11_000 * 10)) / 100);
      // The other brand is untouched.
      expect(
        builderPriceResponseSchema.parse((await call('price', { eventId: event.id, oddIds: legs })).json())
          .result.odd,
      ).toBe(shared.result.odd);
    } finally {
      await server.modules.sports.margins.set({ brandId: kartal, sportId: null, family: 'builder' }, null);
    }
  });
});
