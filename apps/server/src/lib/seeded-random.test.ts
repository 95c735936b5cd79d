import { describe, expect, it } from 'vitest';
import { hashSeed, mulberry32, sfc32 } from './seeded-random';

// The catalogue, the simulator and the slots' reel strips are replayed from these sequences: a change to either
// generator changes every generated event and game, so their first draws are pinned.
describe('seeded generators', () => {
  it('mulberry32 replays the same stream and resumes from its state', () => {
    const a = mulberry32(42);
    expect([a.next(), a.next(), a.next()]).toEqual([
      0.6011037519201636, 0.44829055899754167, 0.8524657934904099,
    ]);
    expect(a.state()).toBe(1199730185);
    const resumed = mulberry32(a.state());
    expect(resumed.next()).toBe(a.next());
  });

  it('sfc32 replays the same draws, integers within range', () => {
    const s = sfc32(42);
    expect([s.next(), s.int(1000), s.int(6)]).toEqual([0.8537391759455204, 179, 4]);
    const draws = Array.from({ length: 10_000 }, () => s.int(7));
    expect(Math.min(...draws)).toBe(0);
    expect(Math.max(...draws)).toBe(6);
  });

  it('hashSeed mixes its parts into one 32-bit seed', () => {
    expect(hashSeed(1, 'a', 2)).toBe(3958069981);
    expect(hashSeed(1, 'a', 2)).not.toBe(hashSeed(1, 'a', 3));
  });
});
