/** Time source handed to services so time-based rules can be replayed in tests without sleeping. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests move by hand. */
export function manualClock(
  start = Date.UTC(2026, 10, 21, 12),
): Clock & { advance(ms: number): void; set(ms: number): void } {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (ms) => {
      current = ms;
    },
  };
}
