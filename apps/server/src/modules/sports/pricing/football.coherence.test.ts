import { describe, expect, it } from 'vitest';
import {
  emptyFacts,
  footballRates,
  liveGoalRates,
  timeLeft,
  type FootballFacts,
  type FootballState,
  type Player,
} from './football.facts';
import { footballMarkets, type FootballSpec } from './football.markets';
import { openHalves } from './football.model';
import { priceEvent, type PricingEvent } from './event-pricing';
import { DEFAULT_PRICING } from './pricing-options';
import { createRng } from './random';
import { settleMarket, type PricedMarket, type Result } from './market-spec';
import { SOAK_TIMEOUT_MS, soakSize } from '../../../../test/support/soak';
import {
  builderOdd,
  builderOffers,
  builderResult,
  priceBuilder,
  sequenceGiven,
  type BuilderLeg,
} from './football.builder';

/**
 * Coherence of the book's football prices: no combination of open selections of one event returns
 * more than the stake in every reachable final state. The LP
 *   maximise t  s.t.  Σ_j x_j · return_j(s) ≥ t  for every reachable final state s,  Σ_j x_j = 1,  x ≥ 0
 * has the dual  minimise v  s.t.  Σ_s y_s · return_j(s) ≤ v  for every open selection j,  y a probability
 * distribution over reachable states. Any such y is a certificate: by weak duality every stake vector returns
 * at most max_j E_y[return_j] in some state. So for each sample event this test builds a distribution y over
 * reachable final states (goals per half with a Dixon–Coles grid it computes itself, first and last goal team
 * and scorer, corners per team and first half, yellow and red cards per team, truncated where the mass is
 * below 1e-12 and renormalised) and checks, with the settlement functions, that every open selection's
 * expected return under y is ≤ 1: an exact proof that no sure bet exists (t ≤ 1), whatever y's origin.
 * Returns: win → odd, half win → (odd + 1)/2, push → 1, half loss → 1/2, loss → 0.
 */

const squad = (base: number, rng: () => number): Player[] => {
  const w = Array.from({ length: 11 }, () => 0.2 + rng());
  const sum = w.reduce((a, b) => a + b, 0);
  return w.map((x, i) => ({ id: base + i, name: `P${base + i}`, share: x / sum }));
};

const RETURN: Record<Result, (odd: number) => number> = {
  win: (odd) => odd,
  half_win: (odd) => (odd + 1) / 2,
  void: () => 1,
  half_loss: () => 0.5,
  loss: () => 0,
};

interface Sel {
  market: number;
  code: string;
  odd: number;
}

function familyOf(m: PricedMarket, spec: FootballSpec): string {
  if (spec.multi) return 'multi-winner (per outcome)';
  if (m.t === 16 || m.t === 17 || m.t === 26) return 'asian / handicap 2-way';
  const n = m.outcomes.length;
  return n <= 2 ? '2-way' : n === 3 ? '3-way' : n <= 9 ? '4-9 outcomes' : '10+ outcomes';
}

interface EventCheck {
  lines: number;
  /** The highest expected return of an open selection under the certificate distribution (must be ≤ 1). */
  worst: number;
  overrounds: Map<string, number[]>;
  /** Bet builder combinations checked, and the highest expected return of one under y. */
  builders: number;
  builderWorst: number;
}

const CUT = 1e-12;

function poisson(lambda: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k < 60; k++) {
    out.push(p);
    p = (p * lambda) / (k + 1);
    if (k > lambda && p < CUT) break;
  }
  return out;
}

/** Weighted states, renormalised (a distribution over reachable states). */
/** Mixture parts that give the same facts, summed (then normalised). */
function merged(list: { s: FootballFacts; p: number }[]): { s: FootballFacts; p: number }[] {
  const by = new Map<string, { s: FootballFacts; p: number }>();
  for (const x of list) {
    const key = [x.s.ch, x.s.ca, x.s.yh, x.s.ya, x.s.rh, x.s.ra].join(':');
    const hit = by.get(key);
    if (hit) hit.p += x.p;
    else by.set(key, { s: x.s, p: x.p });
  }
  return normalise([...by.values()]);
}

function normalise<T>(list: { s: T; p: number }[]): { s: T; p: number }[] {
  const kept = list.filter((x) => x.p > CUT);
  const total = kept.reduce((a, x) => a + x.p, 0);
  return kept.map((x) => ({ s: x.s, p: x.p / total }));
}

