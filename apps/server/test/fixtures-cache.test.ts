import { afterAll, beforeAll, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

describeEachBackend('fixture list response reuse', (backend) => {
  let server: TestServer;
  const clock = manualClock(Date.UTC(2026, 10, 21, 12));
  beforeAll(async () => {
    server = await createTestServer(backend, { clock, config: { FIXTURE_CACHE_MS: 1000 } });
  });
  afterAll(async () => server?.close());

  it('serves identical list requests from one response for FIXTURE_CACHE_MS, then recomputes', async () => {
    const url = '/api/v2/fixture/full?sport=1&onlyPre=1&per_page=3';
    const first = await server.app.inject({ url });
    expect(first.headers['content-type']).toContain('application/json');
    const event = first.json().result[0];
    await server.modules.fixtures.operator.enqueue(event.id, 'start', {});
    await server.modules.fixtures.runOnce();
    expect((await server.app.inject({ url })).body).toBe(first.body);
    clock.advance(1001);
    const fresh = (await server.app.inject({ url })).json();
    expect(fresh.result.map((e: { id: number }) => e.id)).not.toContain(event.id);
  });
});
