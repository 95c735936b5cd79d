import type { PeriodFacts as F, PeriodRates, PeriodSportProfile, PeriodState } from './period.model';
import { matchDecided, setComplete, setInPlay, totals } from './period.model';

/**
 * Exact laws of the period sports (module README, "Period sports"): the same processes the simulator plays
 * (`producer/simulator/period.sim.ts`), computed by dynamic programming instead of sampled, so an unchanged state
 * always reprices to the same price and there is no Monte Carlo noise.
 *
 * - Set sports: point → game → set → match Markov chains. A race to n points with a lead of 2 (a tennis game,
 *   a tie-break) has a closed form at deuce; a set is a forward recursion over its scores (games in tennis, the
 *   server alternating by game; points in volleyball and table tennis, the last point's winner serving), the
 *   endless deuce tail cut where its mass is below 1e-16; the match a recursion over sets.
 * - Points sports: per team and per second a scoring play with the simulator's probability, worth one of the
 *   play values with equal chance: the points of a stretch of play are the polynomial (1 − q + q·V(z))^seconds
 *   (V the values' generating function), raised by squaring; the teams are independent; basketball's overtime
 *   periods follow a level regulation until a period ends with a winner.
 *
 * The result is a list of weighted final facts per market view, summed by the markets' own `winners`
 * (settlement and prices cannot disagree). Set sports: one view, the match; final states that every set market
 * reads alike (sets won, the first two sets' winners, the total, the next server) are merged and keep one real
 * path as their facts. Points sports: the match totals, each period's score, the first half (two quarters).
 */
export interface Weighted {
  f: F;
  p: number;
}

type Pair = [number, number];
/** Mass below this is dropped (a state, a grid cell). */
const NEGLIGIBLE = 1e-13;
/** A points distribution's tails below this are cut. */
const TRIM = 1e-15;

const chanceOf = (rates: PeriodRates, server: 0 | 1) => (server === 0 ? rates.home : 1 - rates.away);

/**
 * The probability that home wins a race to `target` points with a lead of 2 from (a, b); `chance(n)` is home's
 * chance on the point played after n points. At deuce two points decide or bring the race back level, and the
 * two points' chances are the same pair every time (a game: one server; a tie-break: one point each).
 */
export function raceWin(a: number, b: number, target: number, chance: (n: number) => number): number {
  const memo = new Map<number, number>();
  const deuce = (n: number) => {
    const x = chance(n);
    const y = chance(n + 1);
    const win = x * y;
    const loss = (1 - x) * (1 - y);
    return win + loss > 0 ? win / (win + loss) : 0.5;
  };
  const go = (h: number, v: number): number => {
    if (h >= target && h - v >= 2) return 1;
    if (v >= target && v - h >= 2) return 0;
    const n = h + v;
    if (h >= target - 1 && v >= target - 1) {
      if (h === v) return deuce(n);
      const c = chance(n);
      // Advantage: the next point wins it or brings it back to deuce (an even number of points played).
      return h > v ? c + (1 - c) * deuce(n + 1) : c * deuce(n + 1);
    }
    const key = h * 4096 + v;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const c = chance(n);
    const value = c * go(h + 1, v) + (1 - c) * go(h, v + 1);
    memo.set(key, value);
    return value;
  };
  return go(a, b);
}

interface SetEnd {
  score: Pair;
  p: number;
  /** Who serves first after this set. */
  serve: 0 | 1;
}

/** Tennis tie-break: server `s` serves the first point, then each player two (period.model `serverOf`). */
const tieBreakServer = (s: 0 | 1, n: number): 0 | 1 =>
  n === 0 || Math.floor((n - 1) / 2) % 2 === 1 ? s : s === 0 ? 1 : 0;

