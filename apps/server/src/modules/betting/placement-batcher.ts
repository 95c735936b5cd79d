/**
 * Group commit for bet placement: placements that arrive within a few milliseconds of each other are handed to
 * `write` together (one database transaction for all of them). Placements are spread over lanes by market, each
 * lane with its own queue and at most one batch in flight, so a burst on one market (or a batch slowed by one)
 * fills its own lane while the others keep committing. `write` answers each placement with its result, or null
 * for "place this one alone" (the caller's single-bet path, which gives the exact answer); a batch whose `write`
 * throws answers null for every placement in it.
 */
export interface BatcherOptions<T, R> {
  /** Writes one batch; one answer per item, in order (null: place it alone). */
  write: (batch: T[]) => Promise<(R | null)[]>;
  /** Which lane an item goes to (any integer; taken modulo `lanes`). */
  laneOf: (item: T) => number;
  lanes: number;
  /** How long the first placement of a batch waits for others (0: only those of the same tick). */
  windowMs: number;
  maxBatch: number;
}

export interface BatchStats {
  /** Batches written, items in them, and batches that failed as a whole (every item then placed alone). */
  batches: number;
  items: number;
  failed: number;
}

interface Waiting<T, R> {
  item: T;
  resolve: (result: R | null) => void;
}

interface Lane<T, R> {
  queue: Waiting<T, R>[];
  timer: ReturnType<typeof setTimeout> | null;
  busy: boolean;
}

export function createPlacementBatcher<T, R>(options: BatcherOptions<T, R>) {
  const lanes: Lane<T, R>[] = Array.from({ length: Math.max(1, options.lanes) }, () => ({
    queue: [],
    timer: null,
    busy: false,
  }));
  const stats: BatchStats = { batches: 0, items: 0, failed: 0 };

  function schedule(lane: Lane<T, R>, wait: number): void {
    if (lane.busy || lane.timer || lane.queue.length === 0) return;
    lane.timer = setTimeout(() => {
      lane.timer = null;
      void flush(lane);
    }, wait);
  }

  async function flush(lane: Lane<T, R>): Promise<void> {
    const batch = lane.queue.splice(0, options.maxBatch);
    lane.busy = true;
    stats.batches++;
    stats.items += batch.length;
    let answers: (R | null)[] = [];
    try {
      answers = await options.write(batch.map((w) => w.item));
    } catch {
      stats.failed++;
    }
    batch.forEach((w, i) => w.resolve(answers[i] ?? null));
    lane.busy = false;
    // Those that arrived while this batch was in flight have waited already: their batch goes at once.
    schedule(lane, 0);
  }

  return {
    stats,
    /** Queues one placement; resolves with its result, or null when it must be placed alone. */
    submit(item: T): Promise<R | null> {
      const n = lanes.length;
      const lane = lanes[((options.laneOf(item) % n) + n) % n]!;
      return new Promise<R | null>((resolve) => {
        lane.queue.push({ item, resolve });
        if (lane.queue.length >= options.maxBatch && lane.timer && !lane.busy) {
          clearTimeout(lane.timer);
          lane.timer = null;
          void flush(lane);
          return;
        }
        schedule(lane, options.windowMs);
      });
    },
  };
}
