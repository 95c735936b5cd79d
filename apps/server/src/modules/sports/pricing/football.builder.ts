import type { FootballFacts } from './football.facts';
import { goalsOf, type FootballSpec } from './football.markets';
import { covered, type PlayerNeed } from './football.scorers';
import { decisionBound, forEachCell, goalDims, shares, type FootballPricingInput } from './football.model';
import { inBand, roundDownOdd, type PriceBand } from './margin';
import { settleMarket, type Result } from './market-spec';

/**
 * Bet builder (issue 37, module README "Bet builder"): a combination of selections of one football event priced
 * exactly as the mass of the book's own goals grid (`goalDims` × Dixon–Coles τ, the grid every goals market is
 * summed over, conditioned on the live state) where every leg wins.
 *
 * - Goal legs (1X2, double chance, draw no bet, totals and team totals on half lines, both teams to score,
 *   correct score, exact and ranged goals, odd/even, margins, European and half-line handicaps, half-time
 *   markets, HT/FT, half totals, win to nil, clean sheets, result & total combos): decided on every cell
 *   (x1, y1, x2, y2) of the grid by `settleMarket`, the settlement's own decision code.
 * - Sequence legs (first/last team to score, first/last scorer, anytime scorer, player to score 2 or more):
 *   conditioned on the cell, the order of goals within a half is uniformly random and every team goal is scored
 *   by one of its players with his share (the scorer markets' split); the conditional probability is summed
 *   exactly (enumeration of the first and last goal's team and scorer, inclusion–exclusion over the players who
 *   fall short of the goals their anytime / 2+ legs still need, the multinomial summed over their few goals).
 * - Not offered: corners and cards (their count models are independent of goals in this book, so a joint
 *   price would only multiply them; the builder leaves them out), Asian whole/quarter lines (half results).
 *
 * A leg that voids (draw no bet on a draw) voids the builder unless another leg loses: the probability is the
 * effective one, q = P(all win) / (1 − P(builder void)), the fair price of a bet that returns the stake on a
 * void (the method the singles use).
 */

export interface BuilderLeg {
  spec: FootballSpec;
  code: string;
}

const GOAL_FAMILY = new Set([
  1, 10, 11, 29, 21, 23, 25, 45, 47, 35, 60, 63, 75, 81, 83, 88, 90, 50, 52, 53, 54, 55, 56, 57, 58, 59, 40,
  18, 19, 20, 68, 86, 14, 16,
]);
const SEQUENCE = new Set(['first', 'last', 'firstScorer', 'lastScorer', 'anytime', 'twoPlus']);

/** Whether a market's selections may be builder legs. */
export function builderOffers(spec: FootballSpec): boolean {
  if (spec.dist === 'goals') return GOAL_FAMILY.has(spec.t) && !spec.settle;
  return SEQUENCE.has(spec.dist);
}

export interface BuilderPrice {
  /** Effective fair probability of the combination (0: it cannot win). */
  p: number;
  /** P(all legs win), over the grid's mass. */
  win: number;
  /** Legs implied by the others (removing one leaves the probability unchanged): priced as the stronger legs. */
  redundant: number[];
}

type Team = 'h' | 'a';
interface SeqLeg {
  kind: 'first' | 'last' | 'firstScorer' | 'lastScorer' | 'anytime' | 'twoPlus';
  code: string;
}

/** Goals a player leg needs in all: anytime one, "2 or more" two. */
const NEEDED: Partial<Record<SeqLeg['kind'], number>> = { anytime: 1, twoPlus: 2 };

/** Scorer categories of a team: each named player of the legs with his share, and everyone else. */
interface Cat {
  code: string;
  share: number;
}

/** Relative tolerance under which a leg's removal is taken to leave the probability unchanged. */
const SAME = 1e-12;

