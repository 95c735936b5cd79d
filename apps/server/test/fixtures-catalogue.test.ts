import { afterAll, beforeAll, expect, it } from 'vitest';
import { lt } from 'drizzle-orm';
import { fixtureListResponseSchema } from '@sb/contract';
import { manualClock } from '../src/lib/clock';
import { events } from '../src/modules/sports/sports.tables';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

const DAY_MS = 86_400_000;

describeEachBackend('catalogue over time', (backend) => {
  let server: TestServer;
  const clock = manualClock(Date.UTC(2026, 10, 21, 12));
  beforeAll(async () => {
    server = await createTestServer(backend, { clock, config: { CATALOGUE_DAYS_AHEAD: 1 } });
  });
  afterAll(async () => server?.close());

  const list = async () =>
    fixtureListResponseSchema.parse(
      (await server.app.inject({ url: '/api/v2/fixture/full?per_page=100&onlyList=1' })).json(),
    );

  it('supplies new days as time passes, plays out the past and purges old finished events', async () => {
    const before = await list();
    expect(before.result.length).toBeGreaterThan(0);
    const firstIds = new Set(before.result.map((e) => e.id));
    clock.advance(40 * DAY_MS);
    await server.modules.producer.runOnce();
    clock.advance(11 * 60_000);
    await server.modules.producer.runOnce();
    const after = await list();
    expect(after.result.length).toBeGreaterThan(0);
    expect(after.result.some((e) => firstIds.has(e.id))).toBe(false);
    expect(after.result.every((e) => Date.parse(e.startDate) > clock.now() - 2 * DAY_MS)).toBe(true);
    const old = await server.database.db
      .select({ id: events.id })
      .from(events)
      .where(lt(events.startAt, new Date(clock.now() - 30 * DAY_MS)));
    expect(old).toEqual([]);
  });
});
