import type { Rng } from './rng';

/** Symbol 0 is the wild (substitutes for every symbol but the scatter), 1 the scatter; 2.. are regular. */
export const WILD = 0;
export const SCATTER = 1;
export const ROWS = 3;

/** The mathematics of a slot: everything that decides what a spin pays. Themes only name and colour symbols. */
export interface SlotMath {
  /** Each payline as the row index (0 = top) on every reel. */
  lines: number[][];
  /** Reel strips: symbol ids around each reel; a stop shows strip[stop], strip[stop+1], strip[stop+2]. */
  strips: number[][];
  /** Line pays per symbol for 3, 4, 5 in a row, in multiples of the line stake (the wild's own row included). */
  pays: number[][];
  /** Pays for 3, 4, 5 scatters anywhere, in multiples of the total stake. */
  scatterPays: number[];
  /** 3+ scatters on a paid spin award `count` free spins whose wins are multiplied (no retrigger). */
  freeSpins: { count: number; multiplier: number };
}

/** A SlotMath flattened into typed arrays once, so a spin does no allocation on the hot path. */
export interface CompiledSlot {
  math: SlotMath;
  reels: number;
  strips: Int8Array[];
  lengths: Int32Array;
  /** Row of line l on reel r at lines[l * reels + r]. */
  lines: Int8Array;
  lineCount: number;
  /** pays[symbol * 3 + (n - 3)] for a run of n. */
  pays: Int32Array;
  scatterPays: Int32Array;
}

export function compileSlot(math: SlotMath): CompiledSlot {
  const reels = math.strips.length;
  return {
    math,
    reels,
    strips: math.strips.map((s) => Int8Array.from(s)),
    lengths: Int32Array.from(math.strips.map((s) => s.length)),
    lines: Int8Array.from(math.lines.flat()),
    lineCount: math.lines.length,
    pays: Int32Array.from(math.pays.flatMap((p) => [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0])),
    scatterPays: Int32Array.from([0, 0, 0, ...math.scatterPays]),
  };
}

/**
 * What one line pays (line-stake multiples) for its symbols `line[0..reels-1]`, read left to right: the first
 * non-wild symbol is the line's symbol, wilds stand in for it, and a leading run of wilds may pay as wilds
 * instead when that is worth more. A scatter ends the run and never pays on a line. The exact RTP computation
 * evaluates every combination with this same function.
 */
export function linePay(c: CompiledSlot, line: ArrayLike<number>): number {
  const first = line[0]!;
  const second = line[1]!;
  // Fast exit for most lines: two different symbols (neither wild) on the first two reels pay nothing.
  if (first !== second && first !== WILD && second !== WILD) return 0;
  if (first === SCATTER) return 0;
  const reels = c.reels;
  let wilds = 0;
  while (wilds < reels && line[wilds] === WILD) wilds++;
  const wildPay = wilds >= 3 ? c.pays[wilds - 3]! : 0;
  if (wilds === reels) return wildPay;
  const symbol = line[wilds]!;
  if (symbol === SCATTER) return wildPay;
  let run = wilds + 1;
  while (run < reels) {
    const s = line[run];
    if (s !== symbol && s !== WILD) break;
    run++;
  }
  const symbolPay = run >= 3 ? c.pays[symbol * 3 + run - 3]! : 0;
  return symbolPay > wildPay ? symbolPay : wildPay;
}

/** Where a spin's detail goes when the caller wants it (the game page); the simulation passes null. */
export interface SpinDetail {
  window: number[][];
  lineWins: { line: number; symbol: number; count: number; pays: number }[];
}

/** The scatters of the last spin (set by spinOnce; read right after it, before another spin). */
export const lastSpin = { scatters: 0, scatterUnits: 0 };

// Reused buffers: a spin is synchronous, so one set per process is enough and the hot path allocates nothing.
const scratch = { window: new Int8Array(64), line: new Int8Array(8) };

/**
 * Draws the stops and evaluates one spin: its pay in line-stake units (scatter pays converted), before any
 * multiplier. Fills `detail` when given; leaves the scatter count in `lastSpin` (no allocation per spin).
 */
