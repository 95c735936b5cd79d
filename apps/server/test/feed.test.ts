import { afterAll, beforeAll, expect, it } from 'vitest';
import { FEED_PROTOCOL_VERSION, type FeedServerMessage } from '@sb/contract';
import { marketUpdate, matchUpdate } from '../src/modules/feed/feed.test-support';
import { describeOnOneBackend } from './support/databases';
import { connectFeed, isType, type FeedTestClient } from './support/feed-client';
import { createTestServer, type TestServer } from './support/server';

describeOnOneBackend('live feed over WebSocket', (backend) => {
  let server: TestServer;
  let baseUrl: string;
  const clients: FeedTestClient[] = [];
  const connect = async () => {
    const client = await connectFeed(baseUrl);
    clients.push(client);
    return client;
  };
  const subscribed = async (topics: string[], extra: { sinceSeq?: number; epoch?: string } = {}) => {
    const client = await connect();
    const hello = await client.next(isType('hello'));
    client.send({ type: 'subscribe', topics: topics as never, ...extra });
    const ack = await client.next(isType('subscribed'));
    return { client, hello, ack };
  };

  beforeAll(async () => {
    server = await createTestServer(backend, {
      config: { FEED_HEARTBEAT_MS: 300, FEED_CONFLATE_MS: 100, FEED_MAX_BUFFERED_BYTES: 64 * 1024 },
    });
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await server?.close();
  });

  it('greets, snapshots, then delivers match updates with competition and market updates without', async () => {
    await server.bus.publish('fixture.match', matchUpdate(101, { periodTime: 3 }));
    const { client, hello, ack } = await subscribed(['live']);
    expect(hello).toMatchObject({ version: FEED_PROTOCOL_VERSION, heartbeatMs: 300 });
    const marker = client.messages.find((m) => m.type === 'snapshot');
    expect(marker).toMatchObject({ topic: 'live' });
    expect(client.messages.some((m) => m.type === 'match_update' && m.eventId === 101)).toBe(true);

    await server.bus.publish('fixture.match', matchUpdate(101, { periodTime: 4, ts: 2 }));
    await server.bus.publish('fixture.markets', marketUpdate(101, 5, 1.9));
    const match = await client.next(isType('match_update'));
    const market = await client.next(isType('market_update'));
    expect(match).toHaveProperty('competition');
    expect(market).not.toHaveProperty('competition');
    expect(match.seq).toBeGreaterThan(ack.seq);
    expect(market.seq).toBeGreaterThan(match.seq);
  });

  it('sends a heartbeat carrying the stream position', async () => {
    const { client } = await subscribed(['event:1']);
    const beat = await client.next(isType('heartbeat'));
    expect(beat.seq).toBeGreaterThanOrEqual(0);
  });

  it('conflates several changes of one market into one message with the latest odds', async () => {
    const { client } = await subscribed(['event:202']);
    for (const odd of [2.0, 2.1, 2.2]) await server.bus.publish('fixture.markets', marketUpdate(202, 9, odd));
    const market = await client.next(isType('market_update'));
    expect(market.markets[0]?.selections[0]?.odd).toBe(2.2);
    client.send({ type: 'ping' });
    await client.next((m) => m.type === 'heartbeat' && m.seq >= market.seq);
    expect(client.messages.filter((m) => m.type === 'market_update')).toHaveLength(1);
  });

  it('resumes a reconnecting client with exactly what it missed', async () => {
    const first = await subscribed(['event:303']);
    await server.bus.publish('fixture.match', matchUpdate(303));
    const seen = await first.client.next(isType('match_update'));
    await first.client.close();
    await server.bus.publish('fixture.match', matchUpdate(303, { periodTime: 20, ts: 2 }));
    await server.bus.publish('fixture.match', matchUpdate(404, { ts: 3 }));
    await server.bus.publish('fixture.match', matchUpdate(303, { periodTime: 21, ts: 4 }));

    const again = await subscribed(['event:303'], { sinceSeq: seen.seq, epoch: first.hello.epoch });
    expect(again.ack.mode).toBe('resumed');
    const replayed = again.client.messages.filter(
      (m): m is Extract<FeedServerMessage, { type: 'match_update' }> => m.type === 'match_update',
    );
    expect(replayed.map((m) => m.periodTime)).toEqual([20, 21]);
    expect(again.client.messages.some((m) => m.type === 'snapshot')).toBe(false);
  });

  it('gives a client from another epoch a fresh snapshot instead', async () => {
    await server.bus.publish('fixture.match', matchUpdate(505, { periodTime: 33 }));
    const { client, ack } = await subscribed(['event:505'], { sinceSeq: 1, epoch: 'some-other-instance' });
    expect(ack.mode).toBe('snapshot');
    expect(client.messages.find((m) => m.type === 'snapshot')).toMatchObject({
      topic: 'event:505',
      count: 1,
    });
    expect(client.messages.find((m) => m.type === 'match_update')).toMatchObject({ periodTime: 33 });
  });

  it("authenticates with a client's access token as the first message and refuses a bad one", async () => {
    const bad = await connect();
    await bad.next(isType('hello'));
    bad.send({ type: 'auth', token: 'opaque-token' });
    expect(await bad.next(isType('error'))).toMatchObject({ code: 'unauthorized' });
    expect((await bad.closed).code).toBe(4401);

    const credential = (await server.app.inject({ method: 'GET', url: '/api/v1/get/client' })).json();
    const login = await server.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      payload: { ...credential, grant_type: 'password', username: 'demo', password: 'demo-pass-2026' },
    });
    const good = await connect();
    await good.next(isType('hello'));
    good.send({ type: 'auth', token: login.json().access_token });
    expect(await good.next(isType('authenticated'))).toEqual({ type: 'authenticated', anonymous: false });
  });

  it('answers garbage with errors, closes after repeated garbage, and stays up', async () => {
    const client = await connect();
    await client.next(isType('hello'));
    client.send('{"type":');
    expect(await client.next(isType('error'))).toMatchObject({ code: 'bad_message' });
    client.send({ type: 'subscribe', topics: ['../../etc'] } as never);
    client.send(Buffer.from([1, 2, 3]).toString('latin1') + '\u0000');
    expect((await client.closed).code).toBe(1008);

    const huge = await connect();
    huge.socket.send('x'.repeat(100 * 1024));
    expect((await huge.closed).code).toBe(1009);

    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await subscribed(['live']);
  });

  it('drops a client that stops reading once its buffer passes the cap', async () => {
    const { client } = await subscribed(['event:606']);
    const before = server.modules.feed.hub.stats().connections;
    client.socket.pause(); // stop reading: the server's send buffer for this client fills up
    const big = {
      ...marketUpdate(606, 1, 1.5),
      markets: Array.from({ length: 300 }, (_, i) => marketUpdate(606, i, 1.5).markets[0]!),
    };
    for (let round = 0; round < 500 && server.modules.feed.hub.stats().connections >= before; round += 1) {
      await server.bus.publish('fixture.markets', { ...big, ts: round });
      await new Promise((resolve) => setTimeout(resolve, 110)); // past the conflation window
    }
    expect(server.modules.feed.hub.stats().connections).toBe(before - 1);
    client.socket.resume();
    expect((await client.closed).code).toBe(1006);
  });
});
