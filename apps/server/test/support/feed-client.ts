// A WebSocket client of the live feed for integration tests: parses every message with the
// contract and lets a test wait for the next message matching a predicate.
import WebSocket from 'ws';
import {
  FEED_PATH,
  feedServerMessageSchema,
  type FeedClientMessage,
  type FeedServerMessage,
} from '@sb/contract';

export interface FeedTestClient {
  socket: WebSocket;
  messages: FeedServerMessage[];
  send(message: FeedClientMessage | string): void;
  /** Resolves with the first message from index `from` on (default: not yet consumed) matching `predicate`. */
  next<T extends FeedServerMessage>(predicate: (m: FeedServerMessage) => m is T): Promise<T>;
  next(predicate: (m: FeedServerMessage) => boolean): Promise<FeedServerMessage>;
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

/** `host`: the Host header of the upgrade (a brand's site; default the address's own). */
export async function connectFeed(baseUrl: string, host?: string): Promise<FeedTestClient> {
  const socket = new WebSocket(
    `${baseUrl.replace(/^http/, 'ws')}${FEED_PATH}`,
    host ? { headers: { host } } : undefined,
  );
  const messages: FeedServerMessage[] = [];
  const waiters: { predicate: (m: FeedServerMessage) => boolean; resolve: (m: FeedServerMessage) => void }[] =
    [];
  let cursor = 0;
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const drain = () => {
    for (const waiter of [...waiters]) {
      const index = messages.findIndex((m, i) => i >= cursor && waiter.predicate(m));
      if (index < 0) continue;
      cursor = index + 1;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(messages[index]!);
    }
  };
  socket.on('message', (data) => {
    messages.push(feedServerMessageSchema.parse(JSON.parse(data.toString())));
    drain();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    messages,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next: (predicate: (m: FeedServerMessage) => boolean) =>
      new Promise<FeedServerMessage>((resolve) => {
        waiters.push({ predicate, resolve });
        drain();
      }),
    closed,
    async close() {
      if (socket.readyState !== WebSocket.CLOSED) {
        socket.close();
        await closed;
      }
    },
  } as FeedTestClient;
}

export const isType =
  <K extends FeedServerMessage['type']>(type: K) =>
  (m: FeedServerMessage): m is Extract<FeedServerMessage, { type: K }> =>
    m.type === type;