/** Every way set `index` can end from `start` (games or points), `serve` serving, `game` the points of a tennis game. */
function setEnds(
  profile: PeriodSportProfile,
  rates: PeriodRates,
  index: number,
  start: Pair,
  serve: 0 | 1,
  game: Pair | undefined,
): SetEnd[] {
  const ends = new Map<string, SetEnd>();
  const end = (score: Pair, p: number, next: 0 | 1) => {
    const key = `${score[0]}:${score[1]}:${next}`;
    const hit = ends.get(key);
    if (hit) hit.p += p;
    else ends.set(key, { score, p, serve: next });
  };
  const target = profile.setTarget?.points ?? 6;
  type Node = { score: Pair; serve: 0 | 1; p: number; game: Pair };
  let level: Node[] = [{ score: [start[0], start[1]], serve, p: 1, game: game ?? [0, 0] }];
  for (let guard = 0; level.length > 0 && guard < 2000; guard++) {
    const next = new Map<string, Node>();
    for (const node of level) {
      let home: number;
      let after: [0 | 1, 0 | 1];
      if (profile.games) {
        const s = node.serve;
        const tieBreak = node.score[0] === target && node.score[1] === target;
        home = tieBreak
          ? raceWin(node.game[0], node.game[1], 7, (n) => chanceOf(rates, tieBreakServer(s, n)))
          : raceWin(node.game[0], node.game[1], 4, () => chanceOf(rates, s));
        const other = s === 0 ? 1 : 0;
        after = [other, other]; // the serve changes after every game
      } else {
        home = chanceOf(rates, node.serve);
        after = [0, 1]; // the point's winner serves next
      }
      for (const w of [0, 1] as const) {
        const p = node.p * (w === 0 ? home : 1 - home);
        if (p < NEGLIGIBLE) continue;
        const score: Pair = [node.score[0] + (w === 0 ? 1 : 0), node.score[1] + (w === 1 ? 1 : 0)];
        if (setComplete(profile, index, score)) {
          end(score, p, after[w]);
          continue;
        }
        const key = `${score[0]}:${score[1]}:${after[w]}`;
        const hit = next.get(key);
        if (hit) hit.p += p;
        else next.set(key, { score, serve: after[w], p, game: [0, 0] });
      }
    }
    level = [...next.values()];
  }
  return [...ends.values()];
}

const normalised = (list: Weighted[]): Weighted[] => {
  const total = list.reduce((s, x) => s + x.p, 0);
  return total > 0 ? list.map((x) => ({ f: x.f, p: x.p / total })) : list;
};

/**
 * Set sports, 'sets' view: the exact distribution of the sets (sets won, the first two sets' winners), each
 * with one real path as its facts; every set market but the total reads only these.
 */
export function setFinals(profile: PeriodSportProfile, rates: PeriodRates, state: PeriodState): Weighted[] {
  const facts = state.facts;
  const copy = (periods: readonly Pair[]) => periods.map((p) => [p[0], p[1]] as Pair);
  if (state.ended || matchDecided(profile, facts, facts.periods.length))
    return [{ f: { periods: copy(facts.periods) }, p: 1 }];
  const inPlay = setInPlay(profile, facts);
  /** sh, sa: sets won; w: the first two sets' winners (bits); total: games or points (the path's). */
  type Node = { periods: Pair[]; serve: 0 | 1; p: number; sh: number; sa: number; w: number; total: number };
  const done = copy(inPlay ? facts.periods.slice(0, -1) : facts.periods);
  const root = { periods: done, sh: 0, sa: 0, w: 0, total: 0 };
  done.forEach(([x, y], i) => {
    if (x > y) root.sh++;
    else root.sa++;
    if (i < 2 && x < y) root.w |= 1 << i;
    root.total += x + y;
  });
  let frontier: Node[] =
    facts.serve === undefined
      ? [
          { ...root, serve: 0, p: 0.5 }, // before the toss
          { ...root, serve: 1, p: 0.5 },
        ]
      : [{ ...root, serve: facts.serve, p: 1 }];
  let start: Pair = inPlay ? copy([facts.periods.at(-1)!])[0]! : [0, 0];
  let game: Pair | undefined = inPlay && profile.games ? facts.game : undefined;
  const finals = new Map<number, Weighted>();
  const cache = new Map<number, SetEnd[]>();
  const toWin = profile.setsToWin ?? 2;
  for (let guard = 0; frontier.length > 0 && guard < 8; guard++) {
    const index = frontier[0]!.periods.length;
    const next = new Map<number, Node>();
    for (const node of frontier) {
      const fresh = start[0] === 0 && start[1] === 0 && game === undefined;
      let outcomes = fresh ? cache.get(node.serve) : undefined;
      if (!outcomes) {
        outcomes = setEnds(profile, rates, index, start, node.serve, game);
        if (fresh) cache.set(node.serve, outcomes);
      }
      for (const o of outcomes) {
        const p = node.p * o.p;
        if (p < NEGLIGIBLE) continue;
        const homeWon = o.score[0] > o.score[1];
        const sh = node.sh + (homeWon ? 1 : 0);
        const sa = node.sa + (homeWon ? 0 : 1);
        const w = node.w | (index < 2 && !homeWon ? 1 << index : 0);
        const total = node.total + o.score[0] + o.score[1];
        const decided = Math.max(sh, sa) >= toWin;
        const key = ((sh * 8 + sa) * 4 + w) * 3 + (decided ? 2 : o.serve);
        const into = decided ? finals : next;
        const hit = into.get(key);
        if (hit) hit.p += p;
        else if (decided) finals.set(key, { f: { periods: [...node.periods, o.score] }, p });
        else next.set(key, { periods: [...node.periods, o.score], serve: o.serve, p, sh, sa, w, total });
      }
    }
    frontier = [...next.values()];
    cache.clear(); // the next set may have another target (volleyball's fifth)
    start = [0, 0];
    game = undefined;
  }
  return normalised([...finals.values()]);
}

