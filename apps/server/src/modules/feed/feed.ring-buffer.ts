/** One data message as sent, with what the hub needs to route it again on a resume. */
export interface RingEntry<P = unknown> {
  seq: number;
  eventId: number;
  /** Whether the message went to the `live` topic when it was sent. */
  live: boolean;
  /** Its size in bytes (about): the buffer is bounded by the total. */
  size: number;
  /** The message, with its serialised forms (stored once, sent to many). */
  payload: P;
}

/**
 * Bounded history of the data messages of one stream, for resumes. Bounded twice: by count and by
 * total bytes of text (market messages can be large), evicting the oldest first.
 * Invariant: entries hold consecutive seqs (every data message of the stream passes through here).
 */
export class FeedRingBuffer<P = unknown> {
  private readonly entries: (RingEntry<P> | undefined)[];
  private head = 0;
  private size = 0;
  private bytes = 0;
  private lastSeq = 0;

  constructor(
    private readonly capacity: number,
    private readonly maxBytes: number,
  ) {
    if (capacity < 1) throw new RangeError('ring capacity must be at least 1');
    this.entries = new Array<RingEntry<P> | undefined>(capacity);
  }

  get length(): number {
    return this.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  push(entry: RingEntry<P>): void {
    if (entry.seq !== this.lastSeq + 1 && this.size > 0)
      throw new RangeError(`seq ${entry.seq} after ${this.lastSeq}`);
    if (this.size === this.capacity) this.evictOldest();
    this.entries[(this.head + this.size) % this.capacity] = entry;
    this.size += 1;
    this.bytes += entry.size;
    this.lastSeq = entry.seq;
    while (this.bytes > this.maxBytes && this.size > 1) this.evictOldest();
  }

  /**
   * The entries after `sinceSeq`, oldest first; `null` when some of them were already evicted
   * or `sinceSeq` lies ahead of this stream (then only a snapshot can resync the client).
   */
  since(sinceSeq: number, currentSeq: number): RingEntry<P>[] | null {
    if (sinceSeq > currentSeq) return null;
    if (sinceSeq === currentSeq) return [];
    const oldest = this.at(0);
    if (!oldest || oldest.seq > sinceSeq + 1) return null;
    const out: RingEntry<P>[] = [];
    for (let i = sinceSeq + 1 - oldest.seq; i < this.size; i += 1) out.push(this.at(i)!);
    return out;
  }

  private at(index: number): RingEntry<P> | undefined {
    return index < this.size ? this.entries[(this.head + index) % this.capacity] : undefined;
  }

  private evictOldest(): void {
    const oldest = this.entries[this.head];
    this.entries[this.head] = undefined;
    this.head = (this.head + 1) % this.capacity;
    this.size -= 1;
    this.bytes -= oldest?.size ?? 0;
  }
}
