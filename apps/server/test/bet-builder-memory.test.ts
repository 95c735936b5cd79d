import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builderPriceResponseSchema, type FixtureEvent } from '@sb/contract';
import type { DbOrTx } from '../src/db/database';
import { createBetBuilder } from '../src/modules/sports/bet-builder.service';
import { createBettingView } from '../src/modules/sports/betting-view';
import { DEFAULT_BUILDER_TARGETS } from '../src/modules/sports/pricing/football.builder';
import { emptyFacts, type FootballState } from '../src/modules/sports/pricing/football.facts';
import { DEFAULT_PRICING } from '../src/modules/sports/pricing/pricing-options';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { preMatchPicks } from './support/betting';

/**
 * The bet builder's quote (issue 37) answers from the read model: the legs' states and the event's match state
 * come from memory, kept current by the bus (`fixture.state` with the row's match state, `fixture.markets`), on
 * every instance. A builder whose database throws on any use still prices, and follows a goal and a suspension
 * as they are published; the route's price is the one the database path gives for the same state.
 */
describeEachBackend('bet builder price from memory', (backend) => {
  let server: TestServer;
  let event: FixtureEvent;

  beforeAll(async () => {
    server = await createTestServer(backend, { config: { CATALOGUE_SCALE: 0.05 } });
    const [pick] = await preMatchPicks(server, 1);
    // The fixture call loads the event's markets into the read model.
    event = (await server.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${pick!.eventId}` })).json()
      .result as FixtureEvent;
  });
  afterAll(async () => server?.close());

  const sel = (t: number, s: string, outcome: string) => {
    const found = event.markets
      .find((x) => x.t === t && x.s === s)
      ?.selections.find((x) => x.outcome === outcome);
    if (!found) throw new Error(`no selection ${t}/${s}/${outcome}`);
    return found;
  };
  const price = (oddIds: number[]) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/bet-builder/price',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ eventId: event.id, oddIds }),
    });

  /** A database that fails the test on any use. */
  const noDatabase = new Proxy(
    {},
    {
      get(_t, key) {
        throw new Error(`the quote used the database (${String(key)})`);
      },
    },
  ) as DbOrTx;

  /** A builder over the server's read model and catalogue whose database throws. */
  function memoryOnlyBuilder() {
    const sports = server.modules.sports;
    const betting = createBettingView({
      db: noDatabase,
      readModel: sports.readModel,
      catalogue: sports.catalogue,
      pricing: sports.margins.pricing,
      isProducerStale: () => false,
      now: () => Date.now(),
    });
    return createBetBuilder({
      db: noDatabase,
      betting,
      catalogue: sports.catalogue,
      pricing: sports.margins.pricing,
      options: DEFAULT_PRICING,
      targets: DEFAULT_BUILDER_TARGETS,
    });
  }

  /** A first-half state: the home side 1–0 up at minute 30. */
  const homeLeads = (): FootballState => ({
    phase: 'first_half',
    minute: 30,
    facts: { ...emptyFacts(), h1: 1 },
    added: [0, 0],
  });

  it('prices from memory, follows a published goal and suspension, as the database path prices the state', async () => {
    const over = sel(18, '2.5', 'over');
    const btts = sel(29, '', 'yes');
    const legs = [over.id, btts.id];
    const memory = memoryOnlyBuilder();
    const before = await memory.quote(null, event.id, legs);
    if (!('odd' in before)) throw new Error(`refused: ${JSON.stringify(before)}`);
    const routed = await price(legs);
    expect(routed.statusCode, routed.body).toBe(200);
    expect(builderPriceResponseSchema.parse(routed.json()).result.odd).toBe(before.odd);

    // A goal: the state goes out on the bus as the simulator writes it (the database gets the same row).
    const state = homeLeads();
    await server.database.db.execute(
      sql`update events set sim = ${JSON.stringify({ match: { kind: 'football', football: state } })}::jsonb where id = ${event.id}`,
    );
    await server.bus.publish('fixture.state', {
      eventId: event.id,
      ts: Date.now(),
      match: { kind: 'football', football: state },
      pricesBehindScore: false,
    });
    const after = await memory.quote(null, event.id, legs);
    if (!('odd' in after)) throw new Error(`refused: ${JSON.stringify(after)}`);
    expect(after.odd).not.toBe(before.odd);
    expect(after.model.input.state).toEqual(state);
    // The placement path (the database, in a transaction) prices the same state to the same odd.
    const stored = await server.modules.sports.builder.quote(null, event.id, legs, server.database.db);
    expect('odd' in stored && stored.odd).toBe(after.odd);
    // A reload from the database (a bus gap's rebuild, another instance's start) keeps the row's match state.
    await server.modules.sports.readModel.reloadEvents([event.id]);
    const reloaded = await memory.quote(null, event.id, legs);
    expect('odd' in reloaded && reloaded.model.input.state).toEqual(state);
    const routedAfter = await price(legs);
    expect(builderPriceResponseSchema.parse(routedAfter.json()).result.odd).toBe(after.odd);

    // A leg suspended on the bus is refused at once, still without the database.
    const market = event.markets.find((m) => m.t === 29 && m.s === '')!;
    await server.bus.publish('fixture.markets', {
      type: 'market_update',
      eventId: event.id,
      ts: Date.now(),
      markets: [
        {
          id: market.id,
          t: market.t,
          s: market.s,
          disabled: true,
          selections: market.selections.map((s) => ({
            id: s.id,
            outcome: s.outcome,
            odd: s.odd,
            isDisabled: true,
            isClosed: false,
          })),
        },
      ],
    });
    expect(await memory.quote(null, event.id, legs)).toEqual({
      code: 'leg',
      oddId: btts.id,
      state: 'suspended',
    });
    const refused = await price(legs);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(`${btts.id} is suspended`);
  });
});
