import { describe, expect, it } from 'vitest';
import { FeedRingBuffer, type RingEntry } from './feed.ring-buffer';

const entry = (seq: number, text = `m${seq}`): RingEntry<string> => ({
  seq,
  eventId: seq % 3,
  live: true,
  size: text.length,
  payload: text,
});

function filled(count: number, capacity: number, maxBytes = 1_000_000) {
  const ring = new FeedRingBuffer(capacity, maxBytes);
  for (let seq = 1; seq <= count; seq += 1) ring.push(entry(seq));
  return ring;
}

describe('FeedRingBuffer', () => {
  it('returns exactly the entries after sinceSeq while it still holds them', () => {
    const ring = filled(5, 10);
    expect(ring.since(2, 5)?.map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(ring.since(0, 5)?.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(ring.since(5, 5)).toEqual([]);
  });

  it('keeps only the newest `capacity` entries and answers null for anything older', () => {
    const ring = filled(25, 10);
    expect(ring.length).toBe(10);
    expect(ring.since(15, 25)?.map((e) => e.seq)).toEqual([16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
    expect(ring.since(14, 25)).toBeNull();
    expect(ring.since(20, 25)?.map((e) => e.seq)).toEqual([21, 22, 23, 24, 25]);
  });

  it('answers null for a position ahead of the stream (another epoch)', () => {
    expect(filled(3, 10).since(9, 3)).toBeNull();
  });

  it('answers null when it is empty but the stream has moved on', () => {
    expect(new FeedRingBuffer(4, 100).since(0, 2)).toBeNull();
  });

  it('is bounded by bytes as well, evicting the oldest first', () => {
    const ring = new FeedRingBuffer(100, 10);
    for (let seq = 1; seq <= 6; seq += 1) ring.push(entry(seq, 'xxxx'));
    expect(ring.totalBytes).toBeLessThanOrEqual(10);
    expect(ring.length).toBe(2);
    expect(ring.since(4, 6)?.map((e) => e.seq)).toEqual([5, 6]);
    expect(ring.since(3, 6)).toBeNull();
  });

  it('rejects a gap in the sequence', () => {
    const ring = filled(2, 4);
    expect(() => ring.push(entry(4))).toThrow(RangeError);
  });
});