/** The builder's pricing of a set of legs of one event under the model input (pure). */
export function priceBuilder(
  legs: readonly BuilderLeg[],
  input: FootballPricingInput,
  rho: number,
  /** The input's kept grid (`builderGrids`); a fresh one when not given. */
  kept?: PricingGrid,
): BuilderPrice {
  const grid = prepareOn(legs, kept ?? pricingGrid(input, rho));
  const all = legs.map((_, i) => i);
  const full = grid.mass(all);
  const p = effective(full);
  const redundant: number[] = [];
  if (full.win > 0)
    for (const i of all) {
      const rest = all.filter((j) => j !== i && !redundant.includes(j));
      if (rest.length === 0) continue;
      const q = effective(grid.mass(rest));
      if (Math.abs(q - p) <= SAME * Math.max(p, q)) redundant.push(i);
    }
  return { p, win: full.win, redundant };
}

/** A grid's sums over subsets of `legs`, by index. */
const prepareOn = (legs: readonly BuilderLeg[], grid: PricingGrid) => ({
  mass: (subset: readonly number[]) => grid.mass(subset.map((i) => legs[i]!)),
});

const effective = (m: { win: number; void: number }) => (m.void < 1 ? Math.min(1, m.win / (1 - m.void)) : 0);

/**
 * The smallest set of legs that cannot win together (a subset the 409 names): legs are dropped one by one
 * while the rest still cannot win. Null when the combination can win.
 */
export function conflictOf(
  legs: readonly BuilderLeg[],
  input: FootballPricingInput,
  rho: number,
  /** The input's kept grid (`builderGrids`); a fresh one when not given. */
  kept?: PricingGrid,
): number[] | null {
  const grid = prepareOn(legs, kept ?? pricingGrid(input, rho));
  let keep = legs.map((_, i) => i);
  if (grid.mass(keep).win > 0) return null;
  for (const i of legs.map((_, k) => k)) {
    const without = keep.filter((k) => k !== i);
    if (without.length > 0 && grid.mass(without).win === 0) keep = without;
  }
  return keep;
}

/**
 * The candidates that can still join the legs (the combination with each of them can win): the app greys the
 * rest. Indexes into `candidates`. A fresh grid each call; the service keeps one per model input (`builderGrid`).
 */
export function compatibleWith(
  legs: readonly BuilderLeg[],
  candidates: readonly BuilderLeg[],
  input: FootballPricingInput,
  rho: number,
): number[] {
  return builderGrid(input, rho).compatible(legs, candidates);
}

/**
 * The grid's cells of positive mass for one model input, with each goal leg's winning cells as a bit set computed
 * once per leg (read on the leg's scope: a full-time leg is decided once per final score, not once per cell) and
 * kept: `compatible` is then an AND of bit sets per goal candidate, and a walk to the first cell where the
 * sequence legs can win per sequence candidate. Exact: the same cells and decisions as `prepareBuilder`'s.
 */
