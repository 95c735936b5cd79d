import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  countResponseSchema,
  fixtureEventResponseSchema,
  fixtureListResponseSchema,
  h2hResponseSchema,
  mainMarketResponseSchema,
  matchesRowsResponseSchema,
  matchesTreeResponseSchema,
  popularCompetitionsResponseSchema,
  searchResponseSchema,
} from '@sb/contract';
import { manualClock } from '../src/lib/clock';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

describeEachBackend('fixture routes', (backend) => {
  let server: TestServer;
  const clock = manualClock(Date.UTC(2026, 10, 21, 12));
  beforeAll(async () => {
    server = await createTestServer(backend, { clock });
  });
  afterAll(async () => server?.close());

  const get = (url: string) => server.app.inject({ method: 'GET', url });
  const expect400 = async (url: string, field: string) => {
    const res = await get(url);
    expect(res.statusCode, url).toBe(400);
    expect(res.json().field, url).toBe(field);
  };

  it('lists events with their main markets, paged, filtered by sport, competition, highlights and time', async () => {
    const all = fixtureListResponseSchema.parse(
      (await get('/api/v2/fixture/full?per_page=5&locale=en')).json(),
    );
    expect(all.result).toHaveLength(5);
    expect(all.pagination.totalCount).toBeGreaterThan(5);
    const event = all.result[0]!;
    expect(event.markets.length).toBeGreaterThan(0);
    expect(event.markets.flatMap((m) => m.selections).every((o) => o.maxStake > 0)).toBe(true);
    const page2 = fixtureListResponseSchema.parse(
      (await get('/api/v2/fixture/full?per_page=5&page=2')).json(),
    );
    expect(page2.result.map((e) => e.id)).not.toContain(event.id);
    const football = fixtureListResponseSchema.parse(
      (await get('/api/v2/fixture/full?sport=1&per_page=50')).json(),
    );
    expect(football.result.every((e) => e.sport.id === 1)).toBe(true);
    expect(football.result[0]!.markets.map((m) => m.t)).toEqual(expect.arrayContaining([1, 18]));
    // Only the main line of a multi-line market is shown in list rows.
    expect(football.result[0]!.markets.filter((m) => m.t === 18)).toHaveLength(1);
    const byCompetition = fixtureListResponseSchema.parse(
      (await get(`/api/v2/fixture/full?competition=${event.competition.id}`)).json(),
    );
    expect(byCompetition.result.every((e) => e.competition.id === event.competition.id)).toBe(true);
    const byIds = fixtureListResponseSchema.parse(
      (await get(`/api/v2/fixture/full?event=${event.id},${page2.result[0]!.id}`)).json(),
    );
    expect(byIds.result.map((e) => e.id).sort()).toEqual([event.id, page2.result[0]!.id].sort());
    const soon = fixtureListResponseSchema.parse(
      (await get('/api/v2/fixture/full?upcoming=3&per_page=100')).json(),
    );
    expect(soon.result.every((e) => Date.parse(e.startDate) <= clock.now() + 3 * 3_600_000)).toBe(true);
    const light = fixtureListResponseSchema.parse(
      (await get('/api/v2/fixture/full?onlyList=1&per_page=3')).json(),
    );
    expect(light.result.every((e) => e.markets.length === 0)).toBe(true);
    const highlighted = fixtureListResponseSchema.parse(
      (await get('/api/v2/fixture/full?highlighted=1&per_page=100')).json(),
    );
    expect(highlighted.result.every((e) => e.highlighted)).toBe(true);
    const live = fixtureListResponseSchema.parse((await get('/api/v2/fixture/full?onLive=1')).json());
    expect(live.result.every((e) => e.isLive)).toBe(true);
    const pre = fixtureListResponseSchema.parse(
      (await get('/api/v2/fixture/full?onlyPre=1&per_page=100')).json(),
    );
    expect(pre.result.every((e) => !e.isLive)).toBe(true);
    const tr = fixtureListResponseSchema.parse(
      (await get('/api/v2/fixture/full?sport=1&per_page=1&locale=tr')).json(),
    );
    expect(tr.result[0]!.sport.name).toBe('Futbol');
  });

  it('rejects bad fixture/full parameters with 400 naming the field', async () => {
    await expect400('/api/v2/fixture/full?page=0', 'page');
    await expect400('/api/v2/fixture/full?per_page=1000', 'per_page');
    await expect400('/api/v2/fixture/full?sport=football', 'sport');
    await expect400('/api/v2/fixture/full?event=1,x', 'event');
    await expect400('/api/v2/fixture/full?onLive=maybe', 'onLive');
    await expect400('/api/v2/fixture/full?upcoming=500', 'upcoming');
    await expect400('/api/v2/fixture/full?locale=xx', 'locale');
    await expect400('/api/v2/fixture/full?app=-1', 'app');
  });

  it('counts events per sport, region (with flags) and competition', async () => {
    const sports = countResponseSchema.parse((await get('/api/v2/fixture/count')).json()).result as {
      ID: number;
      Count: number;
    }[];
    const football = sports.find((s) => s.ID === 1)!;
    expect(football.Count).toBeGreaterThan(0);
    const regions = (await get('/api/v2/fixture/count?list=region&sport=1')).json().result as {
      ID: number;
      Count: number;
      Flag: string;
    }[];
    expect(regions.reduce((n, r) => n + r.Count, 0)).toBe(football.Count);
    expect(regions.every((r) => r.Flag.length > 0)).toBe(true);
    const comps = (
      await get(`/api/v2/fixture/count?list=competition&region=${regions[0]!.ID}&sport=1`)
    ).json().result as { Count: number }[];
    expect(comps.reduce((n, c) => n + c.Count, 0)).toBe(regions[0]!.Count);
    const full = (await get('/api/v2/fixture/count?full=1')).json().result as unknown[];
    expect(full.length).toBeGreaterThanOrEqual(8);
    const upcoming = (await get('/api/v2/fixture/count?upcoming=3')).json().result as { Count: number }[];
    expect(upcoming.reduce((n, s) => n + s.Count, 0)).toBeLessThanOrEqual(
      sports.reduce((n, s) => n + s.Count, 0),
    );
    const live = (await get('/api/v2/fixture/count?onLive=1')).json();
    expect(Array.isArray(live.result)).toBe(true);
    await expect400('/api/v2/fixture/count?list=region', 'sport');
    await expect400('/api/v2/fixture/count?list=country&sport=1', 'list');
    await expect400('/api/v2/fixture/count?listCompetitionFavourites=a,b', 'listCompetitionFavourites');
  });

  it('gives main markets per sport (17 and 9 use football) and 404 for an unknown sport', async () => {
    const football = mainMarketResponseSchema.parse((await get('/api/v2/fixture/main-market/1?t=16')).json());
    expect(football.result.map((m) => m.e)).toEqual([1, 10, 18, 29]);
    expect((await get('/api/v2/fixture/main-market/17')).json()).toEqual(football);
    expect((await get('/api/v2/fixture/main-market/9')).json()).toEqual(football);
    const live = mainMarketResponseSchema.parse((await get('/api/v2/fixture/main-market/1?isLive=1')).json());
    expect(live.result.map((m) => m.e)).toContain(39);
    expect((await get('/api/v2/fixture/main-market/2')).json().result[0].e).toBe(219);
    expect((await get('/api/v2/fixture/main-market/999')).statusCode).toBe(404);
    await expect400('/api/v2/fixture/main-market/abc', 'sportId');
  });

  it('searches events by team name and needs more than 3 characters', async () => {
    const first = fixtureListResponseSchema.parse((await get('/api/v2/fixture/full?per_page=1')).json())
      .result[0]!;
    const q = first.home.name.slice(0, 5);
    const found = searchResponseSchema.parse(
      (await get(`/api/v1/search/fixture?q=${encodeURIComponent(q)}&raw=1`)).json(),
    );
    expect(found.result.map((r) => r.id)).toContain(first.id);
    expect(
      found.result.every((r) =>
        `${r.player1.name} ${r.player2.name}`.toLowerCase().includes(q.toLowerCase()),
      ),
    ).toBe(true);
    const none = searchResponseSchema.parse((await get('/api/v1/search/fixture?q=%25%25%25%25')).json());
    expect(none.result).toEqual([]);
    const live = searchResponseSchema.parse(
      (await get(`/api/v1/search/fixture?q=${encodeURIComponent(q)}&live=1`)).json(),
    );
    expect(live.result.every((r) => r.onLive)).toBe(true);
    await expect400('/api/v1/search/fixture?q=abc', 'q');
    await expect400('/api/v1/search/fixture', 'q');
  });

  it('builds the sport > region > competition tree and the older row load', async () => {
    const tree = matchesTreeResponseSchema.parse(
      (await get('/api/v1/fixture/matches?withoutMatch=1&s=2')).json(),
    );
    const football = tree.result.sport.find((s) => s.id === 1)!;
    expect(football.region[0]!.competition[0]!.count).toBeGreaterThan(0);
    expect(football.region[0]!.competition[0]!.events).toBeUndefined();
    const withEvents = matchesTreeResponseSchema.parse((await get('/api/v1/fixture/matches?s=2')).json());
    expect(withEvents.result.sport[0]!.region[0]!.competition[0]!.events!.length).toBeGreaterThan(0);
    const some = fixtureListResponseSchema.parse(
      (await get('/api/v2/fixture/full?per_page=2')).json(),
    ).result;
    const rows = matchesRowsResponseSchema.parse(
      (await get(`/api/v1/fixture/matches?match=${some.map((e) => e.id).join(',')}&onlyList=row`)).json(),
    );
    expect(rows.result.map((e) => e.id).sort()).toEqual(some.map((e) => e.id).sort());
    await expect400('/api/v1/fixture/matches?s=9', 's');
    await expect400('/api/v1/fixture/matches?onlyList=table', 'onlyList');
  });

  it('lists popular competitions with their sport and region', async () => {
    const res = popularCompetitionsResponseSchema.parse(
      (await get('/api/v1/fixture/popular/competitions?t=1')).json(),
    );
    expect(res.result.length).toBeGreaterThan(0);
    expect(res.result.every((c) => c.isPopular && c.region.flag.length > 0)).toBe(true);
  });

  it('gives one event with all its markets, the sub-event with the rest, and 404 for unknown ids', async () => {
    const first = fixtureListResponseSchema.parse(
      (await get('/api/v2/fixture/full?sport=1&per_page=1')).json(),
    ).result[0]!;
    const detail = fixtureEventResponseSchema.parse(
      (await get(`/api/v2/fixture/e/${first.id}?locale=en&_=123`)).json(),
    );
    expect(detail.error).toBe(false);
    const sub = fixtureEventResponseSchema.parse((await get(`/api/v2/fixture/e/${first.sub}?app=1`)).json());
    expect(sub.result.id).toBe(first.id);
    const types = new Set([...detail.result.markets, ...sub.result.markets].map((m) => m.t));
    expect(types.size).toBeGreaterThanOrEqual(40);
    expect(sub.result.markets.map((m) => m.t)).toEqual(expect.arrayContaining([136, 146, 888]));
    expect(detail.result.markets.some((m) => m.selections.length > 3)).toBe(true);
    expect((await get('/api/v2/fixture/e/999999')).statusCode).toBe(404);
    expect((await get('/api/v2/fixture/e/999999')).json().error).toBe('not_found');
    await expect400('/api/v2/fixture/e/abc', 'eventId');
  });

  it('reads head to head and the team crest', async () => {
    const first = fixtureListResponseSchema.parse((await get('/api/v2/fixture/full?per_page=1')).json())
      .result[0]!;
    const h2h = h2hResponseSchema.parse(
      (await get(`/api/v1/stat-service/h2/${first.id}?match=${first.id}&onlyList=1`)).json(),
    );
    expect(h2h.result.home.name).toBe(first.home.name);
    expect(h2h.result.meetings.length).toBeGreaterThan(0);
    // Draws are counted where a match can end level, and absent (null) where it cannot (tennis).
    const drawsOf = async (sport: number) => {
      const list = fixtureListResponseSchema.parse(
        (await get(`/api/v2/fixture/full?sport=${sport}&per_page=1`)).json(),
      ).result;
      if (list.length === 0) return undefined;
      const body = (await get(`/api/v1/stat-service/h2/${list[0]!.id}`)).json();
      return h2hResponseSchema.parse(body).result.summary.draws;
    };
    expect(await drawsOf(1)).toEqual(expect.any(Number));
    expect([null, undefined]).toContain(await drawsOf(5));
    expect((await get('/api/v1/stat-service/h2/999999')).statusCode).toBe(404);
    await expect400('/api/v1/stat-service/h2/x', 'matchId');
    const crest = await get(first.home.logo);
    expect(crest.statusCode).toBe(200);
    expect(crest.headers['content-type']).toContain('image/svg+xml');
    expect((await get('/api/v1/team/1/crest.svg')).statusCode).toBe(404);
  });
});