/**
 * Set sports, 'total' view: the exact distribution of the match's total games (tennis) or points, by sets won
 * and server, as arrays over the total. Facts: the total alone (only the total market reads this view).
 */
export function setTotals(profile: PeriodSportProfile, rates: PeriodRates, state: PeriodState): Weighted[] {
  const facts = state.facts;
  const [th, ta] = totals(facts);
  if (state.ended || matchDecided(profile, facts, facts.periods.length))
    return [{ f: { periods: [[th + ta, 0]] }, p: 1 }];
  const inPlay = setInPlay(profile, facts);
  const done = inPlay ? facts.periods.slice(0, -1) : facts.periods;
  let sh = 0;
  let sa = 0;
  for (const [x, y] of done) {
    if (x > y) sh++;
    else sa++;
  }
  const played = done.reduce((acc, [x, y]) => acc + x + y, 0);
  const toWin = profile.setsToWin ?? 2;
  // State (sets won home, away, next server) → probability by total so far.
  type Row = { sh: number; sa: number; serve: 0 | 1; by: Map<number, number> };
  const seed = (serve: 0 | 1, p: number): Row => ({ sh, sa, serve, by: new Map([[played, p]]) });
  let rows: Row[] = facts.serve === undefined ? [seed(0, 0.5), seed(1, 0.5)] : [seed(facts.serve, 1)];
  const start: Pair = inPlay ? [facts.periods.at(-1)![0], facts.periods.at(-1)![1]] : [0, 0];
  let game: Pair | undefined = inPlay && profile.games ? facts.game : undefined;
  const out = new Map<number, number>();
  for (let index = done.length; rows.length > 0 && index < 2 * toWin; index++) {
    const next = new Map<number, Row>();
    const ends = new Map<0 | 1, SetEnd[]>();
    for (const row of rows) {
      let list = ends.get(row.serve);
      if (!list) {
        const first = index === done.length;
        list = setEnds(profile, rates, index, first ? start : [0, 0], row.serve, first ? game : undefined);
        ends.set(row.serve, list);
      }
      for (const e of list) {
        const homeWon = e.score[0] > e.score[1];
        const h = row.sh + (homeWon ? 1 : 0);
        const a = row.sa + (homeWon ? 0 : 1);
        const setTotal = e.score[0] + e.score[1];
        const decided = Math.max(h, a) >= toWin;
        const key = (h * 8 + a) * 2 + e.serve;
        let target = decided ? out : next.get(key)?.by;
        if (!target) {
          target = new Map();
          next.set(key, { sh: h, sa: a, serve: e.serve, by: target });
        }
        for (const [t, p] of row.by) {
          const q = p * e.p;
          if (q >= NEGLIGIBLE) target.set(t + setTotal, (target.get(t + setTotal) ?? 0) + q);
        }
      }
    }
    rows = [...next.values()];
    game = undefined;
  }
  return normalised([...out].map(([t, p]) => ({ f: { periods: [[t, 0]] }, p })));
}

/** A distribution of points: `p[k]` is the probability of `lo + k` points. */
interface Pmf {
  lo: number;
  p: Float64Array;
}

const delta = (value: number): Pmf => ({ lo: value, p: Float64Array.of(1) });