export function builderGrid(input: FootballPricingInput, rho: number) {
  const f0 = input.state.facts;
  const found: number[] = [];
  forEachCell(goalDims(input, decisionBound(f0)), rho, (x1, y1, x2, y2, p) => {
    if (p > 0) found.push(x1, y1, x2, y2);
  });
  const cells = found.every((v) => v < 256) ? Uint8Array.from(found) : Float64Array.from(found);
  const n = cells.length / 4;
  const words = (n + 31) >>> 5;
  // Per cell, the key of what a leg of each scope reads: final score, first half's, second half's goals.
  const K = 64;
  const fits = cells.every((v) => v < K);
  const keys = { ft: new Uint16Array(n), h1: new Uint16Array(n), h2: new Uint16Array(n) };
  for (let c = 0; c < n; c++) {
    const [x1, y1, x2, y2] = [cells[4 * c]!, cells[4 * c + 1]!, cells[4 * c + 2]!, cells[4 * c + 3]!];
    keys.ft[c] = ((x1 + x2) % K) * K + ((y1 + y2) % K);
    keys.h1[c] = (x1 % K) * K + (y1 % K);
    keys.h2[c] = (x2 % K) * K + (y2 % K);
  }
  const f: FootballFacts = { ...f0 };
  const at = (c: number) => {
    f.h1 = f0.h1 + cells[4 * c]!;
    f.a1 = f0.a1 + cells[4 * c + 1]!;
    f.h2 = f0.h2 + cells[4 * c + 2]!;
    f.a2 = f0.a2 + cells[4 * c + 3]!;
    return f;
  };
  const wins = new Map<string, Uint32Array>();
  /** The cells where goal leg `l` wins (a void is not a win). */
  const winsOf = (l: BuilderLeg): Uint32Array => {
    const id = `${l.spec.t}|${l.spec.s}|${l.code}`;
    let w = wins.get(id);
    if (w) return w;
    w = new Uint32Array(words);
    const scope = l.spec.scope ?? 'all';
    const byKey = scope === 'all' || !fits ? null : keys[scope];
    const seen = byKey ? new Int8Array(K * K).fill(-1) : null;
    for (let c = 0; c < n; c++) {
      let r: number;
      if (byKey && seen) {
        const k = byKey[c]!;
        r = seen[k]!;
        if (r < 0) seen[k] = r = goalResult(l.spec, l.code, at(c));
      } else r = goalResult(l.spec, l.code, at(c));
      if (r === WIN) w[c >>> 5]! |= 1 << (c & 31);
    }
    wins.set(id, w);
    return w;
  };
  const seqOf = (ls: readonly BuilderLeg[]): SeqLeg[] =>
    ls.map((l) => ({ kind: l.spec.dist as SeqLeg['kind'], code: l.code }));
  const cellWin = (ctx: SeqContext, c: number) =>
    sequenceWin(ctx, cells[4 * c]!, cells[4 * c + 1]!, cells[4 * c + 2]!, cells[4 * c + 3]!);
  return {
    cells: n,
    /** Indexes of the candidates that can win together with every leg of `legs` on a cell of positive mass. */
    compatible(legs: readonly BuilderLeg[], candidates: readonly BuilderLeg[]): number[] {
      // The cells where every leg wins: goal legs' bit sets, then the sequence legs' law on each cell left.
      const base = new Uint32Array(words).fill(0xffffffff);
      if (n & 31) base[words - 1] = (1 << (n & 31)) - 1;
      for (const l of legs)
        if (l.spec.dist === 'goals') {
          const w = winsOf(l);
          for (let i = 0; i < words; i++) base[i]! &= w[i]!;
        }
      const seq = seqOf(legs.filter((l) => l.spec.dist !== 'goals'));
      if (seq.length > 0) {
        const ctx = sequenceContext(seq, input);
        for (let c = 0; c < n; c++)
          if (base[c >>> 5]! & (1 << (c & 31)) && !(cellWin(ctx, c) > 0)) base[c >>> 5]! &= ~(1 << (c & 31));
      }
      const out: number[] = [];
      candidates.forEach((cand, k) => {
        if (cand.spec.dist === 'goals') {
          const w = winsOf(cand);
          for (let i = 0; i < words; i++)
            if (base[i]! & w[i]!) {
              out.push(k);
              return;
            }
          return;
        }
        // A sequence candidate: the first cell where it and the legs can all win (a positive law there).
        const ctx = sequenceContext([...seq, ...seqOf([cand])], input);
        for (let i = 0; i < words; i++) {
          let bits = base[i]!;
          while (bits !== 0) {
            const b = 31 - Math.clz32(bits & -bits);
            bits &= bits - 1;
            if (cellWin(ctx, i * 32 + b) > 0) {
              out.push(k);
              return;
            }
          }
        }
      });
      return out;
    },
  };
}

export type BuilderGrid = ReturnType<typeof builderGrid>;

/** P(all legs win) and P(the builder voids: no leg loses and one voids), over the grid's mass. */
export function jointMass(
  legs: readonly BuilderLeg[],
  input: FootballPricingInput,
  rho: number,
): { win: number; void: number } {
  return prepareBuilder(legs, input, rho).mass(legs.map((_, i) => i));
}

const LOSS = 0;
const WIN = 1;
const VOID = 2;

