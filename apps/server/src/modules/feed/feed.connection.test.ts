import { describe, expect, it, vi } from 'vitest';
import { FEED_MAX_CLIENT_MESSAGE_BYTES, type FeedTopic } from '@sb/contract';
import { createBackpressurePolicy } from './feed.backpressure';
import { FEED_CLOSE, FeedConnection, type FeedConnectionHost, type VerifyToken } from './feed.connection';
import { FakeSocket } from './feed.test-support';

function setup(verifyToken: VerifyToken = async () => ({ userId: null })) {
  const socket = new FakeSocket();
  const subscribed: { topics: FeedTopic[]; sinceSeq?: number; epoch?: string }[] = [];
  const released: string[] = [];
  const host: FeedConnectionHost = {
    subscribe: (connection, topics, sinceSeq, epoch) => {
      topics.forEach((t) => connection.topics.add(t));
      subscribed.push({ topics, sinceSeq, epoch });
    },
    currentSeq: () => 42,
    now: () => 1_000,
    release: (_connection, reason) => released.push(reason),
  };
  const connection = new FeedConnection({
    socket,
    host,
    policy: createBackpressurePolicy(1_000),
    verifyToken,
    maxStrikes: 3,
    maxTopics: 3,
  });
  const send = async (value: unknown) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    connection.receive(text, Buffer.byteLength(text));
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { socket, connection, subscribed, released, send };
}

describe('FeedConnection', () => {
  it('passes a valid subscribe to the hub with its resume position', async () => {
    const { subscribed, send } = setup();
    await send({ type: 'subscribe', topics: ['live', 'live', 'event:5'], sinceSeq: 7, epoch: 'e1' });
    expect(subscribed).toEqual([{ topics: ['live', 'event:5'], sinceSeq: 7, epoch: 'e1' }]);
  });

  it('answers garbage with an error and closes after repeated garbage', async () => {
    const { socket, released, send } = setup();
    await send('not json');
    await send({ type: 'subscribe', topics: ['everything'] });
    expect(socket.messages().map((m) => m.type === 'error' && m.code)).toEqual([
      'bad_message',
      'bad_message',
    ]);
    expect(socket.messages()[1]).toMatchObject({ message: expect.stringContaining('topics.0') });
    expect(socket.closedWith).toBeNull();
    await send({ type: 'launch' });
    expect(socket.closedWith).toEqual({ code: FEED_CLOSE.policy, reason: 'too many bad messages' });
    expect(released).toEqual(['too many bad messages']);
  });

  it('rejects binary frames and closes on an oversized message', async () => {
    const { socket, connection } = setup();
    connection.receive(null, 3);
    await new Promise((resolve) => setImmediate(resolve));
    expect(socket.messages()[0]).toMatchObject({ type: 'error', code: 'bad_message' });
    connection.receive('x'.repeat(10), FEED_MAX_CLIENT_MESSAGE_BYTES + 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(socket.messages()[1]).toMatchObject({ type: 'error', code: 'message_too_large' });
    expect(socket.closedWith?.code).toBe(FEED_CLOSE.tooLarge);
  });

  it('accepts auth as the first message only, through the injected verifier', async () => {
    const verify = vi.fn<VerifyToken>(async (token) => (token === 'good' ? { userId: 'u1' } : null));
    const first = setup(verify);
    await first.send({ type: 'auth', token: 'good' });
    expect(first.connection.identity).toEqual({ userId: 'u1' });
    expect(first.socket.messages()).toEqual([{ type: 'authenticated', anonymous: false }]);
    await first.send({ type: 'auth', token: 'good' });
    expect(first.socket.messages()[1]).toMatchObject({ type: 'error', code: 'auth_not_first' });

    const bad = setup(verify);
    await bad.send({ type: 'auth', token: 'forged' });
    expect(bad.socket.messages()[0]).toMatchObject({ type: 'error', code: 'unauthorized' });
    expect(bad.socket.closedWith?.code).toBe(FEED_CLOSE.unauthorized);
  });

  it('limits the number of topics and lets topics be dropped again', async () => {
    const { socket, connection, send } = setup();
    await send({ type: 'subscribe', topics: ['live', 'event:1', 'event:2'] });
    await send({ type: 'subscribe', topics: ['event:3'] });
    expect(socket.messages().at(-1)).toMatchObject({ type: 'error', code: 'too_many_topics' });
    await send({ type: 'unsubscribe', topics: ['event:1'] });
    expect([...connection.topics]).toEqual(['live', 'event:2']);
    expect(connection.viewOf(9, true)).toBe('live');
    expect(connection.viewOf(9, false)).toBeNull();
    expect(connection.viewOf(2, false)).toBe('event');
    expect(connection.viewOf(2, true)).toBe('event');
  });

  it('closes a client that floods messages while an auth check is still running', async () => {
    let release: () => void = () => {};
    const { socket, connection } = setup(
      () => new Promise((resolve) => (release = () => resolve({ userId: null }))),
    );
    connection.receive(JSON.stringify({ type: 'auth', token: 't' }), 30);
    for (let i = 0; i < 40; i += 1) connection.receive('{"type":"ping"}', 15);
    expect(socket.closedWith).toEqual({ code: FEED_CLOSE.policy, reason: 'too many messages' });
    release();
  });

  it('answers ping with a heartbeat carrying the stream position', async () => {
    const { socket, send } = setup();
    await send({ type: 'ping' });
    expect(socket.messages()).toEqual([{ type: 'heartbeat', seq: 42, ts: 1_000 }]);
  });

  it('terminates itself instead of buffering past the cap', () => {
    const { socket, connection, released } = setup();
    socket.bufferedAmount = 990;
    expect(connection.sendText('x'.repeat(20))).toBe(false);
    expect(socket.terminated).toBe(true);
    expect(released).toEqual(['slow_consumer']);
    expect(connection.sendText('y')).toBe(false);
    expect(socket.sent).toEqual([]);
  });
});
