import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedServerMessage } from '@sb/contract';
import { FEED_RECONNECT_MS } from '@sb/contract/constants';
import { FeedClient, feedUrl, type FeedStatus, type WebSocketLike } from './ws-client';

class FakeWebSocket implements WebSocketLike {
  readyState = 0;
  readonly sent: unknown[] = [];
  closed: { code?: number; reason?: string } | null = null;
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number, reason?: string) {
    this.closed = { code, reason };
    this.readyState = 3;
  }
  // What the server side does:
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: FeedServerMessage | string) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

const score = { home: 1, away: 0 };
const match = (seq: number, eventId = 5): FeedServerMessage => ({
  type: 'match_update',
  seq,
  eventId,
  sportId: 1,
  competition: { id: 1, name: 'Cup' },
  isLive: true,
  isSuspended: false,
  periodTime: 50,
  periodTimeLeft: 40,
  periodCounter: 2,
  status: 'second_half',
  data: { score, stats: [] },
  resultName: null,
  ts: 1,
});
const hello = (epoch: string, seq = 0): FeedServerMessage => ({
  type: 'hello',
  version: 1,
  seq,
  epoch,
  heartbeatMs: 1_000,
});

describe('FeedClient', () => {
  let sockets: FakeWebSocket[];
  let client: FeedClient;
  const last = () => sockets.at(-1)!;
  const start = (token?: string) => {
    client = new FeedClient({
      url: 'ws://feed.test/ws/feed',
      token: () => token,
      createSocket: (url) => {
        const socket = new FakeWebSocket(url);
        sockets.push(socket);
        return socket;
      },
      random: () => 0,
    });
    return client;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
  });
  afterEach(() => {
    client.close();
    vi.useRealTimers();
  });

  it('authenticates in the first message (never the URL), then subscribes every topic', () => {
    start('secret-token');
    client.subscribe('live');
    client.subscribe('event:5');
    client.connect();
    last().open();
    expect(last().url).toBe('ws://feed.test/ws/feed');
    expect(last().sent).toEqual([
      { type: 'auth', token: 'secret-token' },
      { type: 'subscribe', topics: ['live', 'event:5'] },
    ]);
  });

  it('hands typed, validated messages to listeners and reports invalid ones apart', () => {
    start();
    const matches: number[] = [];
    const errors: unknown[] = [];
    client.on('match_update', (m) => matches.push(m.periodTime));
    client.onProtocolError((e) => errors.push(e));
    client.connect();
    last().open();
    last().receive(hello('e1'));
    last().receive(match(1));
    last().receive('{"type":"match_update"}');
    last().receive('garbage');
    expect(matches).toEqual([50]);
    expect(errors).toHaveLength(2);
  });

  it('reconnects after FEED_RECONNECT_MS, backing off while attempts fail, and resumes from the last seq', () => {
    start();
    client.subscribe('event:5');
    client.connect();
    last().open();
    last().receive(hello('e1'));
    last().receive({ type: 'subscribed', topics: ['event:5'], seq: 3, mode: 'snapshot' });
    last().receive(match(4));
    last().drop();
    expect(client.status).toBe('connecting');
    vi.advanceTimersByTime(FEED_RECONNECT_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().drop(); // fails before hello: the next wait doubles
    vi.advanceTimersByTime(FEED_RECONNECT_MS * 2 - 1);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    last().open();
    expect(last().sent).toEqual([{ type: 'subscribe', topics: ['event:5'], sinceSeq: 4, epoch: 'e1' }]);
  });

  it('does not move its resume position into a snapshot it has not fully received', () => {
    start();
    client.subscribe('live');
    client.connect();
    last().open();
    last().receive(hello('e1'));
    last().receive({ type: 'subscribed', topics: ['live'], seq: 10, mode: 'snapshot' });
    last().drop();
    vi.advanceTimersByTime(FEED_RECONNECT_MS);
    last().open();
    last().receive(hello('e2', 50)); // another instance: it answers with a snapshot
    last().receive({ type: 'snapshot', topic: 'live', seq: 50, count: 2 });
    last().receive(match(50, 1));
    expect(client.resumePosition).toEqual({ epoch: 'e1', seq: 10 });
    last().receive(match(50, 2));
    last().receive({ type: 'subscribed', topics: ['live'], seq: 50, mode: 'snapshot' });
    expect(client.resumePosition).toEqual({ epoch: 'e2', seq: 50 });
    last().receive({ type: 'heartbeat', seq: 57, ts: 2 });
    expect(client.resumePosition).toEqual({ epoch: 'e2', seq: 57 });
  });

  it('declares the feed stale after 2.5 heartbeats of silence and reconnects', () => {
    start();
    const statuses: FeedStatus[] = [];
    client.onStatus((s) => statuses.push(s));
    client.connect();
    last().open();
    last().receive(hello('e1'));
    vi.advanceTimersByTime(2_000);
    last().receive({ type: 'heartbeat', seq: 0, ts: 1 });
    vi.advanceTimersByTime(2_499);
    expect(client.status).toBe('open');
    vi.advanceTimersByTime(1);
    expect(statuses).toEqual(['connecting', 'open', 'stale', 'connecting']);
    expect(sockets[0]?.closed?.code).toBe(4000);
    vi.advanceTimersByTime(FEED_RECONNECT_MS);
    expect(sockets).toHaveLength(2);
  });

  it('closes on a socket error (the close then reconnects) and stops for good on close()', () => {
    start();
    client.connect();
    last().open();
    last().onerror?.({});
    expect(last().closed).not.toBeNull();
    last().drop();
    vi.advanceTimersByTime(FEED_RECONNECT_MS);
    expect(sockets).toHaveLength(2);
    client.close();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
    expect(client.status).toBe('closed');
  });

  it('counts topic interest: unsubscribes only when the last holder releases', () => {
    start();
    client.connect();
    last().open();
    const releaseA = client.subscribe('event:9');
    const releaseB = client.subscribe('event:9');
    releaseA();
    releaseA();
    expect(last().sent).toEqual([{ type: 'subscribe', topics: ['event:9'] }]);
    releaseB();
    expect(last().sent.at(-1)).toEqual({ type: 'unsubscribe', topics: ['event:9'] });
  });
});

describe('feedUrl', () => {
  it.each([
    ['', 'https://bet.example', 'wss://bet.example/ws/feed'],
    ['', 'http://localhost:5173', 'ws://localhost:5173/ws/feed'],
    ['https://api.example/', 'https://bet.example', 'wss://api.example/ws/feed'],
  ])('api %s on page %s → %s', (apiBase, origin, expected) => {
    expect(feedUrl(apiBase, origin)).toBe(expected);
  });
});
