import type { FeedServerMessage, MarketUpdate, MatchUpdate } from '@sb/contract';
import { feedServerMessageSchema } from '@sb/contract';
import type { FeedSocket } from './feed.connection';

/** A socket that records what was sent; `bufferedAmount` is set by the test to play a slow client. */
export class FakeSocket implements FeedSocket {
  bufferedAmount = 0;
  readonly sent: string[] = [];
  /** What `send` was handed, as it was handed (a fan-out's shared bytes, or a string). */
  readonly frames: (string | Buffer)[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  terminated = false;
  pings = 0;

  send(data: string | Buffer): void {
    this.frames.push(data);
    this.sent.push(typeof data === 'string' ? data : data.toString('utf8'));
  }
  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
  }
  terminate(): void {
    this.terminated = true;
  }
  ping(): void {
    this.pings += 1;
  }
  /** Every message sent so far, validated against the contract. */
  messages(): FeedServerMessage[] {
    return this.sent.map((text) => feedServerMessageSchema.parse(JSON.parse(text)));
  }
  clear(): void {
    this.sent.length = 0;
  }
}

export function matchUpdate(eventId: number, overrides: Partial<MatchUpdate> = {}): MatchUpdate {
  const score = { home: 0, away: 0 };
  return {
    type: 'match_update',
    eventId,
    sportId: 1,
    competition: { id: 7, name: 'Premier League' },
    isLive: true,
    isSuspended: false,
    periodTime: 10,
    periodTimeLeft: 35,
    periodCounter: 1,
    status: 'first_half',
    data: { score, stats: [{ period: 1, score, red: score, yellow: score, corner: score }] },
    resultName: null,
    ts: 1,
    ...overrides,
  };
}

export function marketUpdate(eventId: number, marketId: number, odd: number, ts = 1): MarketUpdate {
  return {
    type: 'market_update',
    eventId,
    ts,
    markets: [
      {
        id: marketId,
        t: 1,
        s: '',
        disabled: false,
        selections: [{ id: marketId * 10, outcome: '1', odd, isDisabled: false, isClosed: false }],
      },
    ],
  };
}
