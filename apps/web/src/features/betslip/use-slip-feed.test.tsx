import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { FeedServerMessage } from '@sb/contract';
import { AppContext } from '@/lib/app-context';
import type { SlipEntry } from '@/lib/slip-store';
import { createFeedClient, type FeedClient, type WebSocketLike } from '@/lib/ws-client';
import { newQueryClient, TEST_APP } from '@/test/render';
import { entry } from './test/fixtures';
import { useSlipFeed } from './use-slip-feed';

/** The server's side of one feed socket: what the client sent, and messages pushed to it. */
class FakeSocket implements WebSocketLike {
  readyState = 0;
  readonly sent: { type: string; topics?: string[] }[] = [];
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as { type: string; topics?: string[] });
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: FeedServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

let seq = 0;
const matchUpdate = (eventId: number, isSuspended: boolean): FeedServerMessage => ({
  type: 'match_update',
  seq: ++seq,
  eventId,
  sportId: 1,
  competition: { id: 3, name: 'League' },
  isLive: false,
  isSuspended,
  periodTime: 0,
  periodTimeLeft: 0,
  periodCounter: 0,
  status: 'not_started',
  data: { score: { home: 0, away: 0 }, stats: [] },
  resultName: null,
  ts: 1,
});
/** One market of `eventId` holding selection `id` (market id `id × 10`, as in the slip fixtures). */
const marketUpdate = (
  eventId: number,
  id: number,
  state: { disabled?: boolean; isDisabled?: boolean; isClosed?: boolean; odd?: number } = {},
): FeedServerMessage => ({
  type: 'market_update',
  seq: ++seq,
  eventId,
  ts: 1,
  markets: [
    {
      id: id * 10,
      t: 1,
      s: '',
      disabled: state.disabled ?? false,
      selections: [
        {
          id,
          outcome: '1',
          odd: state.odd ?? 2,
          isDisabled: state.isDisabled ?? false,
          isClosed: state.isClosed ?? false,
        },
      ],
    },
  ],
});

