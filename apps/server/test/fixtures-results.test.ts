import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureEventResponseSchema, fixtureListResponseSchema, resultsResponseSchema } from '@sb/contract';
import { manualClock } from '../src/lib/clock';
import { dayBoundsInZone as dayBounds } from '../src/lib/periods';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

describeEachBackend('fixture/results: finished events of a day', (backend) => {
  let server: TestServer;
  const clock = manualClock(Date.UTC(2026, 10, 21, 12));
  beforeAll(async () => {
    server = await createTestServer(backend, { clock });
  });
  afterAll(async () => server?.close());
  const get = (url: string) => server.app.inject({ method: 'GET', url });

  it('lists a finished event with its final and period scores, by sport, day and text', async () => {
    const list = fixtureListResponseSchema.parse(
      (await get('/api/v2/fixture/full?sport=1&onlyPre=1')).json(),
    );
    const event = list.result[0]!;
    const producer = server.modules.producer;
    await producer.operator.enqueue(event.id, 'start', {});
    await producer.runOnce();
    await producer.operator.enqueue(event.id, 'finish', {});
    await producer.runOnce();
    const ended = fixtureEventResponseSchema.parse(
      (await get(`/api/v2/fixture/e/${event.id}`)).json(),
    ).result;
    const date = ended.startDate.slice(0, 10);

    const day = resultsResponseSchema.parse(
      (await get(`/api/v1/fixture/results?date=${date}&tz=UTC`)).json(),
    );
    const found = day.result.find((r) => r.id === event.id)!;
    expect(ended.status).toBe('ended');
    expect(found.score).toEqual(ended.data.score);
    // Football gives its half-time score (the first half's row), not the halves as periods.
    const [first, second] = ended.data.stats;
    expect(found.periods).toEqual([]);
    expect(found.halfTime).toEqual(first!.score);
    expect(first!.score.home + second!.score.home).toBe(ended.data.score.home);
    expect(first!.score.away + second!.score.away).toBe(ended.data.score.away);
    expect(found.home.name).toBe(event.home.name);
    expect(day.sports.find((s) => s.id === 1)?.count).toBeGreaterThanOrEqual(1);
    // Nothing unfinished is listed.
    for (const r of day.result)
      expect(list.result.some((e) => e.id === r.id && e.id !== event.id)).toBe(false);

    const byText = resultsResponseSchema.parse(
      (await get(`/api/v1/fixture/results?date=${date}&q=${encodeURIComponent(event.home.name)}`)).json(),
    );
    expect(byText.result.map((r) => r.id)).toContain(event.id);
    const other = resultsResponseSchema.parse(
      (await get(`/api/v1/fixture/results?date=${date}&sport=5`)).json(),
    );
    expect(other.result.some((r) => r.id === event.id)).toBe(false);
    const before = resultsResponseSchema.parse((await get(`/api/v1/fixture/results?date=2026-11-01`)).json());
    expect(before.result).toEqual([]);
  });

  it.each([
    ['date=2026-13-01', 'date'],
    ['date=yesterday', 'date'],
    ['', 'date'],
    ['date=2026-11-21&tz=Mars%2FOlympus', 'tz'],
    ['date=2026-11-21&sport=abc', 'sport'],
    ['date=2026-11-21&q=a%00b', 'q'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await get(`/api/v1/fixture/results?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field });
  });

  it('computes the day in the time zone, across a DST change', () => {
    expect(dayBounds('2026-11-21', 'Europe/Istanbul')).toEqual({
      start: Date.UTC(2026, 10, 20, 21),
      end: Date.UTC(2026, 10, 21, 21),
    });
    const dst = dayBounds('2026-03-29', 'Europe/Berlin');
    expect(dst.start).toBe(Date.UTC(2026, 2, 28, 23));
    expect(dst.end - dst.start).toBe(23 * 3_600_000);
  });
});