function trim(pmf: Pmf): Pmf {
  let a = 0;
  let b = pmf.p.length;
  while (b - a > 1 && pmf.p[b - 1]! < TRIM) b--;
  while (b - a > 1 && pmf.p[a]! < TRIM) a++;
  return a === 0 && b === pmf.p.length ? pmf : { lo: pmf.lo + a, p: pmf.p.slice(a, b) };
}

/** The distribution of the sum of two independent counts. */
function convolve(x: Pmf, y: Pmf): Pmf {
  const out = new Float64Array(x.p.length + y.p.length - 1);
  for (let i = 0; i < x.p.length; i++) {
    const xi = x.p[i]!;
    if (xi === 0) continue;
    for (let j = 0; j < y.p.length; j++) out[i + j]! += xi * y.p[j]!;
  }
  return trim({ lo: x.lo + y.lo, p: out });
}

function power(base: Pmf, n: number): Pmf {
  let result = delta(0);
  let square = base;
  for (let k = n; k > 0; k = Math.floor(k / 2)) {
    if (k % 2 === 1) result = convolve(result, square);
    if (k > 1) square = convolve(square, square);
  }
  return result;
}

const pmfCache = new Map<string, Pmf>();
/** Points one side scores in `seconds` of play at `rate` points per regulation period (the simulator's law). */
function pointsIn(profile: PeriodSportProfile, rate: number, seconds: number): Pmf {
  if (seconds <= 0) return delta(0);
  const key = `${profile.sportId}|${rate}|${seconds}`;
  let hit = pmfCache.get(key);
  if (!hit) {
    const values = profile.playValues;
    const avg = values.reduce((s, v) => s + v, 0) / values.length;
    const q = Math.min(1, rate / avg / profile.periodSeconds);
    const one = new Float64Array(Math.max(...values) + 1);
    one[0] = 1 - q;
    for (const v of values) one[v]! += q / values.length;
    hit = power({ lo: 0, p: one }, seconds);
    if (pmfCache.size > 4000) pmfCache.clear();
    pmfCache.set(key, hit);
  }
  return hit;
}

const lengthOf = (p: PeriodSportProfile, i: number) =>
  i >= p.periods && p.overtimeSeconds ? p.overtimeSeconds : p.periodSeconds;

/** Each (home, away) cell of two sides' independent points (cells lighter than NEGLIGIBLE left out). */
function grid(home: Pmf, away: Pmf, each: (h: number, a: number, p: number) => void): void {
  for (let i = 0; i < home.p.length; i++) {
    const ph = home.p[i]!;
    if (ph < NEGLIGIBLE) continue;
    for (let j = 0; j < away.p.length; j++) {
      const p = ph * away.p[j]!;
      if (p >= NEGLIGIBLE) each(home.lo + i, away.lo + j, p);
    }
  }
}

type Cell = [number, number, number];
const overtimeCache = new Map<string, Cell[]>();
/** Points added by overtime periods from a level score until one ends with a winner: (home, away, p) cells. */
function overtimeCells(profile: PeriodSportProfile, rates: PeriodRates): Cell[] {
  const key = `${profile.sportId}|${rates.home}|${rates.away}`;
  let hit = overtimeCache.get(key);
  if (!hit) {
    const ot = profile.overtimeSeconds ?? 0;
    const one: Cell[] = [];
    grid(pointsIn(profile, rates.home, ot), pointsIn(profile, rates.away, ot), (h, a, p) =>
      one.push([h, a, p]),
    );
    const cells = new Map<number, Cell>();
    let carry = new Map<number, number>([[0, 1]]);
    for (let k = 0; k < 60 && carry.size > 0; k++) {
      const again = new Map<number, number>();
      for (const [d, mass] of carry)
        for (const [h, a, p] of one) {
          const q = mass * p;
          if (q < NEGLIGIBLE) continue;
          if (h === a) again.set(d + h, (again.get(d + h) ?? 0) + q);
          else {
            const c = cells.get((d + h) * 100_000 + d + a);
            if (c) c[2] += q;
            else cells.set((d + h) * 100_000 + d + a, [d + h, d + a, q]);
          }
        }
      carry = again;
    }
    hit = [...cells.values()];
    if (overtimeCache.size > 2000) overtimeCache.clear();
    overtimeCache.set(key, hit);
  }
  return hit;
}

