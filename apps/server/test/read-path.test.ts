import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MarketUpdate, MatchUpdate } from '@sb/contract';
import { manualClock } from '../src/lib/clock';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { connectFeed, isType } from './support/feed-client';

/**
 * The fixture reads come from memory, compressed and revalidated; the simulator publishes changes
 * only; feed texts follow the subscriber's language; a silent producer suspends live markets everywhere.
 */
describeEachBackend('read path', (backend) => {
  let server: TestServer;
  const clock = manualClock(Date.UTC(2026, 10, 22, 12));
  const matches: MatchUpdate[] = [];
  const markets: MarketUpdate[] = [];
  let liveId = 0;

  beforeAll(async () => {
    server = await createTestServer(backend, { clock, config: { PRODUCER_STALE_MS: 20_000 } });
    server.bus.subscribe('fixture.match', (m) => matches.push(m));
    server.bus.subscribe('fixture.markets', (m) => markets.push(m));
    // A football match under way (the simulator is driven by hand in tests).
    const list = await get('/api/v2/fixture/full?sport=1&onlyPre=1&per_page=1');
    liveId = list.json().result[0].id;
    const producer = server.modules.producer;
    await producer.operator.enqueue(liveId, 'start', {});
    for (let i = 0; i < 30; i++) {
      await producer.runOnce();
      clock.advance(1_000);
    }
  });
  afterAll(async () => server?.close());

  function get(url: string, headers: Record<string, string> = {}) {
    return server.app.inject({ method: 'GET', url, headers });
  }

  it('sends event detail and lists compressed, with an ETag, and 304 for a current copy', async () => {
    const br = await get(`/api/v2/fixture/e/${liveId}`, { 'accept-encoding': 'br, gzip' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    const event = JSON.parse(brotliDecompressSync(br.rawPayload).toString());
    expect(event.result.id).toBe(liveId);
    expect(event.result.isLive).toBe(true);
    // The flat `odds` list is gone: the football detail fits well under 20 KB on the wire.
    expect(event.result.odds).toBeUndefined();
    expect(br.rawPayload.length).toBeLessThan(20 * 1024);

    const gz = await get(`/api/v2/fixture/e/${liveId}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(event);
    expect(gz.headers.etag).toBe(br.headers.etag);
    const plain = await get(`/api/v2/fixture/e/${liveId}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(event);

    const again = await get(`/api/v2/fixture/e/${liveId}`, { 'if-none-match': String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const list = await get('/api/v2/fixture/full?sport=1&per_page=5');
    const listAgain = await get('/api/v2/fixture/full?sport=1&per_page=5', {
      'if-none-match': String(list.headers.etag),
    });
    expect(listAgain.statusCode).toBe(304);
    // Counts and trees get ETags too.
    const counts = await get('/api/v2/fixture/count');
    expect(
      (await get('/api/v2/fixture/count', { 'if-none-match': String(counts.headers.etag) })).statusCode,
    ).toBe(304);
  });

  it('gives a new body and ETag when the event changes', async () => {
    const before = await get(`/api/v2/fixture/e/${liveId}`);
    let changed = false;
    for (let i = 0; i < 240 && !changed; i++) {
      await server.modules.producer.runOnce();
      clock.advance(1_000);
      changed = (await get(`/api/v2/fixture/e/${liveId}`)).headers.etag !== before.headers.etag;
    }
    expect(changed).toBe(true);
    const stale = await get(`/api/v2/fixture/e/${liveId}`, { 'if-none-match': String(before.headers.etag) });
    expect(stale.statusCode).toBe(200);
  });

  it('hands the feed the same state object until the event changes (snapshots render it once)', async () => {
    const readModel = server.modules.sports.readModel;
    const [first] = readModel.feedState([liveId]);
    expect(readModel.feedState([liveId])[0]).toBe(first);
    const version = readModel.store.get(liveId)!.version;
    for (let i = 0; i < 240 && readModel.store.get(liveId)!.version === version; i++) {
      await server.modules.producer.runOnce();
      clock.advance(1_000);
    }
    const [next] = readModel.feedState([liveId]);
    expect(next).not.toBe(first);
    expect(readModel.feedState([liveId])[0]).toBe(next);
  });

  it('publishes a match update only when something a client shows changed', () => {
    const own = matches.filter((m) => m.eventId === liveId);
    expect(own.length).toBeGreaterThan(1);
    const shown = (m: MatchUpdate) =>
      JSON.stringify([
        m.isLive,
        m.isSuspended,
        m.periodTime,
        m.periodCounter,
        m.status,
        m.data,
        m.resultName,
      ]);
    for (let i = 1; i < own.length; i++) expect(shown(own[i]!)).not.toBe(shown(own[i - 1]!));
    // Far fewer updates than the simulator's ticks (one a second for several simulated minutes).
    expect(own.length).toBeLessThan(200);
  });

  it('publishes market updates only for markets that changed', () => {
    const last = new Map<number, string>();
    for (const update of markets.filter((m) => m.eventId === liveId)) {
      for (const market of update.markets) {
        const state = JSON.stringify([market.disabled, market.selections]);
        expect(last.get(market.id)).not.toBe(state);
        last.set(market.id, state);
      }
    }
    expect(last.size).toBeGreaterThan(0);
  });

  it('sends feed texts in the subscriber language, and the live topic only the markets rows show', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const event = (await get(`/api/v2/fixture/e/${liveId}?locale=tr`)).json().result;
    const client = await connectFeed(address);
    try {
      await client.next(isType('hello'));
      client.send({ type: 'subscribe', topics: ['live'], locale: 'tr' });
      await client.next(isType('subscribed'));
      const match = client.messages.find((m) => m.type === 'match_update' && m.eventId === liveId);
      expect(match && match.type === 'match_update' && match.competition.name).toBe(event.competition.name);
      const rowMarkets = client.messages.flatMap((m) =>
        m.type === 'market_update' && m.eventId === liveId ? m.markets : [],
      );
      const mainTypes = new Set([1, 10, 18, 29, 39]);
      expect(rowMarkets.length).toBeGreaterThan(0);
      expect(rowMarkets.length).toBeLessThan(event.markets.length);
      for (const market of rowMarkets) expect(mainTypes.has(market.t)).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('suspends live markets when the producer is silent for 20 s, and reopens them when it speaks', async () => {
    const { sports, producer } = server.modules;
    const address = server.app.server.listening
      ? `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`
      : await server.app.listen({ port: 0, host: '127.0.0.1' });
    const client = await connectFeed(address);
    try {
      await client.next(isType('hello'));
      client.send({ type: 'subscribe', topics: [`event:${liveId}`] });
      await client.next(isType('subscribed'));
      const seen = client.messages.length;
      clock.advance(21_000);
      expect(sports.readModel.checkProducer()).toBe(true);
      expect(sports.isProducerStale()).toBe(true);
      const detail = (await get(`/api/v2/fixture/e/${liveId}`)).json().result;
      expect(detail.isSuspended).toBe(true);
      expect(detail.marketCount).toBe(0);
      expect(
        detail.markets.every((m: { selections: { isDisabled: boolean }[] }) =>
          m.selections.every((s) => s.isDisabled),
        ),
      ).toBe(true);
      // Clients get it as a resync.
      await client.next((m) => m.type === 'match_update' && m.eventId === liveId && m.isSuspended);
      expect(client.messages.slice(seen).some((m) => m.type === 'snapshot')).toBe(true);

      await producer.runOnce(); // the producer speaks again (its heartbeat)
      expect(sports.isProducerStale()).toBe(false);
      const reopened = (await get(`/api/v2/fixture/e/${liveId}`)).json().result;
      expect(reopened.isSuspended).toBe(matches.filter((m) => m.eventId === liveId).at(-1)!.isSuspended);
    } finally {
      await client.close();
    }
  });

  it('answers every fixture read from memory: they work with the database closed', async () => {
    const urls = [
      '/api/v2/fixture/full?per_page=20',
      `/api/v2/fixture/e/${liveId}`,
      '/api/v2/fixture/count',
      '/api/v2/fixture/count?list=region&sport=1',
      '/api/v1/fixture/matches?withoutMatch=1',
      '/api/v1/fixture/popular/competitions',
    ];
    for (const url of urls) expect((await get(url)).statusCode).toBe(200); // warm
    await server.database.close();
    for (const url of urls) expect((await get(url)).statusCode, url).toBe(200);
    const teams = (await get(`/api/v2/fixture/e/${liveId}`)).json().result;
    const search = await get(`/api/v1/search/fixture?q=${encodeURIComponent(teams.home.name.slice(0, 5))}`);
    expect(search.statusCode).toBe(200);
    expect(search.json().result.map((e: { id: number }) => e.id)).toContain(liveId);
  });
});