/** A goal leg's result on a state: the settlement's decision (`settleMarket`: winners, null = void). */
function goalResult(spec: FootballSpec, code: string, f: FootballFacts): number {
  if (spec.settle) {
    const r: Result = settleMarket(spec, f)[code] ?? 'void';
    return r === 'win' ? WIN : r === 'void' ? VOID : LOSS;
  }
  // `settleMarket` without its record: winners null → void, a winner → win, else loss.
  const winners = spec.winners(f);
  return winners === null ? VOID : winners.includes(code) ? WIN : LOSS;
}

/**
 * The grid's cells (the model's own `goalDims` × Dixon–Coles τ, additions enumerated to the decisions' bound so
 * every reachable pattern is summed) with each goal leg's result on each cell, computed once; `mass(subset)`
 * sums a subset of the legs (sequence legs conditioned on each cell). One preparation for one call's legs (the
 * property tests' reference); the service prices from a kept `pricingGrid` of the model input instead.
 */
export function prepareBuilder(legs: readonly BuilderLeg[], input: FootballPricingInput, rho: number) {
  const grid = pricingGrid(input, rho);
  return prepareOn(legs, grid);
}

/** A leg's name on a grid: market type, special, outcome code (one event's specs: unique). */
const legKey = (l: BuilderLeg) => `${l.spec.t}|${l.spec.s}|${l.code}`;

/** What one kept grid memoises at most, per kind (emptied when full): goal legs' results, sequence laws, sums. */
const MEMO = { goals: 128, sequences: 32, sums: 1024 };

/**
 * The grid of one model input for pricing, kept and reused by every combination priced on that input: the cells
 * and weights once; each goal leg's result per cell, the sequence legs' conditional law per cell and the sums
 * `mass(legs)` memoised by the legs' names (in their order, so a sum is the very one a fresh grid gives). The
 * input is the whole key: a caller keeps one grid per input (`builderGrids`), never across a change of it.
 */
export function pricingGrid(input: FootballPricingInput, rho: number) {
  const f0 = input.state.facts;
  const found: number[] = [];
  const mass: number[] = [];
  let total = 0;
  forEachCell(goalDims(input, decisionBound(f0)), rho, (x1, y1, x2, y2, p) => {
    total += p;
    if (p === 0) return;
    found.push(x1, y1, x2, y2);
    mass.push(p);
  });
  const cells = Int32Array.from(found);
  const weights = Float64Array.from(mass);
  const n = weights.length;
  const f: FootballFacts = { ...f0 };
  const results = new Map<string, Uint8Array>();
  /** A goal leg's results over the cells. */
  const resultsOf = (l: BuilderLeg): Uint8Array => {
    const key = legKey(l);
    let out = results.get(key);
    if (out) return out;
    out = new Uint8Array(n);
    for (let c = 0; c < n; c++) {
      f.h1 = f0.h1 + cells[4 * c]!;
      f.a1 = f0.a1 + cells[4 * c + 1]!;
      f.h2 = f0.h2 + cells[4 * c + 2]!;
      f.a2 = f0.a2 + cells[4 * c + 3]!;
      out[c] = goalResult(l.spec, l.code, f);
    }
    if (results.size >= MEMO.goals) results.clear();
    results.set(key, out);
    return out;
  };
  // The sequence legs' conditional probability per cell, per list of them (filled as cells are reached).
  const conditional = new Map<string, { ctx: SeqContext; q: Float64Array }>();
  const sums = new Map<string, { win: number; void: number }>();
  return {
    cells: n,
    /** P(every leg wins) and P(the legs void: none loses, one voids), over the grid's mass. */
    mass(legs: readonly BuilderLeg[]): { win: number; void: number } {
      const key = legs.map(legKey).join(',');
      const known = sums.get(key);
      if (known) return known;
      const goal: Uint8Array[] = [];
      const seqLegs: BuilderLeg[] = [];
      for (const l of legs)
        if (l.spec.dist === 'goals') goal.push(resultsOf(l));
        else seqLegs.push(l);
      let seq: { ctx: SeqContext; q: Float64Array } | null = null;
      if (seqLegs.length > 0) {
        const seqKey = seqLegs.map(legKey).join(',');
        seq = conditional.get(seqKey) ?? null;
        if (!seq) {
          const ctx = sequenceContext(
            seqLegs.map((l) => ({ kind: l.spec.dist as SeqLeg['kind'], code: l.code })),
            input,
          );
          seq = { ctx, q: new Float64Array(n).fill(-1) };
          if (conditional.size >= MEMO.sequences) conditional.clear();
          conditional.set(seqKey, seq);
        }
      }
      const g = goal.length;
      let win = 0;
      let voided = 0;
      cells: for (let c = 0; c < n; c++) {
        let anyVoid = false;
        for (let k = 0; k < g; k++) {
          const v = goal[k]![c]!;
          if (v === LOSS) continue cells;
          if (v === VOID) anyVoid = true;
        }
        let q = 1;
        if (seq) {
          q = seq.q[c]!;
          if (q < 0)
            seq.q[c] = q = sequenceWin(
              seq.ctx,
              cells[4 * c]!,
              cells[4 * c + 1]!,
              cells[4 * c + 2]!,
              cells[4 * c + 3]!,
            );
        }
        if (anyVoid) voided += weights[c]! * q;
        else win += weights[c]! * q;
      }
      const out = total > 0 ? { win: win / total, void: voided / total } : { win: 0, void: 0 };
      if (sums.size >= MEMO.sums) sums.clear();
      sums.set(key, out);
      return out;
    },
  };
}