/** Weighted facts from a distribution of one number (`facts` makes the facts its view's markets read). */
function oneNumber(by: Map<number, number>, facts: (v: number) => F): Weighted[] {
  return normalised([...by].filter(([, p]) => p >= NEGLIGIBLE).map(([v, p]) => ({ f: facts(v), p })));
}
const bump = (m: Map<number, number>, k: number, p: number) => m.set(k, (m.get(k) ?? 0) + p);

/**
 * Points sports: weighted final facts per market view. 'match': final (home, away) totals; 'total', 'diff',
 * 'home', 'away': one number of the final score (facts carrying just it); 'd0', 't0'…: a period's difference or
 * total; 'half': the first two quarters' difference.
 */
export function pointsViews(
  profile: PeriodSportProfile,
  rates: PeriodRates,
  state: PeriodState,
): (view: string) => Weighted[] {
  const f = state.facts;
  const n = profile.periods;
  const cur = Math.max(state.period, 0);
  const inPlay = state.period >= 0 && !state.ended;
  const left = state.period < 0 ? lengthOf(profile, 0) : Math.max(0, lengthOf(profile, cur) - state.elapsed);
  const rateOf = (side: 0 | 1) => (side === 0 ? rates.home : rates.away);
  /** A side's final points in period i (regulation). */
  const periodPmf = (side: 0 | 1, i: number): Pmf => {
    const now = f.periods[i]?.[side] ?? 0;
    if (state.ended || (state.period >= 0 && i < cur)) return delta(now);
    if (inPlay && i === cur) {
      const rest = pointsIn(profile, rateOf(side), left);
      return { lo: rest.lo + now, p: rest.p };
    }
    return pointsIn(profile, rateOf(side), lengthOf(profile, i));
  };
  /** A side's points at the end of regulation (or of the overtime in play): so far plus still to come. */
  const side = (s: 0 | 1): Pmf => {
    const now = delta(totals(f)[s]);
    if (state.ended) return now;
    if (state.period < 0) {
      let pmf = now;
      for (let i = 0; i < n; i++) pmf = convolve(pmf, pointsIn(profile, rateOf(s), lengthOf(profile, i)));
      return pmf;
    }
    if (cur >= n) return convolve(now, pointsIn(profile, rateOf(s), left));
    let pmf = convolve(now, pointsIn(profile, rateOf(s), left));
    for (let i = cur + 1; i < n; i++) pmf = convolve(pmf, pointsIn(profile, rateOf(s), lengthOf(profile, i)));
    return pmf;
  };
  /**
   * The match views. A score level at the end of regulation (or of an overtime) goes on into overtime where the
   * sport has it: the overtime's additions (x, y) do not depend on the level score d, so each projection is the
   * level mass convolved with the additions' own projection (home d + x, away d + y, total 2d + x + y, diff
   * x − y).
   */
  const projections = () => {
    const by = { total: new Map(), diff: new Map(), home: new Map(), away: new Map() };
    const level = new Map<number, number>();
    const overtime = profile.overtimeSeconds && !state.ended ? overtimeCells(profile, rates) : [];
    const [home, away] = state.ended ? [delta(totals(f)[0]), delta(totals(f)[1])] : [side(0), side(1)];
    // Sums over the (home, away) table by convolution (O(n²) multiplications, no per-cell work).
    for (let i = 0; i < home.p.length; i++) {
      const ph = home.p[i]!;
      const h = home.lo + i;
      for (let j = 0; j < away.p.length; j++) {
        const p = ph * away.p[j]!;
        if (p === 0) continue;
        const a = away.lo + j;
        if (h === a && overtime.length > 0) {
          bump(level, h, p);
          continue;
        }
        bump(by.total, h + a, p);
        bump(by.diff, h - a, p);
      }
      const levelHere = overtime.length > 0 ? (away.p[h - away.lo] ?? 0) : 0;
      bump(by.home, h, ph * (1 - levelHere));
    }
    for (let j = 0; j < away.p.length; j++) {
      const a = away.lo + j;
      const levelHere = overtime.length > 0 ? (home.p[a - home.lo] ?? 0) : 0;
      bump(by.away, a, away.p[j]! * (1 - levelHere));
    }
    if (level.size > 0) {
      const add = { total: new Map(), diff: new Map(), home: new Map(), away: new Map() };
      for (const [x, y, q] of overtime) {
        bump(add.total, x + y, q);
        bump(add.diff, x - y, q);
        bump(add.home, x, q);
        bump(add.away, y, q);
      }
      const spread = (into: Map<number, number>, extra: Map<number, number>, times: number) => {
        for (const [d, mass] of level) for (const [v, q] of extra) bump(into, times * d + v, mass * q);
      };
      spread(by.total, add.total, 2);
      spread(by.diff, add.diff, 0);
      spread(by.home, add.home, 1);
      spread(by.away, add.away, 1);
    }
    return new Map<string, Weighted[]>([
      ['total', oneNumber(by.total, (v) => ({ periods: [[v, 0]] }))],
      ['diff', oneNumber(by.diff, (v) => ({ periods: [[Math.max(v, 0), Math.max(-v, 0)]] }))],
      ['home', oneNumber(by.home, (v) => ({ periods: [[v, 0]] }))],
      ['away', oneNumber(by.away, (v) => ({ periods: [[0, v]] }))],
    ]);
  };
  /** Final (home, away) scores (a sport with no overtime: both-teams-to-score reads both sides). */
  const cells = (): Weighted[] => {
    if (profile.overtimeSeconds) throw new Error('no (home, away) view with overtime');
    if (state.ended) return [{ f: { periods: [[...totals(f)]] }, p: 1 }];
    const out: Weighted[] = [];
    grid(side(0), side(1), (h, a, p) => out.push({ f: { periods: [[h, a]] }, p }));
    return normalised(out);
  };
  let match: Map<string, Weighted[]> | undefined;
  const views = new Map<string, Weighted[]>();
  return (view: string) => {
    let hit = views.get(view);
    if (hit) return hit;
    if (view === 'half') {
      const by = new Map<number, number>();
      const home = convolve(periodPmf(0, 0), periodPmf(0, 1));
      const away = convolve(periodPmf(1, 0), periodPmf(1, 1));
      grid(home, away, (h, a, p) => bump(by, h - a, p));
      hit = oneNumber(by, (v) => ({
        periods: [
          [Math.max(v, 0), Math.max(-v, 0)],
          [0, 0],
        ],
      }));
    } else if (/^[dt]\d+$/.test(view)) {
      // One period's difference ('d0'…) or total ('t0'…).
      const i = Number(view.slice(1));
      const diff = view.startsWith('d');
      const by = new Map<number, number>();
      grid(periodPmf(0, i), periodPmf(1, i), (h, a, p) => bump(by, diff ? h - a : h + a, p));
      hit = oneNumber(by, (v) => ({
        periods: Array.from({ length: n }, (_, k) =>
          k !== i ? [0, 0] : diff ? [Math.max(v, 0), Math.max(-v, 0)] : [v, 0],
        ),
      }));
    } else if (view === 'match') hit = cells();
    else {
      match ??= projections();
      hit = match.get(view) ?? [];
    }
    views.set(view, hit);
    return hit;
  };
}