/** Checks one event in one state: band, overround, per-outcome margin, and the dual certificate. */
function checkEvent(
  event: PricingEvent,
  state: FootballState,
  cap: number,
  next: () => number,
  builderCount: number,
): EventCheck {
  const specs = footballMarkets(event.homePlayers, event.awayPlayers) as FootballSpec[];
  const priced = priceEvent(event, { kind: 'football', football: state });
  const overrounds = new Map<string, number[]>();
  const sels: Sel[] = [];
  priced.forEach((m, i) => {
    const spec = specs[i]!;
    const open = m.outcomes.filter((o) => o.status === 'open');
    for (const o of open) {
      expect(o.odd, `${m.t} ${m.s} ${o.code}`).toBeGreaterThanOrEqual(1.02);
      expect(o.odd, `${m.t} ${m.s} ${o.code}`).toBeLessThan(cap);
      expect(1 / o.odd, `${m.t} ${m.s} ${o.code}`).toBeGreaterThanOrEqual(o.p - 1e-12);
    }
    if (spec.multi) {
      for (const o of open) {
        const list = overrounds.get(familyOf(m, spec)) ?? [];
        list.push(1 / o.odd / o.p);
        overrounds.set(familyOf(m, spec), list);
      }
    } else if (open.length === m.outcomes.length && open.length > 0) {
      const o = open.reduce((a, x) => a + 1 / x.odd, 0);
      expect(o, `${m.t} ${m.s} overround`).toBeGreaterThanOrEqual(1.02);
      expect(o, `${m.t} ${m.s} overround`).toBeLessThanOrEqual(1.15);
      const list = overrounds.get(familyOf(m, spec)) ?? [];
      list.push(o);
      overrounds.set(familyOf(m, spec), list);
    }
    for (const o of open) sels.push({ market: i, code: o.code, odd: o.odd });
    // A decided outcome (its result known) is never on sale.
    for (const o of m.outcomes)
      expect(o.status === 'open' && o.result !== null, `${m.t} ${o.code} open once decided`).toBe(false);
  });
  // A player's "2 or more" (889) never above his anytime scorer (888): it wins only where the other does.
  const anytime = priced.find((m) => m.t === 888)!;
  for (const o of priced.find((m) => m.t === 889)!.outcomes) {
    const one = anytime.outcomes.find((x) => x.code === o.code)!;
    expect(o.p, `889 ${o.code} above 888`).toBeLessThanOrEqual(one.p);
    if (o.status === 'open' && one.status === 'open') expect(o.odd).toBeGreaterThanOrEqual(one.odd);
  }

  // The certificate distribution y, part by part (a product: each market reads one part).
  const f0 = state.facts;
  const rates = footballRates(event.homeStrength, event.awayStrength);
  const live = liveGoalRates(rates, f0);
  // Minutes left per half, added time included (a mixture over its law until announced); every pair of them.
  const left = timeLeft(state);
  const pairs = left.first.flatMap((a) => left.second.map((b) => ({ m1: a.m, m2: b.m, w: a.w * b.w })));
  const open = openHalves(state);
  const dim = (lambda: number, isOpen: boolean) => (isOpen ? poisson(lambda) : [1]);
  const means = pairs.map(({ m1, m2 }) => [
    (live.home * 0.45 * m1) / 45,
    (live.away * 0.45 * m1) / 45,
    (live.home * 0.55 * m2) / 45,
    (live.away * 0.55 * m2) / 45,
  ]);
  const mean = (i: number, isOpen: boolean) =>
    isOpen ? pairs.reduce((acc, { w }, k) => acc + w * means[k]![i]!, 0) : 0;
  const rho = DEFAULT_PRICING.rho;
  const tau = (x: number, y: number) => {
    const l = mean(0, open.first) + mean(2, open.second);
    const mu = mean(1, open.first) + mean(3, open.second);
    if (x === 0 && y === 0) return 1 - l * mu * rho;
    if (x === 0 && y === 1) return 1 + l * rho;
    if (x === 1 && y === 0) return 1 + mu * rho;
    if (x === 1 && y === 1) return 1 - rho;
    return 1;
  };
  // Each half's (home, away) table: a mixture over its minutes left (the same for both teams), then their product.
  const half = (minutes: readonly { m: number; w: number }[], share: number, isOpen: boolean) => {
    const table = new Map<string, { x: number; y: number; p: number }>();
    for (const { m, w } of minutes)
      dim((live.home * share * m) / 45, isOpen).forEach((a, x) =>
        dim((live.away * share * m) / 45, isOpen).forEach((b, y) => {
          const hit = table.get(`${x}:${y}`);
          if (hit) hit.p += w * a * b;
          else table.set(`${x}:${y}`, { x, y, p: w * a * b });
        }),
      );
    return [...table.values()];
  };
  const byCell = new Map<string, { s: [number, number, number, number]; p: number }>();
  for (const one of half(left.first, 0.45, open.first))
    for (const two of half(left.second, 0.55, open.second))
      byCell.set(`${one.x}:${one.y}:${two.x}:${two.y}`, {
        s: [one.x, one.y, two.x, two.y],
        p: one.p * two.p,
      });
  const cells = [...byCell.values()].map((c) => ({ s: c.s, p: c.p * tau(c.s[0] + c.s[2], c.s[1] + c.s[3]) }));
  const goalStates = normalise(cells);
  const shareOf = (players: Player[]) => {
    const total = players.reduce((a, p) => a + p.share, 0);
    return players.map((p) => ({ id: p.id, share: p.share / total }));
  };
  const squads = { h: shareOf(event.homePlayers), a: shareOf(event.awayPlayers) };
  // First / last goal still to come: which team (x / (x + y) within the half it falls in), then the player.
  const first = { h: 0, a: 0, none: 0 };
  const last = { h: 0, a: 0, none: 0 };
  const scored = { h: new Map<number, number>(), a: new Map<number, number>() };
  for (const {
    s: [x1, y1, x2, y2],
    p,
  } of goalStates) {
    const n1 = x1 + y1;
    const n2 = x2 + y2;
    const [fh, fa] = n1 > 0 ? [x1 / n1, y1 / n1] : n2 > 0 ? [x2 / n2, y2 / n2] : [0, 0];
    const [lh, la] = n2 > 0 ? [x2 / n2, y2 / n2] : n1 > 0 ? [x1 / n1, y1 / n1] : [0, 0];
    first.h += p * fh;
    first.a += p * fa;
    first.none += n1 + n2 === 0 ? p : 0;
    last.h += p * lh;
    last.a += p * la;
    last.none += n1 + n2 === 0 ? p : 0;
    scored.h.set(x1 + x2, (scored.h.get(x1 + x2) ?? 0) + p);
    scored.a.set(y1 + y2, (scored.a.get(y1 + y2) ?? 0) + p);
  }
  const goalFacts = ([x1, y1, x2, y2]: number[]): FootballFacts => ({
    ...f0,
    h1: f0.h1 + x1!,
    a1: f0.a1 + y1!,
    h2: f0.h2 + x2!,
    a2: f0.a2 + y2!,
  });
  const withGoal = (team: 'h' | 'a', playerId: number) => ({
    ...f0,
    goals: [...f0.goals, { team, playerId, minute: 0 }],
  });
  const sequence = (weights: { h: number; a: number; none: number }): { s: FootballFacts; p: number }[] => [
    { s: f0, p: weights.none },
    ...(['h', 'a'] as const).flatMap((team) =>
      squads[team].map((pl) => ({ s: withGoal(team, pl.id), p: weights[team] * pl.share })),
    ),
  ];
  const cornerStates = merged(
    pairs.flatMap(({ m1, m2, w }) => {
      const L = (0.47 * m1 + 0.53 * m2) / 45;
      return poisson(rates.cornersHome * L).flatMap((pa, a) =>
        poisson(rates.cornersAway * L).map((pb, b) => ({
          s: { ...f0, ch: f0.ch + a, ca: f0.ca + b },
          p: w * pa * pb,
        })),
      );
    }),
  );
  const firstHalfCorners = normalise(
    left.first.flatMap(({ m, w }) =>
      poisson(((rates.cornersHome + rates.cornersAway) * 0.47 * m) / 45).map((p, c) => ({
        s: { ...f0, ch1: f0.ch1 + c },
        p: w * p,
      })),
    ),
  );
  const cardStates = merged(
    pairs.flatMap(({ m1, m2, w }) => {
      const share = (m1 + m2) / 90;
      return poisson(rates.cardsHome * share).flatMap((p1, a) =>
        poisson(rates.cardsAway * share).flatMap((p2, b) =>
          poisson(rates.redsHome * share).flatMap((p3, c) =>
            poisson(rates.redsAway * share).map((p4, d) => ({
              s: { ...f0, yh: f0.yh + a, ya: f0.ya + b, rh: f0.rh + c, ra: f0.ra + d },
              p: w * p1 * p2 * p3 * p4,
            })),
          ),
        ),
      );
    }),
  );
  // Goals markets read the match totals, one half, or all four numbers (their scope, tested in
  // football.model.test): summed over that projection of y.
  const projections = new Map<string, { s: FootballFacts; p: number }[]>();
  const goalPart = (scope: string) => {
    let list = projections.get(scope);
    if (!list) {
      const acc = new Map<string, { s: FootballFacts; p: number }>();
      for (const { s: c, p } of goalStates) {
        const [x1, y1, x2, y2] = c;
        const cell =
          scope === 'ft'
            ? [x1 + x2, y1 + y2, 0, 0]
            : scope === 'h1'
              ? [x1, y1, 0, 0]
              : scope === 'h2'
                ? [0, 0, x2, y2]
                : c;
        const key = cell.join(':');
        const entry = acc.get(key);
        if (entry) entry.p += p;
        else acc.set(key, { s: goalFacts(cell), p });
      }
      list = [...acc.values()];
      projections.set(scope, list);
    }
    return list;
  };
  // The part of the state each market reads (its marginal under y).
  const partOf = (spec: FootballSpec): { s: FootballFacts; p: number }[] => {
    switch (spec.dist) {
      case 'goals':
        return goalPart(spec.scope ?? 'all');
      case 'first':
      case 'firstScorer':
        return f0.goals.length > 0 ? [{ s: f0, p: 1 }] : sequence(first);
      case 'last':
      case 'lastScorer':
        return sequence({ ...last, none: last.none });
      case 'corners':
        return cornerStates;
      case 'corners1':
        return firstHalfCorners;
      case 'cards':
        return cardStates;
      default:
        return [];
    }
  };
  const expected = new Map<number, Map<string, number>>();
  let worst = 0;
  for (const sel of sels) {
    const spec = specs[sel.market]!;
    let byCode = expected.get(sel.market);
    const player = spec.dist === 'anytime' || spec.dist === 'twoPlus';
    if (!byCode && !player) {
      byCode = new Map();
      for (const { s, p } of partOf(spec)) {
        const r = settleMarket(spec, s);
        for (const o of spec.outcomes) {
          const res = r[o.code] ?? 'void';
          // Stored per unit odd for wins and per stake for the rest: E = odd·(pW + pHW/2) + pVoid + (pHW + pHL)/2.
          const key =
            res === 'win'
              ? 'w'
              : res === 'half_win'
                ? 'hw'
                : res === 'void'
                  ? 'v'
                  : res === 'half_loss'
                    ? 'hl'
                    : 'l';
          byCode.set(`${o.code}|${key}`, (byCode.get(`${o.code}|${key}`) ?? 0) + p);
        }
      }
      expected.set(sel.market, byCode);
    }
    let e: number;
    if (player) {
      // Anytime scorer (one goal) and "2 or more": the goals he still needs (scored ones count; a player who has
      // them is decided, never open) among his team's n goals to come, each his with his share.
      const team = squads.h.some((p) => `p${p.id}` === sel.code) ? 'h' : 'a';
      const share = squads[team].find((p) => `p${p.id}` === sel.code)?.share ?? 0;
      const had = f0.goals.filter((g) => `p${g.playerId}` === sel.code).length;
      const need = (spec.dist === 'twoPlus' ? 2 : 1) - had;
      expect(need, `${spec.t} ${sel.code} open with its goals scored`).toBeGreaterThan(0);
      const none = (n: number) => Math.pow(1 - share, n);
      const one = (n: number) => (n > 0 ? n * share * Math.pow(1 - share, n - 1) : 0);
      let pScores = 0;
      for (const [n, p] of scored[team]) pScores += p * (1 - none(n) - (need === 2 ? one(n) : 0));
      e = sel.odd * pScores;
    } else {
      const g = (k: string) => byCode!.get(`${sel.code}|${k}`) ?? 0;
      e =
        RETURN.win(sel.odd) * g('w') +
        RETURN.half_win(sel.odd) * g('hw') +
        g('v') +
        RETURN.half_loss(0) * g('hl');
    }
    worst = Math.max(worst, e);
    expect(e, `expected return of ${spec.t} ${spec.s} ${sel.code} @${sel.odd}`).toBeLessThanOrEqual(1 + 1e-9);
  }
  // Bet builder (issue 37): random combinations of 2–4 open selections of the builder's markets, priced by the
  // builder, valued under the same y: goal legs settled on y's own goal cells, the order of goals and scorers by
  // their law given the cell (`sequenceGiven`, checked against a brute-force enumeration in football.builder.test).
  const input = { rates, state, home: event.homePlayers, away: event.awayPlayers };
  const candidates = sels.filter((sel) => builderOffers(specs[sel.market]!));
  let builders = 0;
  let builderWorst = 0;
  for (
    let tries = 0;
    builders < builderCount && tries < builderCount * 20 && candidates.length >= 2;
    tries++
  ) {
    const size = 2 + Math.floor(next() * 3);
    const picked = new Map<number, Sel>();
    while (picked.size < Math.min(size, candidates.length)) {
      const sel = candidates[Math.floor(next() * candidates.length)]!;
      picked.set(sel.market * 1000 + specs[sel.market]!.outcomes.findIndex((o) => o.code === sel.code), sel);
    }
    const legs: BuilderLeg[] = [...picked.values()].map((sel) => ({
      spec: specs[sel.market]!,
      code: sel.code,
    }));
    const priced = priceBuilder(legs, input, DEFAULT_PRICING.rho);
    if (!(priced.p > 0)) continue;
    const odd = builderOdd(priced.p, legs.length - priced.redundant.length, DEFAULT_PRICING.band);
    if (odd === null) continue;
    const given = sequenceGiven(legs, input);
    let pWin = 0;
    let pVoid = 0;
    for (const { s: c, p } of goalStates) {
      const r = builderResult(
        legs.filter((l) => l.spec.dist === 'goals'),
        goalFacts(c),
      );
      if (r === 'loss') continue;
      const q = p * given(c[0], c[1], c[2], c[3]);
      if (r === 'win') pWin += q;
      else pVoid += q;
    }
    const e = odd * pWin + pVoid;
    builders++;
    builderWorst = Math.max(builderWorst, e);
    expect(
      e,
      `builder ${legs.map((l) => `${l.spec.t} ${l.spec.s} ${l.code}`).join(' + ')} @${odd}`,
    ).toBeLessThanOrEqual(1 + 1e-9);
  }
  return { lines: sels.length, worst: Math.max(worst, builderWorst), overrounds, builders, builderWorst };
}