export type PricingGrid = ReturnType<typeof pricingGrid>;

/**
 * The grids of the most recent `size` model inputs, each kept for its input's next calls (`compatible`, price,
 * conflict): the key is the input itself (strengths, squads, the match's state: score, minute, cards), so a goal,
 * a card or a minute that changes the grid makes a new one and a price is never summed over an older state's.
 */
export function builderGrids(rho: number, size: number) {
  const kept = new Map<string, { pricing?: PricingGrid; compat?: BuilderGrid }>();
  // Each input object's key, made once: the builder keeps an event record's input for its next quotes, and the
  // key (squads included) was most of a quote's allocation. Inputs are never changed in place.
  const keys = new WeakMap<FootballPricingInput, string>();
  function entry(input: FootballPricingInput) {
    let key = keys.get(input);
    if (key === undefined) keys.set(input, (key = JSON.stringify(input)));
    let e = kept.get(key);
    if (e) kept.delete(key);
    else {
      e = {};
      if (kept.size >= size) kept.delete(kept.keys().next().value!);
    }
    kept.set(key, e);
    return e;
  }
  return {
    /** The pricing grid of an input (prices and conflicts). */
    pricing(input: FootballPricingInput): PricingGrid {
      const e = entry(input);
      return (e.pricing ??= pricingGrid(input, rho));
    },
    /** The compatibility grid of an input (`compatible`). */
    compatible(input: FootballPricingInput): BuilderGrid {
      const e = entry(input);
      return (e.compat ??= builderGrid(input, rho));
    },
  };
}

interface SeqContext {
  legs: SeqLeg[];
  f0: FootballFacts;
  cats: Record<Team, Cat[]>;
  /** Player legs' players still to score, per team, with the goals each still needs (scored ones count). */
  needs: Record<Team, PlayerNeed[]>;
  /** A named player of no team: his anytime or "2 or more" leg cannot win. */
  impossible: boolean;
  /** `covered` memo: (team, players still to cover, free goals) → probability. */
  cover: Map<number, number>;
}