/** Every market view's weighted final facts of a period sport from a state. */
export function periodViews(
  profile: PeriodSportProfile,
  rates: PeriodRates,
  state: PeriodState,
): (view: string) => Weighted[] {
  if (profile.kind === 'points') return pointsViews(profile, rates, state);
  let sets: Weighted[] | undefined;
  let total: Weighted[] | undefined;
  return (view) =>
    view === 'total'
      ? (total ??= setTotals(profile, rates, state))
      : (sets ??= setFinals(profile, rates, state));
}

/** The median final total from the start (the pre-match line of a set sport), cached per sport and rates. */
const lineCache = new Map<string, number>();
export function medianTotal(profile: PeriodSportProfile, rates: PeriodRates): number {
  const key = `${profile.sportId}|${rates.home}|${rates.away}`;
  let hit = lineCache.get(key);
  if (hit === undefined) {
    const start: PeriodState = { period: -1, elapsed: 0, facts: { periods: [] }, ended: false };
    const list = setTotals(profile, rates, start)
      .map(({ f, p }) => ({ total: totals(f)[0] + totals(f)[1], p }))
      .sort((x, y) => x.total - y.total);
    let mass = 0;
    hit = list.at(-1)?.total ?? 0;
    for (const { total, p } of list) {
      mass += p;
      if (mass >= 0.5) {
        hit = total;
        break;
      }
    }
    if (lineCache.size > 5000) lineCache.clear();
    lineCache.set(key, hit);
  }
  return hit;
}
