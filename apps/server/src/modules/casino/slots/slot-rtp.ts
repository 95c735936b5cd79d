import { SCATTER, ROWS, linePay, type CompiledSlot } from './slot-engine';

/** The exact return of a slot configuration and the parts it is made of (fractions of the total stake). */
export interface RtpBreakdown {
  /** Total return to player, e.g. 0.9612. */
  rtp: number;
  /** Line pays of one paid spin. */
  lines: number;
  /** Scatter pays of one paid spin. */
  scatter: number;
  /** Probability that a paid spin triggers the free spins. */
  trigger: number;
  /** Return of the free spins, per paid spin. */
  freeSpins: number;
}

/**
 * Exact RTP by enumeration, not simulation. Every stop of a reel is equally likely and reels are independent,
 * so each payline sees, on reel r, symbol s with probability count_r(s) / length_r: the expected pay of a line is
 * the sum over every symbol combination (at most 10^5) of its probability times `linePay` — the engine's own
 * line rule. All lines share that expectation. Scatters are counted per window (3 consecutive stops), so each
 * reel's scatter-count distribution is enumerated over its stops and the reels are convolved. Free spins use the
 * same strips with a multiplier and cannot retrigger, so their value is trigger × count × multiplier × (one spin).
 */
export function exactRtp(c: CompiledSlot): RtpBreakdown {
  const probabilities = c.math.strips.map((strip) => {
    const counts = new Map<number, number>();
    for (const s of strip) counts.set(s, (counts.get(s) ?? 0) + 1);
    return [...counts].map(([symbol, n]) => ({ symbol, p: n / strip.length }));
  });
  const tuple = new Array<number>(c.reels).fill(0);
  const walk = (reel: number, p: number): number => {
    if (reel === c.reels) return p * linePay(c, tuple);
    let sum = 0;
    for (const { symbol, p: q } of probabilities[reel]!) {
      tuple[reel] = symbol;
      sum += walk(reel + 1, p * q);
    }
    return sum;
  };
  const lines = walk(0, 1); // per line, in line-stake units = fraction of the total stake over all lines

  let scatterCounts = [1];
  for (const strip of c.math.strips) {
    const perReel = [0, 0, 0, 0];
    for (let stop = 0; stop < strip.length; stop++) {
      let n = 0;
      for (let row = 0; row < ROWS; row++) if (strip[(stop + row) % strip.length] === SCATTER) n++;
      perReel[n]! += 1 / strip.length;
    }
    const next = new Array<number>(scatterCounts.length + ROWS).fill(0);
    scatterCounts.forEach((p, a) => perReel.forEach((q, b) => (next[a + b]! += p * q)));
    scatterCounts = next;
  }
  let scatter = 0;
  let trigger = 0;
  scatterCounts.forEach((p, n) => {
    if (n < 3) return;
    trigger += p;
    scatter += p * c.scatterPays[Math.min(n, 5)]!;
  });
  const spin = lines + scatter;
  const { count, multiplier } = c.math.freeSpins;
  const freeSpins = trigger * count * multiplier * spin;
  return { rtp: spin + freeSpins, lines, scatter, trigger, freeSpins };
}