function sequenceContext(legs: SeqLeg[], input: FootballPricingInput): SeqContext {
  const f0 = input.state.facts;
  const teamOf = new Map<string, { team: Team; share: number }>();
  const hs = shares(input.home);
  const as = shares(input.away);
  input.home.forEach((pl, i) => teamOf.set(`p${pl.id}`, { team: 'h', share: hs[i]! }));
  input.away.forEach((pl, i) => teamOf.set(`p${pl.id}`, { team: 'a', share: as[i]! }));
  const named = new Set(legs.filter((l) => l.kind !== 'first' && l.kind !== 'last').map((l) => l.code));
  const cats: Record<Team, Cat[]> = { h: [], a: [] };
  for (const code of named) {
    const t = teamOf.get(code);
    if (t) cats[t.team].push({ code, share: t.share });
  }
  for (const team of ['h', 'a'] as const) {
    const rest = 1 - cats[team].reduce((s, c) => s + c.share, 0);
    cats[team].push({ code: '', share: Math.max(0, rest) });
  }
  const needs: Record<Team, PlayerNeed[]> = { h: [], a: [] };
  let impossible = false;
  for (const l of legs) {
    const r = (NEEDED[l.kind] ?? 0) - goalsOf(f0, l.code);
    if (r <= 0) continue;
    const t = teamOf.get(l.code);
    if (!t) impossible = true;
    else {
      const had = needs[t.team].find((c) => c.code === l.code);
      if (had) had.r = Math.max(had.r, r);
      else needs[t.team].push({ code: l.code, share: t.share, r });
    }
  }
  return { legs, f0, cats, needs, impossible, cover: new Map() };
}

/**
 * P(every sequence leg wins | the goals still to come per half), as a function of the cell (x1, y1, x2, y2): for
 * callers that sum over a grid of their own (the coherence test's certificate).
 */
export function sequenceGiven(
  legs: readonly BuilderLeg[],
  input: FootballPricingInput,
): (x1: number, y1: number, x2: number, y2: number) => number {
  const seq = legs
    .filter((l) => l.spec.dist !== 'goals')
    .map((l) => ({ kind: l.spec.dist as SeqLeg['kind'], code: l.code }));
  if (seq.length === 0) return () => 1;
  const ctx = sequenceContext(seq, input);
  return (x1, y1, x2, y2) => sequenceWin(ctx, x1, y1, x2, y2);
}

/** The first/last goal's team of a cell's new goals: [first, last, weight, same goal]. */
function endsOf(x1: number, y1: number, x2: number, y2: number): [Team, Team, number, boolean][] {
  const k1 = x1 + y1;
  const k2 = x2 + y2;
  if (k1 + k2 === 0) return [];
  if (k1 + k2 === 1) return [[x1 + x2 === 1 ? 'h' : 'a', x1 + x2 === 1 ? 'h' : 'a', 1, true]];
  if (k1 > 0 && k2 > 0) {
    const out: [Team, Team, number, boolean][] = [];
    for (const [tf, wf] of [
      ['h', x1 / k1],
      ['a', y1 / k1],
    ] as const)
      for (const [tl, wl] of [
        ['h', x2 / k2],
        ['a', y2 / k2],
      ] as const)
        if (wf * wl > 0) out.push([tf, tl, wf * wl, false]);
    return out;
  }
  const [x, y] = k1 > 0 ? [x1, y1] : [x2, y2];
  const k = x + y;
  const pair = k * (k - 1);
  return (
    [
      ['h', 'h', (x * (x - 1)) / pair, false],
      ['h', 'a', (x * y) / pair, false],
      ['a', 'h', (y * x) / pair, false],
      ['a', 'a', (y * (y - 1)) / pair, false],
    ] as [Team, Team, number, boolean][]
  ).filter((e) => e[2] > 0);
}

const teamCode = (t: Team) => (t === 'h' ? '1' : '2');

