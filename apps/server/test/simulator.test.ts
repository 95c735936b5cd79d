import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MarketUpdate, MatchUpdate } from '@sb/contract';
import { manualClock } from '../src/lib/clock';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

describeEachBackend('match simulator', (backend) => {
  let server: TestServer;
  const clock = manualClock(Date.UTC(2026, 10, 21, 12));
  const matches: MatchUpdate[] = [];
  const marketUpdates: MarketUpdate[] = [];

  beforeAll(async () => {
    server = await createTestServer(backend, { clock });
    server.bus.subscribe('fixture.match', (m) => matches.push(m));
    server.bus.subscribe('fixture.markets', (m) => marketUpdates.push(m));
  });
  afterAll(async () => server?.close());

  const get = (url: string) => server.app.inject({ method: 'GET', url });

  async function pickFootballEvent(): Promise<number> {
    const list = (await get('/api/v2/fixture/full?sport=1&onlyPre=1&per_page=5')).json();
    const event = list.result[0];
    expect(event).toBeDefined();
    return event.id as number;
  }

  it('plays a whole football match at high speed: kick-off, goals, suspensions, half time, result, every market resolved', async () => {
    const producer = server.modules.producer;
    const eventId = await pickFootballEvent();
    await producer.operator.enqueue(eventId, 'speed', { factor: 120 });
    await producer.operator.enqueue(eventId, 'start', {});
    const own = () => matches.filter((m) => m.eventId === eventId);
    for (let i = 0; i < 400 && !own().some((m) => m.status === 'ended'); i++) {
      await producer.runOnce();
      clock.advance(1000);
    }
    const statuses = new Set(own().map((m) => m.status));
    const goals = own().filter(
      (m, i, list) =>
        i > 0 &&
        m.data.score.home + m.data.score.away > list[i - 1]!.data.score.home + list[i - 1]!.data.score.away,
    );
    expect(goals.length).toBeGreaterThan(0);
    expect(statuses).toEqual(new Set(['first_half', 'half_time', 'second_half', 'ended']));
    expect(own().some((m) => m.isSuspended)).toBe(true);
    expect(own().some((m) => m.isLive)).toBe(true);
    const periods = new Set(own().map((m) => m.periodCounter));
    expect(periods.has(1) && periods.has(2)).toBe(true);
    const last = own().at(-1)!;
    expect(last.resultName).toBe(`${last.data.score.home}:${last.data.score.away}`);
    const detail = (await get(`/api/v2/fixture/e/${eventId}`)).json();
    const sub = (await get(`/api/v2/fixture/e/${detail.result.sub}`)).json();
    expect(detail.error).toBe(true);
    expect(detail.result.resultName).toBe(last.resultName);
    const all = [...detail.result.markets, ...sub.result.markets];
    expect(all.length).toBeGreaterThanOrEqual(40);
    for (const market of all) {
      expect(market.closed).toBe(true);
      for (const s of market.selections)
        expect(['win', 'loss', 'void', 'half_win', 'half_loss']).toContain(s.result);
    }
    const oneXTwo = all.find((m: { t: number }) => m.t === 1);
    const winner =
      last.data.score.home > last.data.score.away
        ? '1'
        : last.data.score.home < last.data.score.away
          ? '2'
          : 'X';
    expect(oneXTwo.selections.find((s: { outcome: string }) => s.outcome === winner).result).toBe('win');
    const ownMarkets = marketUpdates.filter((m) => m.eventId === eventId);
    expect(ownMarkets.some((m) => m.markets.some((x) => x.disabled))).toBe(true);
    expect(ownMarkets.some((m) => m.markets.some((x) => !x.disabled && x.selections.length > 0))).toBe(true);
  });

  it('plays other sports to their end and settles every market', async () => {
    const producer = server.modules.producer;
    const list = (await get('/api/v2/fixture/full?onlyPre=1&per_page=100')).json().result as {
      id: number;
      sport: { id: number };
    }[];
    const picks = [
      ...new Map(list.filter((e) => e.sport.id !== 1).map((e) => [e.sport.id, e.id])).values(),
    ].slice(0, 3);
    expect(picks.length).toBeGreaterThan(0);
    for (const id of picks) {
      await producer.operator.enqueue(id, 'speed', { factor: 600 });
      await producer.operator.enqueue(id, 'start', {});
    }
    const ended = () => picks.every((id) => matches.some((m) => m.eventId === id && m.status === 'ended'));
    for (let i = 0; i < 200 && !ended(); i++) {
      await producer.runOnce();
      clock.advance(1000);
    }
    for (const id of picks) {
      const own = matches.filter((m) => m.eventId === id);
      expect(own.some((m) => m.isLive && m.periodCounter >= 1)).toBe(true);
      const detail = (await get(`/api/v2/fixture/e/${id}`)).json();
      expect(detail.result.resultName).toMatch(/^\d+:\d+$/);
      expect(detail.result.data.stats.length).toBeGreaterThan(0);
      for (const market of detail.result.markets) {
        expect(market.closed).toBe(true);
        for (const s of market.selections)
          expect(['win', 'loss', 'void', 'half_win', 'half_loss']).toContain(s.result);
      }
    }
  });
});
