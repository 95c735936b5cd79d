import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedServerMessage } from '@sb/contract';
import { manualClock } from '../../lib/clock';
import { createMemoryBus, type EventBus } from '../../plugins/bus';
import { FeedHub, type FeedLimits } from './feed.hub';
import { FakeSocket, marketUpdate, matchUpdate } from './feed.test-support';

const LIMITS: FeedLimits = {
  heartbeatMs: 1_000,
  conflateMs: 0,
  ringSize: 5,
  ringMaxBytes: 1_000_000,
  maxEvents: 100,
  maxMarketsPerEvent: 100,
  maxBufferedBytes: 10_000,
  maxStrikes: 3,
  maxTopics: 10,
};

const types = (messages: FeedServerMessage[]) => messages.map((m) => m.type);
const dataSeqs = (messages: FeedServerMessage[]) =>
  messages.flatMap((m) =>
    m.type === 'match_update' || m.type === 'market_update' ? [[m.eventId, m.seq]] : [],
  );

describe('FeedHub', () => {
  let bus: EventBus;
  let hub: FeedHub;
  const setup = (limits: Partial<FeedLimits> = {}) => {
    hub = new FeedHub({
      bus,
      clock: manualClock(),
      epoch: 'epoch-a',
      limits: { ...LIMITS, ...limits },
      verifyToken: async () => ({ userId: null }),
    });
    hub.start();
  };
  const connect = (topics: string[] = [], since?: { seq: number; epoch: string }) => {
    const socket = new FakeSocket();
    const connection = hub.accept(socket);
    if (topics.length) hub.subscribe(connection, topics as never, since?.seq, since?.epoch);
    return { socket, connection };
  };

  beforeEach(() => {
    vi.useFakeTimers();
    bus = createMemoryBus();
  });
  afterEach(async () => {
    hub.close();
    await bus.close();
    vi.useRealTimers();
  });

  it('encodes a data message once and hands every recipient the same bytes', async () => {
    setup();
    const clients = [connect(['event:1']), connect(['event:1']), connect(['event:1'])];
    await bus.publish('fixture.markets', marketUpdate(1, 10, 1.8));
    const last = clients.map((c) => c.socket.frames.at(-1));
    expect(Buffer.isBuffer(last[0])).toBe(true);
    expect(last[1]).toBe(last[0]);
    expect(last[2]).toBe(last[0]);
    expect(clients[0]!.socket.messages().at(-1)).toMatchObject({ type: 'market_update', eventId: 1 });
  });

  it('greets with hello, then routes each update only to matching topics with increasing seq', async () => {
    setup();
    const live = connect(['live']);
    const one = connect(['event:2']);
    await bus.publish('fixture.match', matchUpdate(1));
    await bus.publish('fixture.match', matchUpdate(2, { isLive: false, status: 'not_started' }));
    await bus.publish('fixture.markets', marketUpdate(1, 10, 1.8));
    await bus.publish('fixture.markets', marketUpdate(2, 20, 2.5));
    expect(live.socket.messages()[0]).toMatchObject({
      type: 'hello',
      epoch: 'epoch-a',
      seq: 0,
      heartbeatMs: 1_000,
    });
    expect(dataSeqs(live.socket.messages())).toEqual([
      [1, 1],
      [1, 3],
    ]);
    expect(dataSeqs(one.socket.messages())).toEqual([
      [2, 2],
      [2, 4],
    ]);
  });

  it('sends the update that ends a live event to `live` subscribers', async () => {
    setup();
    const live = connect(['live']);
    await bus.publish('fixture.match', matchUpdate(1));
    await bus.publish('fixture.match', matchUpdate(1, { isLive: false, status: 'ended', resultName: '1' }));
    await bus.publish('fixture.match', matchUpdate(1, { isLive: false, status: 'ended', ts: 2 }));
    expect(dataSeqs(live.socket.messages())).toEqual([
      [1, 1],
      [1, 2],
    ]);
  });

  it('answers a fresh subscribe with a snapshot of the latest state per event', async () => {
    setup();
    await bus.publish('fixture.match', matchUpdate(1, { periodTime: 5 }));
    await bus.publish('fixture.match', matchUpdate(1, { periodTime: 6, ts: 2 }));
    await bus.publish('fixture.markets', marketUpdate(1, 10, 1.8));
    await bus.publish('fixture.markets', marketUpdate(1, 10, 1.9));
    await bus.publish('fixture.markets', marketUpdate(1, 11, 4.0));
    await bus.publish('fixture.match', matchUpdate(3, { isLive: false }));
    const { socket } = connect(['live']);
    const [, marker, match, markets, done] = socket.messages();
    expect(marker).toEqual({ type: 'snapshot', seq: 6, topic: 'live', count: 2 });
    expect(match).toMatchObject({ type: 'match_update', eventId: 1, periodTime: 6, seq: 6 });
    expect(markets).toMatchObject({ type: 'market_update', eventId: 1, seq: 6 });
    expect(
      markets?.type === 'market_update' && markets.markets.map((m) => [m.id, m.selections[0]?.odd]),
    ).toEqual([
      [10, 1.9],
      [11, 4.0],
    ]);
    expect(done).toEqual({ type: 'subscribed', topics: ['live'], seq: 6, mode: 'snapshot' });
  });

  it('renders a source state once for every client it snapshots, each stamped with the seq of its send', async () => {
    const match = matchUpdate(7, { periodTime: 12 });
    const markets = marketUpdate(7, 70, 2.5).markets;
    const states = vi.fn((ids: Iterable<number>) => ([...ids].includes(7) ? [{ match, markets }] : []));
    const competitionName = vi.fn((_id: number) => 'Süper Lig');
    hub = new FeedHub({
      bus,
      clock: manualClock(),
      epoch: 'epoch-a',
      limits: LIMITS,
      verifyToken: async () => ({ userId: null }),
      rendering: { competitionName, isRowMarket: () => true },
      source: { liveIds: () => [7], states },
    });
    hub.start();
    const first = connect(['live']);
    await bus.publish(
      'fixture.match',
      matchUpdate(99, { isLive: false, competition: { id: 8, name: 'Cup' } }),
    );
    const second = connect(['live']);
    const third = connect(['live']);
    // One rendering of the match for the language all three use, though three snapshots were sent.
    expect(competitionName.mock.calls.filter(([id]) => id === 7)).toHaveLength(1);
    const firstMatch = first.socket.messages().find((m) => m.type === 'match_update');
    const laterMatch = third.socket.messages().find((m) => m.type === 'match_update');
    expect(firstMatch).toEqual({
      ...match,
      competition: { id: match.competition.id, name: 'Süper Lig' },
      seq: 0,
    });
    expect(laterMatch).toEqual({ ...firstMatch, seq: 1 });
    expect(second.socket.sent.filter((t) => t.includes('"market_update"'))).toEqual([
      JSON.stringify({ type: 'market_update', eventId: 7, markets, ts: match.ts, seq: 1 }),
    ]);
  });

  it("holds a turn's messages in each client socket and writes them out together at the end of the turn", async () => {
    setup();
    const counts = { corks: 0, uncorks: 0, flushedAt: [] as number[] };
    const socket: FakeSocket = Object.assign(new FakeSocket(), {
      cork: () => void counts.corks++,
      uncork: () => {
        counts.uncorks++;
        counts.flushedAt.push(socket.sent.length);
      },
    });
    const connection = hub.accept(socket);
    hub.subscribe(connection, ['live']);
    // The snapshot left in one write.
    expect([counts.corks, counts.uncorks]).toEqual([1, 1]);
    const before = socket.sent.length;
    await bus.publish('fixture.match', matchUpdate(1, { periodTime: 5 }));
    await bus.publish('fixture.match', matchUpdate(2, { periodTime: 6 }));
    await bus.publish('fixture.markets', marketUpdate(1, 10, 1.8));
    expect(socket.sent.length).toBe(before + 3);
    expect([counts.corks, counts.uncorks]).toEqual([2, 1]);
    vi.runOnlyPendingTimers();
    expect([counts.corks, counts.uncorks]).toEqual([2, 2]);
    expect(counts.flushedAt.at(-1)).toBe(before + 3);
    expect(dataSeqs(socket.messages()).slice(-3)).toEqual([
      [1, 1],
      [2, 2],
      [1, 3],
    ]);
  });

  it('resumes from sinceSeq with exactly the missed messages of the topics', async () => {
    setup();
    await bus.publish('fixture.match', matchUpdate(1));
    await bus.publish('fixture.match', matchUpdate(2));
    await bus.publish('fixture.markets', marketUpdate(1, 10, 1.8));
    await bus.publish('fixture.markets', marketUpdate(2, 20, 1.8));
    const { socket } = connect(['event:2'], { seq: 2, epoch: 'epoch-a' });
    expect(types(socket.messages())).toEqual(['hello', 'market_update', 'subscribed']);
    expect(dataSeqs(socket.messages())).toEqual([[2, 4]]);
    expect(socket.messages().at(-1)).toMatchObject({ mode: 'resumed', seq: 4 });
  });

  it('falls back to a snapshot when the gap left the ring, or the epoch differs', async () => {
    setup({ ringSize: 2 });
    for (let i = 0; i < 4; i += 1) await bus.publish('fixture.markets', marketUpdate(1, 10 + i, 2));
    const tooOld = connect(['event:1'], { seq: 1, epoch: 'epoch-a' });
    const otherEpoch = connect(['event:1'], { seq: 3, epoch: 'epoch-b' });
    const recent = connect(['event:1'], { seq: 3, epoch: 'epoch-a' });
    expect(types(tooOld.socket.messages())).toEqual(['hello', 'snapshot', 'market_update', 'subscribed']);
    expect(types(otherEpoch.socket.messages())).toEqual(['hello', 'snapshot', 'market_update', 'subscribed']);
    expect(types(recent.socket.messages())).toEqual(['hello', 'market_update', 'subscribed']);
  });

  it('conflates market updates before numbering them', async () => {
    setup({ conflateMs: 200 });
    const { socket } = connect(['event:1']);
    socket.clear();
    for (const odd of [1.5, 1.6, 1.7]) await bus.publish('fixture.markets', marketUpdate(1, 10, odd));
    expect(socket.sent).toHaveLength(0);
    vi.advanceTimersByTime(200);
    expect(dataSeqs(socket.messages())).toEqual([[1, 1]]);
  });

  it('drops a client whose buffer passed the cap and keeps serving the others', async () => {
    setup({ maxBufferedBytes: 2_000 });
    const slow = connect(['live']);
    const fast = connect(['live']);
    slow.socket.bufferedAmount = 1_990;
    await bus.publish('fixture.match', matchUpdate(1));
    expect(slow.socket.terminated).toBe(true);
    expect(hub.stats().connections).toBe(1);
    await bus.publish('fixture.match', matchUpdate(1, { ts: 2 }));
    expect(dataSeqs(fast.socket.messages())).toEqual([
      [1, 1],
      [1, 2],
    ]);
    expect(slow.socket.sent.some((t) => t.includes('"seq":2'))).toBe(false);
  });

  it('sends heartbeats with the stream position and terminates clients that stopped answering pings', async () => {
    setup();
    const quiet = connect();
    const answering = connect();
    await bus.publish('fixture.match', matchUpdate(1));
    vi.advanceTimersByTime(1_000);
    expect(answering.socket.messages().at(-1)).toMatchObject({ type: 'heartbeat', seq: 1 });
    expect(answering.socket.pings).toBe(1);
    answering.connection.alive = true; // its pong arrived
    vi.advanceTimersByTime(1_000);
    expect(quiet.socket.terminated).toBe(true);
    expect(answering.socket.terminated).toBe(false);
    expect(hub.stats().connections).toBe(1);
  });

  it('keeps the state bounded by the number of events', async () => {
    setup({ maxEvents: 3 });
    for (let id = 1; id <= 10; id += 1) await bus.publish('fixture.match', matchUpdate(id));
    expect(hub.stats().events).toBe(3);
    const { socket } = connect(['live']);
    expect(socket.messages()[1]).toMatchObject({ type: 'snapshot', count: 3 });
  });

  it('stops listening to the bus and closes every client on close', async () => {
    setup();
    const { socket } = connect(['live']);
    hub.close();
    expect(socket.closedWith?.code).toBe(1001);
    await bus.publish('fixture.match', matchUpdate(1));
    expect(hub.stats().seq).toBe(0);
  });
});