/** P(every sequence leg wins | the cell's goals still to come). */
function sequenceWin(ctx: SeqContext, x1: number, y1: number, x2: number, y2: number): number {
  if (ctx.impossible) return 0;
  const { f0, legs } = ctx;
  const old = f0.goals;
  const X = x1 + x2;
  const Y = y1 + y2;
  if (X + Y === 0) {
    const first = old[0];
    const last = old[old.length - 1];
    const ok = legs.every((l) => {
      switch (l.kind) {
        case 'first':
          return l.code === (first ? teamCode(first.team) : 'none');
        case 'last':
          return l.code === (last ? teamCode(last.team) : 'none');
        case 'firstScorer':
          return l.code === (first ? `p${first.playerId}` : 'none');
        case 'lastScorer':
          return l.code === (last ? `p${last.playerId}` : 'none');
        default:
          return goalsOf(f0, l.code) >= (NEEDED[l.kind] ?? 1);
      }
    });
    return ok ? 1 : 0;
  }
  const first = old[0];
  let sum = 0;
  for (const [tf, tl, w, same] of endsOf(x1, y1, x2, y2))
    for (const cf of ctx.cats[tf])
      for (const cl of same ? [cf] : ctx.cats[tl]) {
        const pf = cf.code;
        const pl = cl.code;
        const ok = legs.every((l) => {
          switch (l.kind) {
            case 'first':
              return l.code === (first ? teamCode(first.team) : teamCode(tf));
            case 'last':
              return l.code === teamCode(tl);
            case 'firstScorer':
              return first ? l.code === `p${first.playerId}` : pf !== '' && l.code === pf;
            case 'lastScorer':
              return pl !== '' && l.code === pl;
            default:
              return true;
          }
        });
        if (!ok) continue;
        let p = w * (same ? cf.share : cf.share * cl.share);
        if (p === 0) continue;
        // The goals not pinned as the first or last one, per team; the goals the player legs' players still
        // need from them (the first or last goal, when his, counts for him).
        const free = { h: X, a: Y };
        free[tf]--;
        if (!same) free[tl]--;
        for (const team of ['h', 'a'] as const) {
          const needs = ctx.needs[team];
          if (needs.length === 0) continue;
          // The goals each still needs, as a base-3 number (r ≤ 2, at most 10 legs).
          let req = 0;
          const left = needs.map((c) => {
            const r = Math.max(0, c.r - (c.code === pf ? 1 : 0) - (!same && c.code === pl ? 1 : 0));
            req = req * 3 + r;
            return { ...c, r };
          });
          // Memoised while the key is exact (more than 10 such players per team: computed each time).
          const key = needs.length <= 10 ? ((team === 'h' ? 0 : 1) * 59049 + req) * 256 + free[team] : -1;
          let cover = ctx.cover.get(key);
          if (cover === undefined) {
            cover = covered(
              left.filter((c) => c.r > 0),
              free[team],
            );
            if (key >= 0) ctx.cover.set(key, cover);
          }
          p *= cover;
        }
        sum += p;
      }
  return sum;
}

/** The builder's target overround per leg count (2…10 legs); configurable, index = legs − 2. */
export const DEFAULT_BUILDER_TARGETS: readonly number[] = [1.1, 1.15, 1.2, 1.25, 1.3, 1.35, 1.4, 1.45, 1.5];

/**
 * The builder's offered odd from its effective fair probability and its leg count (redundant legs not counted):
 * implied probability = fair × the leg count's target (the multi-winner markets' method: each priced on its own),
 * the odd 1/q rounded DOWN to 2 decimals (never longer than the fair odd); null outside the band (not offered,
 * never clamped).
 */
export function builderOdd(
  p: number,
  legs: number,
  band: PriceBand,
  targets: readonly number[] = DEFAULT_BUILDER_TARGETS,
): number | null {
  if (!(p > 0)) return null;
  const target = targets[Math.min(Math.max(legs, 2), targets.length + 1) - 2] ?? 1;
  const odd = roundDownOdd(Math.min(1, p * Math.max(1, target)));
  return inBand(odd, band) ? odd : null;
}

/** Whether every leg of a combination wins (or voids) in the final facts: the builder's settlement predicate. */
export function builderResult(legs: readonly BuilderLeg[], facts: FootballFacts): Result {
  let anyVoid = false;
  for (const l of legs) {
    const r = settleMarket(l.spec, facts)[l.code] ?? 'void';
    if (r === 'void') anyVoid = true;
    else if (r !== 'win') return 'loss';
  }
  return anyVoid ? 'void' : 'win';
}