/** In-play states: minutes, scores, both halves, half time, red cards, goals with scorers. */
function inPlayStates(event: PricingEvent): FootballState[] {
  const h = event.homePlayers;
  const a = event.awayPlayers;
  const goal = (team: 'h' | 'a', i: number, minute: number) => ({
    team,
    playerId: (team === 'h' ? h : a)[i]!.id,
    minute,
  });
  const s = (
    phase: FootballState['phase'],
    minute: number,
    facts: Partial<FootballFacts>,
  ): FootballState => ({
    phase,
    minute,
    facts: { ...emptyFacts(), ...facts },
  });
  return [
    s('first_half', 5, {}),
    s('first_half', 30, { h1: 1, goals: [goal('h', 9, 12)], ch: 3, ch1: 3, ca: 1, yh: 1 }),
    s('first_half', 44, {
      h1: 1,
      a1: 2,
      goals: [goal('a', 2, 3), goal('h', 8, 20), goal('a', 10, 41)],
      rh: 1,
    }),
    s('half_time', 45, { h1: 0, a1: 0, ch: 4, ch1: 4, ca: 2, ca1: 2 }),
    s('half_time', 45, { h1: 2, a1: 1, goals: [goal('h', 1, 5), goal('a', 3, 30), goal('h', 9, 44)] }),
    s('second_half', 50, { a1: 1, goals: [goal('a', 9, 40)], ra: 1, yh: 2, ya: 3 }),
    s('second_half', 70, { h1: 1, h2: 1, goals: [goal('h', 7, 33), goal('h', 7, 60)], ch: 9, ca: 3, ch1: 5 }),
    s('second_half', 85, { h1: 2, a2: 1, goals: [goal('h', 1, 5), goal('h', 2, 30), goal('a', 4, 80)] }),
    s('second_half', 89, {}),
    s('second_half', 90, { h2: 1, goals: [goal('h', 5, 90)] }),
  ];
}

