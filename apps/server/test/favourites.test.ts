import { afterAll, beforeAll, expect, it } from 'vitest';
import { countResponseSchema, favouritesResponseSchema, fixtureListResponseSchema } from '@sb/contract';
import { manualClock } from '../src/lib/clock';
import { createFavouritesModule, FAVOURITES_CAP } from '../src/modules/favourites/index';
import type { HttpError } from '../src/plugins/errors';
import { bearer, createClient, login } from './support/accounts';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

describeEachBackend('favourites', (backend) => {
  let server: TestServer;
  let events: { id: number; sub: number; competition: number }[];
  const clock = manualClock(Date.UTC(2026, 10, 21, 12));
  beforeAll(async () => {
    server = await createTestServer(backend, { clock });
    const pages = await Promise.all(
      [1, 2, 3].map(async (page) =>
        fixtureListResponseSchema.parse(
          (
            await server.app.inject({ method: 'GET', url: `/api/v2/fixture/full?per_page=100&page=${page}` })
          ).json(),
        ),
      ),
    );
    events = pages
      .flatMap((p) => p.result)
      .map((e) => ({ id: e.id, sub: e.sub, competition: e.competition.id }));
  });
  afterAll(async () => server?.close());

  async function client(name: string, host = 'localhost') {
    await createClient(server, name, 'correct-horse-7', host);
    return (await login(server, name, 'correct-horse-7', host)).access_token;
  }
  const save = (token: string, payload: object | string, path = 'save', host = 'localhost') =>
    server.app.inject({
      method: 'POST',
      url: `/api/v1/favorite/${path}`,
      headers: {
        ...bearer(token, host),
        ...(typeof payload === 'string' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      payload,
    });
  const list = async (token: string) => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v2/favs',
      headers: { 'x-token': token, host: 'localhost' },
    });
    expect(res.statusCode).toBe(200);
    return favouritesResponseSchema.parse(res.json()).result.data;
  };

  it('saves matches and competitions (JSON or form), lists them by X-Token or bearer, removes them', async () => {
    const token = await client('fan');
    expect(await list(token)).toEqual([]);
    const [a, b] = events;
    expect((await save(token, { type: 1, id: a!.id })).json().result.data).toEqual([{ type: 1, id: a!.id }]);
    clock.advance(1_000);
    const form = await save(token, `type=2&id=${b!.competition}`);
    expect(form.statusCode).toBe(200);
    expect(form.json().result.data).toEqual([
      { type: 1, id: a!.id },
      { type: 2, id: b!.competition },
    ]);
    // The bearer header works for the list too.
    const byBearer = await server.app.inject({ method: 'GET', url: '/api/v2/favs', headers: bearer(token) });
    expect(byBearer.json().result.data).toHaveLength(2);

    const removed = await save(token, { type: 1, id: a!.id }, 'remove');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().result.data).toEqual([{ type: 2, id: b!.competition }]);
    expect(await list(token)).toEqual([{ type: 2, id: b!.competition }]);
  });

  it('is idempotent: saving twice keeps one, removing twice is harmless', async () => {
    const token = await client('repeat');
    const id = events[2]!.id;
    await save(token, { type: 1, id });
    const again = await save(token, { type: '1', id: String(id) });
    expect(again.statusCode).toBe(200);
    expect(again.json().result.data).toEqual([{ type: 1, id }]);
    await save(token, { type: 1, id }, 'remove');
    const twice = await save(token, { type: 1, id }, 'remove');
    expect(twice.statusCode).toBe(200);
    expect(twice.json().result.data).toEqual([]);
  });

  it("keeps each client's list its own: another client neither sees nor removes it", async () => {
    const owner = await client('owner');
    const other = await client('other');
    const id = events[3]!.id;
    await save(owner, { type: 1, id });
    expect(await list(other)).toEqual([]);
    const attempt = await save(other, { type: 1, id }, 'remove');
    expect(attempt.statusCode).toBe(200);
    expect(attempt.json().result.data).toEqual([]);
    expect(await list(owner)).toEqual([{ type: 1, id }]);
  });

  it('refuses missing, invalid and other-app tokens with 401', async () => {
    const none = await server.app.inject({
      method: 'GET',
      url: '/api/v2/favs',
      headers: { host: 'localhost' },
    });
    expect(none.statusCode).toBe(401);
    const bad = await server.app.inject({
      method: 'GET',
      url: '/api/v2/favs',
      headers: { 'x-token': 'not-a-token-at-all-0123456789', host: 'localhost' },
    });
    expect(bad.statusCode).toBe(401);
    const kartal = await client('kartalfan', 'kartal.localhost');
    const elsewhere = await server.app.inject({
      method: 'GET',
      url: '/api/v2/favs',
      headers: { 'x-token': kartal, host: 'localhost' },
    });
    expect(elsewhere.statusCode).toBe(401);
    const anonymousSave = await server.app.inject({
      method: 'POST',
      url: '/api/v1/favorite/save',
      headers: { host: 'localhost' },
      payload: { type: 1, id: events[0]!.id },
    });
    expect(anonymousSave.statusCode).toBe(401);
  });

  it('answers 404 for ids that name nothing (a sub-event is not a match) and 400 naming bad fields', async () => {
    const token = await client('careless');
    for (const [payload, what] of [
      [{ type: 1, id: 2_000_000_000 }, 'event'],
      [{ type: 1, id: events[0]!.sub }, 'event'],
      [{ type: 2, id: 2_000_000_000 }, 'competition'],
    ] as const) {
      const res = await save(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(404);
      expect(res.json().message).toContain(what);
      expect((await save(token, payload, 'remove')).statusCode).toBe(404);
    }
    for (const [payload, field] of [
      [{ type: 3, id: events[0]!.id }, 'type'],
      [{ type: 'match', id: events[0]!.id }, 'type'],
      [{ id: events[0]!.id }, 'type'],
      [{ type: 1, id: 0 }, 'id'],
      [{ type: 1, id: -4 }, 'id'],
      [{ type: 1, id: 1.5 }, 'id'],
      [{ type: 1, id: '12abc' }, 'id'],
      [{ type: 1, id: 2_147_483_648 }, 'id'],
      [{ type: 1 }, 'id'],
    ] as const) {
      const res = await save(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field, JSON.stringify(payload)).toBe(field);
    }
    expect(await list(token)).toEqual([]);
  });

  it('keeps at most the cap per client, also when saves race', async () => {
    // The same service and tables as the routes, with a cap of 3 so the test needs few events.
    const small = createFavouritesModule({
      db: server.database.db,
      clock,
      auth: server.modules.identity.auth,
      targets: {
        eventExists: server.modules.sports.eventExists,
        competitionExists: server.modules.sports.competitionExists,
      },
      cap: 3,
    }).service;
    const owner = await createClient(server, 'collector');
    const ids = [...new Set(events.map((e) => e.id))].slice(0, 8);
    await small.save(owner, { type: 1, id: ids[0]! });
    await small.save(owner, { type: 1, id: ids[1]! });
    const racing = await Promise.allSettled(ids.slice(2).map((id) => small.save(owner, { type: 1, id })));
    expect(racing.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = racing.filter((r) => r.status === 'rejected').map((r) => r.reason as HttpError);
    expect(refused.every((e) => e.statusCode === 409 && e.code === 'favourites_full')).toBe(true);
    // One already held is still "saved" at the cap.
    expect(await small.save(owner, { type: 1, id: ids[0]! })).toHaveLength(3);
    expect(FAVOURITES_CAP).toBeGreaterThan(3);
  });

  it('feeds fixture/count: counts only the favourite competitions', async () => {
    const token = await client('counter');
    const competitions = [...new Set(events.map((e) => e.competition))].slice(0, 2);
    for (const id of competitions) await save(token, { type: 2, id });
    const ids = (await list(token)).filter((f) => f.type === 2).map((f) => f.id);
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/v2/fixture/count?listCompetitionFavourites=${ids.join(',')}`,
    });
    const counted = countResponseSchema.parse(res.json()).result as { ID: number; Count: number }[];
    expect(counted.map((c) => c.ID).sort()).toEqual([...competitions].sort());
    expect(counted.every((c) => c.Count > 0)).toBe(true);
    // No favourite competition yet: nothing to count (not every competition).
    const none = await server.app.inject({
      method: 'GET',
      url: '/api/v2/fixture/count?listCompetitionFavourites=',
    });
    expect(none.statusCode).toBe(200);
    expect(none.json().result).toEqual([]);
  });
});