describe('useSlipFeed', () => {
  let socket: FakeSocket;
  let feed: FeedClient;
  let openFeed: ReturnType<typeof vi.fn<() => FeedClient>>;

  beforeEach(() => {
    socket = new FakeSocket();
    feed = createFeedClient({ url: 'ws://feed.test/ws/feed', createSocket: () => socket, random: () => 0 });
    feed.connect();
    socket.open();
    socket.receive({ type: 'hello', version: 1, seq: 0, epoch: 'e1', heartbeatMs: 60_000 });
    openFeed = vi.fn(() => feed);
  });
  afterEach(() => feed.close());

  /** Mounts the hook beside an active slip check (['betslip', …]); `checks` counts the check's runs. */
  async function mount(bets: SlipEntry[]) {
    const queryClient = newQueryClient();
    const check = vi.fn(async () => ({ ok: true }));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <AppContext.Provider
          value={{ app: TEST_APP, locale: 'en', markets: [], client: { client_id: 'c', client_secret: 's' } }}
        >
          {children}
        </AppContext.Provider>
      </QueryClientProvider>
    );
    const hook = renderHook(
      ({ slip }: { slip: SlipEntry[] }) => {
        // The check only runs again when something invalidates it (never stale on its own here).
        useQuery({ queryKey: ['betslip', 'check'], queryFn: check, staleTime: Infinity });
        return useSlipFeed(slip, openFeed);
      },
      { wrapper, initialProps: { slip: bets } },
    );
    await waitFor(() => expect(check).toHaveBeenCalledTimes(1));
    return { ...hook, checks: () => check.mock.calls.length };
  }

  /** Pushes messages through the feed and lets any refetch they start begin. */
  async function push(...messages: FeedServerMessage[]) {
    await act(async () => {
      for (const message of messages) socket.receive(message);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }

  const topicsSent = (type: 'subscribe' | 'unsubscribe') =>
    socket.sent.filter((m) => m.type === type).flatMap((m) => m.topics ?? []);
  /** The topics the socket holds after everything it sent, in order. */
  const heldTopics = () => {
    const held = new Set<string>();
    for (const m of socket.sent)
      for (const topic of m.topics ?? []) {
        if (m.type === 'subscribe') held.add(topic);
        if (m.type === 'unsubscribe') held.delete(topic);
      }
    return [...held].sort();
  };

  it('opens no feed for an empty slip', async () => {
    await mount([]);
    expect(openFeed).not.toHaveBeenCalled();
    expect(socket.sent).toEqual([]);
  });

  it('listens to each event of the slip once, and lets go of them on unmount', async () => {
    const { unmount } = await mount([entry(1), entry(2), entry(3, { eventId: 1001 })]);
    expect(topicsSent('subscribe').sort()).toEqual(['event:1001', 'event:1002']);
    unmount();
    expect(heldTopics()).toEqual([]);
  });

  it('checks the slip at once when the desk suspends a picked event, and again when it resumes it', async () => {
    const { checks } = await mount([entry(1), entry(2)]);
    // An event seen open for the first time changes nothing.
    await push(matchUpdate(1001, false));
    expect(checks()).toBe(1);
    await push(matchUpdate(1001, true));
    expect(checks()).toBe(2);
    // The same state again (a score or minute update of a suspended event) is no new reason.
    await push(matchUpdate(1001, true));
    expect(checks()).toBe(2);
    await push(matchUpdate(1001, false));
    expect(checks()).toBe(3);
    // An event that is not on the slip.
    await push(matchUpdate(4242, true));
    expect(checks()).toBe(3);
  });

  it('checks at once when a picked event is first seen suspended', async () => {
    const { checks } = await mount([entry(1)]);
    await push(matchUpdate(1001, true));
    expect(checks()).toBe(2);
  });

  it('checks at once when a picked market or selection goes off sale or back, not on a price move', async () => {
    const { checks } = await mount([entry(1), entry(2)]);
    await push(marketUpdate(1001, 1));
    expect(checks()).toBe(1);
    // Prices alone wait for the regular 10 s check.
    await push(marketUpdate(1001, 1, { odd: 2.4 }));
    expect(checks()).toBe(1);
    await push(marketUpdate(1001, 1, { disabled: true }));
    expect(checks()).toBe(2);
    await push(marketUpdate(1001, 1));
    expect(checks()).toBe(3);
    await push(marketUpdate(1002, 2, { isDisabled: true }));
    expect(checks()).toBe(4);
    await push(marketUpdate(1002, 2, { isDisabled: true, isClosed: true }));
    expect(checks()).toBe(4);
    await push(marketUpdate(1002, 2, { isClosed: true }));
    expect(checks()).toBe(4);
  });

  it('ignores selections that are not picked, and a picked id under another event', async () => {
    const { checks } = await mount([entry(1)]);
    await push(marketUpdate(1001, 77, { disabled: true }), marketUpdate(5555, 1, { isDisabled: true }));
    expect(checks()).toBe(1);
  });

  it('follows the slip: a removed pick’s event is let go and no longer checked for', async () => {
    const { checks, rerender } = await mount([entry(1), entry(2)]);
    rerender({ slip: [entry(2)] });
    expect(heldTopics()).toEqual(['event:1002']);
    await push(matchUpdate(1001, true), marketUpdate(1001, 1, { disabled: true }));
    expect(checks()).toBe(1);
    await push(matchUpdate(1002, true));
    expect(checks()).toBe(2);
  });

  it('returns the picks the feed holds shut at once (event suspended, market or selection off sale), and lets them go', async () => {
    const { result } = await mount([entry(1), entry(2), entry(3, { eventId: 1001 })]);
    const held = () => [...result.current].sort((a, b) => a - b);
    expect(held()).toEqual([]);
    // The whole event: both of its picks, not the other event's.
    await push(matchUpdate(1001, true));
    expect(held()).toEqual([1, 3]);
    await push(matchUpdate(1001, false));
    expect(held()).toEqual([]);
    // A market off sale holds its pick alone; a selection of its own too; a price move holds nothing.
    await push(marketUpdate(1002, 2, { odd: 3.1 }));
    expect(held()).toEqual([]);
    await push(marketUpdate(1002, 2, { disabled: true }), marketUpdate(1001, 3, { isDisabled: true }));
    expect(held()).toEqual([2, 3]);
    await push(marketUpdate(1002, 2), marketUpdate(1001, 3));
    expect(held()).toEqual([]);
  });
});