/**
 * Pre-match events checked: 150 under SOAK=full (about 35 s), 36 in CI. Each event's check is an exact proof,
 * not a sample: fewer events only cover fewer strength pairs, so CI adds the four corners of the strength range
 * (the most lopsided and the most even matches, where prices reach the band's ends) to the first 32 of the
 * full run's events.
 */
const EVENTS = soakSize(32, 150);
/**
 * Bet builder combinations per event and state: under SOAK=full 12 on each of the 150 + 4 pre-match events and 40
 * in-play states; in CI 2 on every 4th of them (each builder is a full grid pricing: CI time stays bounded).
 */
const BUILDERS = soakSize(2, 12);
const BUILDER_EVERY = soakSize(4, 1);

describe('football prices are coherent (no sure bet over every reachable final state)', () => {
  it(`holds for ${EVENTS + 4} pre-match events and in-play states`, { timeout: SOAK_TIMEOUT_MS }, () => {
    const rng = createRng(16);
    const next = () => rng.next();
    const cap = DEFAULT_PRICING.band.maxOdd;
    let lines = 0;
    let sureBets = 0;
    let worstReturn = 0;
    let builders = 0;
    let builderWorst = 0;
    let checked = 0;
    const families = new Map<string, number[]>();
    const run = (event: PricingEvent, state: FootballState) => {
      const r = checkEvent(event, state, cap, next, checked++ % BUILDER_EVERY === 0 ? BUILDERS : 0);
      builders += r.builders;
      builderWorst = Math.max(builderWorst, r.builderWorst);
      lines += r.lines;
      if (r.worst > 1 + 1e-9) sureBets++;
      worstReturn = Math.max(worstReturn, r.worst);
      for (const [k, v] of r.overrounds) families.set(k, [...(families.get(k) ?? []), ...v]);
      return r;
    };
    const events: PricingEvent[] = Array.from({ length: EVENTS }, (_, i) => ({
      id: i + 1,
      sportId: 1,
      homeStrength: 0.6 + next(),
      awayStrength: 0.6 + next(),
      homePlayers: squad(1000 + i * 100, next),
      awayPlayers: squad(1050 + i * 100, next),
    }));
    const corners = [0.6, 1.6].flatMap((home) => [0.6, 1.6].map((away) => [home, away] as const));
    for (const [i, [home, away]] of corners.entries())
      events.push({ ...events[i]!, id: 1_000 + i, homeStrength: home, awayStrength: away });
    for (const e of events) run(e, { phase: 'pre', minute: 0, facts: emptyFacts() });
    let states = 0;
    for (const e of events.slice(0, 4))
      for (const s of inPlayStates(e)) {
        run(e, s);
        states++;
      }
    const q = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return `${s[0]!.toFixed(3)} / ${s[Math.floor(s.length / 2)]!.toFixed(3)} / ${s[s.length - 1]!.toFixed(3)}`;
    };
    console.log(
      [
        `Football coherence: ${events.length} pre-match events + ${states} in-play states, ${lines} open lines (dual certificate of the LP),`,
        `sure bets found: ${sureBets} (bound on any guaranteed return: ${(worstReturn * 100).toFixed(2)}% of the stake)`,
        `bet builder: ${builders} combinations of 2–4 legs with the singles, highest expected return under the certificate ${(builderWorst * 100).toFixed(2)}% of the stake`,
        'overround per market family (min / median / max; multi-winner: implied ÷ fair per outcome):',
        ...[...families].map(([k, v]) => `  ${k.padEnd(28)} ${q(v)}  (${v.length} lines)`),
      ].join('\n'),
    );
    expect(sureBets).toBe(0);
    expect(worstReturn).toBeLessThanOrEqual(1 + 1e-9);
  });
});