export function spinOnce(c: CompiledSlot, rng: Rng, detail: SpinDetail | null): number {
  const w = scratch.window;
  const reels = c.reels;
  let scatters = 0;
  for (let r = 0; r < reels; r++) {
    const strip = c.strips[r]!;
    const length = c.lengths[r]!;
    let at = rng.int(length);
    for (let row = 0; row < ROWS; row++) {
      const s = strip[at]!;
      w[r * ROWS + row] = s;
      if (s === SCATTER) scatters++;
      if (++at === length) at = 0;
    }
  }
  let units = 0;
  const line = scratch.line;
  const lines = c.lines;
  for (let l = 0, base = 0; l < c.lineCount; l++, base += reels) {
    // Same fast exit as linePay's, before copying the line: most lines end at their first two symbols.
    const a = w[lines[base]!]!;
    const b = w[ROWS + lines[base + 1]!]!;
    if (a !== b && a !== WILD && b !== WILD) continue;
    for (let r = 0; r < reels; r++) line[r] = w[r * ROWS + lines[base + r]!]!;
    const pays = linePay(c, line);
    if (pays === 0) continue;
    units += pays;
    if (detail) detail.lineWins.push({ line: l, ...runOf(c, line), pays });
  }
  const scatterUnits = scatters >= 3 ? c.scatterPays[scatters > 5 ? 5 : scatters]! * c.lineCount : 0;
  if (detail) {
    detail.window = Array.from({ length: reels }, (_, r) =>
      Array.from(w.subarray(r * ROWS, r * ROWS + ROWS)),
    );
  }
  lastSpin.scatters = scatters;
  lastSpin.scatterUnits = scatterUnits;
  return units + scatterUnits;
}

/** The paying symbol and run length of a winning line (for display). */
function runOf(c: CompiledSlot, line: ArrayLike<number>): { symbol: number; count: number } {
  let wilds = 0;
  while (wilds < c.reels && line[wilds] === WILD) wilds++;
  const wildPay = wilds >= 3 ? c.pays[wilds - 3]! : 0;
  if (wilds === c.reels) return { symbol: WILD, count: wilds };
  const symbol = line[wilds]!;
  let run = wilds + 1;
  while (run < c.reels && (line[run] === symbol || line[run] === WILD)) run++;
  const symbolPay = run >= 3 ? c.pays[symbol * 3 + run - 3]! : 0;
  return symbolPay > wildPay ? { symbol, count: run } : { symbol: WILD, count: wilds };
}

/** A paid spin and the free spins it triggered: total return in line-stake units. The simulation's hot path. */
export function roundUnits(c: CompiledSlot, rng: Rng): number {
  let total = spinOnce(c, rng, null);
  if (lastSpin.scatters >= 3) {
    const { count, multiplier } = c.math.freeSpins;
    for (let i = 0; i < count; i++) total += spinOnce(c, rng, null) * multiplier;
  }
  return total;
}

export interface PlayedSpin {
  window: number[][];
  lineWins: { line: number; symbol: number; count: number; amount: number }[];
  scatter: { count: number; amount: number };
  multiplier: number;
  win: number;
}

/** A round for real money (or fun money): every spin's detail with amounts in minor units. */
export function playRound(
  c: CompiledSlot,
  rng: Rng,
  stake: number,
): { spins: PlayedSpin[]; win: number; freeSpins: number } {
  if (stake % c.lineCount !== 0) throw new Error(`stake ${stake} is not a multiple of ${c.lineCount} lines`);
  const lineStake = stake / c.lineCount;
  const one = (multiplier: number): { spin: PlayedSpin; scatters: number } => {
    const detail: SpinDetail = { window: [], lineWins: [] };
    const units = spinOnce(c, rng, detail);
    const u = { units, ...lastSpin };
    const spin: PlayedSpin = {
      window: detail.window,
      lineWins: detail.lineWins.map((x) => ({
        line: x.line,
        symbol: x.symbol,
        count: x.count,
        amount: x.pays * lineStake * multiplier,
      })),
      scatter: { count: u.scatters, amount: u.scatterUnits * lineStake * multiplier },
      multiplier,
      win: u.units * lineStake * multiplier,
    };
    return { spin, scatters: u.scatters };
  };
  const first = one(1);
  const spins = [first.spin];
  const freeSpins = first.scatters >= 3 ? c.math.freeSpins.count : 0;
  for (let i = 0; i < freeSpins; i++) spins.push(one(c.math.freeSpins.multiplier).spin);
  return { spins, win: spins.reduce((s, x) => s + x.win, 0), freeSpins };
}
