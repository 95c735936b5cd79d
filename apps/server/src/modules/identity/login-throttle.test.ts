import { describe, expect, it } from 'vitest';
import { FREE_FAILURES, MAX_DELAY_MS, progressiveDelayMs } from './login-throttle';

describe('progressive delay', () => {
  it('answers the first failures at once, then doubles up to the maximum', () => {
    for (let n = 0; n <= FREE_FAILURES; n++) expect(progressiveDelayMs(n)).toBe(0);
    const delays = [4, 5, 6, 7, 8, 9, 10, 20].map(progressiveDelayMs);
    expect(delays.slice(0, 4)).toEqual([250, 500, 1000, 2000]);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(Math.max(...delays)).toBe(MAX_DELAY_MS);
  });
});
