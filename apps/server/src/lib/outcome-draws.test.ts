import { describe, expect, it } from 'vitest';
import { drawFrom, freshDrawState, isCryptoDrawState, openDraws, testDrawState } from './outcome-draws';
import { mulberry32 } from './seeded-random';

describe('outcome draws (issue 31 item 1)', () => {
  it('gives every match its own 256-bit key from the CSPRNG', () => {
    const keys = new Set(Array.from({ length: 100 }, () => freshDrawState().key));
    expect(keys.size).toBe(100);
    const state = freshDrawState();
    expect(isCryptoDrawState(state)).toBe(true);
    expect(Buffer.from(state.key, 'base64url')).toHaveLength(32);
    expect(state.at).toBe(0);
  });

  it('resumes a persisted stream at the very next draw, whatever the position (across chunk boundaries)', () => {
    const state = freshDrawState();
    const whole = openDraws(state);
    const expected = Array.from({ length: 3000 }, (_, i) => (i % 3 === 0 ? whole.int(7) : whole.next()));
    const replayed: number[] = [];
    let stream = openDraws(state);
    for (let i = 0; i < 3000; i++) {
      // Persist and reopen at irregular points (mid-block, mid-chunk), as segments do.
      if (i % 37 === 0) stream = openDraws(JSON.parse(JSON.stringify(stream.state())));
      replayed.push(i % 3 === 0 ? stream.int(7) : stream.next());
    }
    expect(replayed).toEqual(expected);
    expect(whole.state()).toEqual(stream.state());
  });

  it('draws uniform integers without bias and uniform reals in [0, 1)', () => {
    // A fixed key: the same keystream every run, so the statistics below are checked, not sampled anew.
    const stream = openDraws({ key: Buffer.alloc(32, 7).toString('base64url'), at: 0 });
    const n = 6;
    const draws = 60_000;
    const counts = new Array<number>(n).fill(0);
    for (let i = 0; i < draws; i++) counts[stream.int(n)]! += 1;
    const expected = draws / n;
    const chi2 = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // χ² with 5 degrees of freedom: above 20.5 one time in 1,000.
    expect(chi2).toBeLessThan(20.5);
    const reals = Array.from({ length: draws }, () => stream.next());
    expect(Math.min(...reals)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...reals)).toBeLessThan(1);
    expect(Math.abs(reals.reduce((s, u) => s + u, 0) / draws - 0.5)).toBeLessThan(0.01);
    expect(() => stream.int(0)).toThrowError(RangeError);
    expect(new Set(Array.from({ length: 200 }, () => drawFrom(stream, ['a', 'b', 'c'])))).toEqual(
      new Set(['a', 'b', 'c']),
    );
  });

  it('rejects a key that is not 256 bits', () => {
    expect(() => openDraws({ key: 'c2hvcnQ', at: 0 }).next()).toThrowError(/256 bits/);
  });

  it('under the test seed replays the seeded stream the simulator used before (deterministic tests keep their matches)', () => {
    const state = testDrawState(20_261_121, 'match', 42);
    const draws = openDraws(state);
    const old = mulberry32(state);
    for (let i = 0; i < 100; i++) expect(draws.next()).toBe(old.next());
    expect(draws.int(5)).toBe(Math.floor(old.next() * 5));
    expect(draws.state()).toBe(old.state());
  });
});
