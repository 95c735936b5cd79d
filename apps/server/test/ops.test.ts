import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { withLeader } from './support/betting';

const TOKEN = 'operator-token-for-tests-0123456789';

describeEachBackend('operator HTTP API', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(backend, { config: { OPERATOR_TOKEN: TOKEN } });
  });
  afterAll(async () => server?.close());

  const command = (eventId: number | string, body: unknown, token = TOKEN) =>
    server.app.inject({
      method: 'POST',
      url: `/ops/v1/fixtures/${eventId}/commands`,
      headers: { authorization: `Bearer ${token}` },
      payload: body as object,
    });

  /** A football event that starts well after the test (the simulator would kick off a due one by itself). */
  async function preMatchEvent(): Promise<number> {
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/v2/fixture/full?sport=1&onlyPre=1&per_page=100',
    });
    const later = (list.json().result as { id: number; startDate: string }[]).find(
      (e) => Date.parse(e.startDate) > Date.now() + 3_600_000,
    );
    if (!later) throw new Error('no football event starting in more than an hour');
    return later.id;
  }

  it('refuses a missing or wrong operator token without touching anything', async () => {
    const eventId = await preMatchEvent();
    const none = await server.app.inject({ method: 'GET', url: '/ops/v1/fixtures' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: 'unauthorized' });
    const wrong = await command(eventId, { command: 'start' }, 'x'.repeat(40));
    expect(wrong.statusCode).toBe(401);
    expect(await server.modules.producer.operatorEvents(['live'], 50)).toEqual([]);
  });

  it('validates the command and the event id', async () => {
    const eventId = await preMatchEvent();
    expect((await command(eventId, { command: 'explode' })).statusCode).toBe(400);
    const speed = await command(eventId, { command: 'speed', factor: 5000 });
    expect(speed.statusCode).toBe(400);
    expect(speed.json().field).toBeDefined();
    expect((await command(eventId, { command: 'result', home: -1, away: 0 })).statusCode).toBe(400);
    expect((await command('2147483648', { command: 'start' })).statusCode).toBe(400);
    expect((await command(2147483000, { command: 'start' })).statusCode).toBe(404);
  });

  it('queues a command that the simulator leader applies, and reports the outcome', async () => {
    const eventId = await preMatchEvent();
    // No simulator runs in tests: each request plays the leader's part (one pass) before it answers.
    await withLeader(server, async () => {
      const started = await command(eventId, { command: 'start' });
      expect(started.statusCode).toBe(200);
      expect(started.json().result).toMatchObject({ status: 'applied', error: null });
      const finished = await command(eventId, { command: 'result', home: 2, away: 1 });
      expect(finished.statusCode).toBe(200);
      const again = await command(eventId, { command: 'start' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/already started/);
    });
    const detail = await server.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${eventId}` });
    expect(detail.json().result.resultName).toBe('2:1');
    const ended = await server.app.inject({
      method: 'GET',
      url: '/ops/v1/fixtures?status=ended',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(ended.json().result.map((e: { id: number }) => e.id)).toContain(eventId);
  });

  it('without OPERATOR_TOKEN only operator sessions open it (the back office): no token is 401', async () => {
    const plain = await createTestServer(backend);
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/ops/v1/fixtures' });
      expect(res.statusCode).toBe(401);
      const guessed = await plain.app.inject({
        method: 'GET',
        url: '/ops/v1/fixtures',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(guessed.statusCode).toBe(401);
    } finally {
      await plain.close();
    }
  });
});
