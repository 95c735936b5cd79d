import { describe, expect, it } from 'vitest';
import { createBackpressurePolicy } from './feed.backpressure';

describe('backpressure policy', () => {
  const policy = createBackpressurePolicy(1_000);

  it.each([
    [0, 10, 'send'],
    [500, 500, 'send'],
    [500, 501, 'drop'],
    [1_000, 1, 'drop'],
    [0, 5_000, 'send'], // one oversized message to a client that keeps up
    [1, 5_000, 'drop'],
  ] as const)('buffered %i + next %i → %s', (buffered, next, decision) => {
    expect(policy(buffered, next)).toBe(decision);
  });

  it('refuses a non-positive cap', () => {
    expect(() => createBackpressurePolicy(0)).toThrow(RangeError);
  });
});
