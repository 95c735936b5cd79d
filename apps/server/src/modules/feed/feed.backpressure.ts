/**
 * Slow-client policy. `bufferedAmount` is what the socket still holds for the client (bytes queued
 * in ws and in the kernel-facing stream). A client that lets it pass `maxBufferedBytes` is dropped
 * rather than buffered for: its memory is released at once and it resyncs on reconnect.
 * A single message larger than the cap still goes to a client whose buffer is empty.
 */
export type BackpressureDecision = 'send' | 'drop';

export function createBackpressurePolicy(maxBufferedBytes: number) {
  if (maxBufferedBytes < 1) throw new RangeError('maxBufferedBytes must be positive');
  return (bufferedAmount: number, nextBytes: number): BackpressureDecision =>
    bufferedAmount > 0 && bufferedAmount + nextBytes > maxBufferedBytes ? 'drop' : 'send';
}

export type BackpressurePolicy = ReturnType<typeof createBackpressurePolicy>;
