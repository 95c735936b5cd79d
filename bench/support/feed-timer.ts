// How the benches' players time the live feed: from a data message's `ts` (its publish time, the same machine's
// clock) to its arrival. Only the type, a snapshot's count and a data message's ts are read, off the raw bytes:
// parsing every whole message (snapshots of every market of an event) for thousands of sockets made the generator
// the bottleneck it measured.
import type { RawData } from 'ws';

const TYPE_PREFIX = '{"type":"';
const TS_KEY = '"ts":';

/** A message's bytes as one Buffer (ws hands text frames over as a Buffer unless told otherwise). */
const bytesOf = (data: RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);

/**
 * A per-socket reader: call it with each message and its arrival time (ms since the epoch); it calls `record`
 * with the type and delivery milliseconds of every `match_update` and `market_update` that is news (the messages
 * after a `snapshot` marker are state, their ts is old).
 */
export function feedTimer(record: (type: 'match_update' | 'market_update', ms: number) => void) {
  let snapshotLeft = 0;
  return (data: RawData, receivedMs: number): void => {
    const bytes = bytesOf(data);
    const head = bytes.toString('latin1', 0, 32);
    if (!head.startsWith(TYPE_PREFIX)) return;
    const type = head.slice(TYPE_PREFIX.length, head.indexOf('"', TYPE_PREFIX.length));
    if (type === 'snapshot') snapshotLeft = (JSON.parse(bytes.toString()) as { count?: number }).count ?? 0;
    if (type !== 'match_update' && type !== 'market_update') return;
    if (snapshotLeft > 0) {
      snapshotLeft--;
      return;
    }
    // Markets and competitions have no `ts` of their own, so the message's is the last one.
    const at = bytes.lastIndexOf(TS_KEY);
    const ts =
      at < 0 ? 0 : parseInt(bytes.toString('latin1', at + TS_KEY.length, at + TS_KEY.length + 20), 10);
    if (ts) record(type, receivedMs - ts);
  };
}
