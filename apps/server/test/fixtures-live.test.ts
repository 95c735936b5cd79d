import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureEventResponseSchema, fixtureListResponseSchema, type MatchUpdate } from '@sb/contract';
import { manualClock } from '../src/lib/clock';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

describeEachBackend('live fixtures, quotes, operator control and widgets', (backend) => {
  let server: TestServer;
  const clock = manualClock(Date.UTC(2026, 10, 21, 12));
  const updates: MatchUpdate[] = [];
  beforeAll(async () => {
    server = await createTestServer(backend, { clock });
    server.bus.subscribe('fixture.match', (m) => updates.push(m));
  });
  afterAll(async () => server?.close());

  const get = (url: string) => server.app.inject({ method: 'GET', url });
  const sports = () => server.modules.sports;
  const producer = () => server.modules.producer;
  const preMatchFootball = async (index: number) =>
    fixtureListResponseSchema.parse((await get('/api/v2/fixture/full?sport=1&onlyPre=1&per_page=10')).json())
      .result[index]!;
  const runUntil = async (done: () => boolean, stepMs = 1000, max = 300) => {
    for (let i = 0; i < max && !done(); i++) {
      await producer().runOnce();
      clock.advance(stepMs);
    }
  };

  it('quotes selections: open pre-match, suspended in play, closed when pre-match only, ended after full time', async () => {
    const event = await preMatchFootball(0);
    const selection = event.markets[0]!.selections[0]!;
    const open = await sports().service.quoteSelection(selection.id);
    expect(open).toMatchObject({
      available: true,
      reason: 'ok',
      odd: selection.odd,
      eventId: event.id,
      isLive: false,
    });
    expect((await sports().service.quoteSelection(1)).reason).toBe('not_found');

    await producer().operator.enqueue(event.id, 'speed', { factor: 60 });
    await producer().operator.enqueue(event.id, 'start', {});
    // Small steps (6 simulated seconds) so a tick can end inside a suspension.
    await runUntil(
      () => updates.filter((u) => u.eventId === event.id).at(-1)?.isSuspended === true,
      100,
      2000,
    );
    const suspended = await sports().service.quoteSelection(selection.id);
    expect(suspended).toMatchObject({ available: false, reason: 'suspended', isLive: true });
    const live = fixtureListResponseSchema.parse(
      (await get('/api/v2/fixture/full?onLive=1&per_page=100')).json(),
    );
    expect(live.result.find((e) => e.id === event.id)?.isSuspended).toBe(true);
    expect(live.result.find((e) => e.id === event.id)?.marketCount).toBe(0);

    // Pre-match-only goal-scorer bundle (888) is closed once the match is live.
    const sub = fixtureEventResponseSchema.parse((await get(`/api/v2/fixture/e/${event.sub}`)).json());
    const scorer = sub.result.markets.find((m) => m.t === 888)!;
    await runUntil(() => !updates.filter((u) => u.eventId === event.id).at(-1)!.isSuspended, 1000);
    expect((await sports().service.quoteSelection(scorer.selections[0]!.id)).reason).toBe('closed');

    await producer().operator.enqueue(event.id, 'result', { home: 3, away: 1 });
    await producer().runOnce();
    const ended = fixtureEventResponseSchema.parse((await get(`/api/v2/fixture/e/${event.id}`)).json());
    expect(ended.error).toBe(true);
    expect(ended.result.resultName).toBe('3:1');
    expect(ended.result.markets.find((m) => m.t === 1)!.selections.map((s) => s.result)).toEqual([
      'win',
      'loss',
      'loss',
    ]);
    expect((await sports().service.quoteSelection(selection.id)).reason).toBe('event_ended');
    const byId = fixtureListResponseSchema.parse(
      (await get(`/api/v2/fixture/full?event=${event.id}`)).json(),
    );
    expect(byId.result[0]?.status).toBe('ended');
  });

  it('pauses, resumes and finishes a simulated event on operator command', async () => {
    const event = await preMatchFootball(0);
    await producer().operator.enqueue(event.id, 'start', {});
    await producer().runOnce();
    clock.advance(60_000);
    await producer().operator.enqueue(event.id, 'pause', {});
    await producer().runOnce();
    const paused = (await get(`/api/v2/fixture/e/${event.id}`)).json().result;
    // A paused match's markets are suspended: nothing on it can be bet until it resumes.
    expect(paused.isSuspended).toBe(true);
    const selectionId = event.markets[0]!.selections[0]!.id;
    expect((await sports().service.quoteSelection(selectionId)).reason).toBe('suspended');
    expect(updates.filter((u) => u.eventId === event.id).at(-1)?.isSuspended).toBe(true);
    clock.advance(10 * 60_000);
    await producer().runOnce();
    expect((await get(`/api/v2/fixture/e/${event.id}`)).json().result.periodTime).toBe(paused.periodTime);
    await producer().operator.enqueue(event.id, 'resume', {});
    await producer().runOnce();
    expect((await get(`/api/v2/fixture/e/${event.id}`)).json().result.isSuspended).toBe(false);
    expect((await sports().service.quoteSelection(selectionId)).reason).toBe('ok');
    clock.advance(5 * 60_000);
    await producer().runOnce();
    expect((await get(`/api/v2/fixture/e/${event.id}`)).json().result.periodTime).toBeGreaterThan(
      paused.periodTime,
    );
    await producer().operator.enqueue(event.id, 'finish', {});
    await producer().runOnce();
    const done = (await get(`/api/v2/fixture/e/${event.id}`)).json();
    expect(done.result.status).toBe('ended');
    expect(done.result.resultName).toMatch(/^\d+:\d+$/);
    const list = fixtureListResponseSchema.parse((await get('/api/v2/fixture/full?per_page=100')).json());
    expect(list.result.map((e) => e.id)).not.toContain(event.id);
  });

  it('closes provider-5 live-only markets before kick-off', async () => {
    const list = fixtureListResponseSchema.parse(
      (await get('/api/v2/fixture/full?sport=1&onlyPre=1&per_page=100')).json(),
    ).result;
    const p5 = list.find((e) => e.providerId === 5);
    expect(p5).toBeDefined();
    const sub = fixtureEventResponseSchema.parse((await get(`/api/v2/fixture/e/${p5!.sub}`)).json());
    const main = fixtureEventResponseSchema.parse((await get(`/api/v2/fixture/e/${p5!.id}`)).json());
    const liveOnly = [...sub.result.markets, ...main.result.markets].filter((m) =>
      [888, 882, 38, 39, 40].includes(m.t),
    );
    expect(liveOnly.length).toBe(5);
    expect(liveOnly.every((m) => m.closed && m.selections.every((s) => !s.active))).toBe(true);
  });

  it('draws the match tracker and the statistics widget as escaped HTML', async () => {
    const event = await preMatchFootball(1);
    const tracker = await get(`/widgets/tracker/${event.id}`);
    expect(tracker.statusCode).toBe(200);
    expect(tracker.headers['content-type']).toContain('text/html');
    expect(tracker.headers['content-security-policy']).toContain("default-src 'none'");
    expect(tracker.body).toContain(event.home.name.replace(/&/g, '&#38;'));
    const withRid = fixtureListResponseSchema
      .parse((await get('/api/v2/fixture/full?per_page=100')).json())
      .result.find((e) => e.rid !== null)!;
    const stats = await get(`/widgets/stats/${withRid.rid}`);
    expect(stats.statusCode).toBe(200);
    expect(stats.body).toContain('Corners');
    expect((await get(`/widgets/stats/${withRid.rid}?locale=tr`)).body).toContain('Kornerler');
    expect((await get('/widgets/stats/12345')).statusCode).toBe(404);
    expect((await get('/widgets/tracker/12345')).statusCode).toBe(404);
    expect((await get('/widgets/tracker/abc')).statusCode).toBe(400);
  });
});
