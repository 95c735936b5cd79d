import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyFacts,
  footballRates,
  type FootballFacts,
  type FootballState,
  type Player,
} from './football.facts';
import { footballMarkets, type FootballSpec } from './football.markets';
import { goalDims, type FootballPricingInput } from './football.model';
import {
  builderOdd,
  builderOffers,
  builderResult,
  conflictOf,
  jointMass,
  priceBuilder,
  type BuilderLeg,
} from './football.builder';
import { DEFAULT_BAND } from './margin';
import { priceEvent } from './event-pricing';

/**
 * Bet builder pricing (issue 37): the exact sum over the model's grid is checked against a brute-force
 * enumeration of the joint states (every cell of the score grid, every order of the goals still to come within
 * each half, every scorer of each goal), settled leg by leg with the settlement's own `settleMarket`.
 */

const squad = (base: number, n: number, weights: number[]): Player[] => {
  const sum = weights.slice(0, n).reduce((a, b) => a + b, 0);
  return Array.from({ length: n }, (_, i) => ({
    id: base + i,
    name: `P${base + i}`,
    share: weights[i]! / sum,
  }));
};

/** Every distinct arrangement of x home and y away goals (each equally likely). */
function arrangements(x: number, y: number): ('h' | 'a')[][] {
  if (x === 0 && y === 0) return [[]];
  const out: ('h' | 'a')[][] = [];
  if (x > 0) for (const rest of arrangements(x - 1, y)) out.push(['h', ...rest]);
  if (y > 0) for (const rest of arrangements(x, y - 1)) out.push(['a', ...rest]);
  return out;
}

/**
 * Brute force: P(builder wins), P(builder void) over every cell of the grid (goal legs) or over the cells with at
 * most `kmax` goals still to come (sequence legs), and the mass of the cells left out (a bound on the difference).
 */
function bruteForce(legs: BuilderLeg[], input: FootballPricingInput, rho: number, kmax: number) {
  const d = goalDims(input);
  const f0 = input.state.facts;
  const [n1, m1, n2, m2] = [d.first.nx, d.first.ny, d.second.nx, d.second.ny];
  const tau = (x: number, y: number) => {
    if (x === 0 && y === 0) return Math.max(0, 1 - d.lambda * d.mu * rho);
    if (x === 0 && y === 1) return Math.max(0, 1 + d.lambda * rho);
    if (x === 1 && y === 0) return Math.max(0, 1 + d.mu * rho);
    if (x === 1 && y === 1) return Math.max(0, 1 - rho);
    return 1;
  };
  let total = 0;
  let win = 0;
  let voided = 0;
  let left = 0;
  const scorers = (team: 'h' | 'a') => (team === 'h' ? input.home : input.away);
  for (let x1 = 0; x1 < n1; x1++)
    for (let y1 = 0; y1 < m1; y1++)
      for (let x2 = 0; x2 < n2; x2++)
        for (let y2 = 0; y2 < m2; y2++) {
          const p = d.first.p[x1 * m1 + y1]! * d.second.p[x2 * m2 + y2]! * tau(x1 + x2, y1 + y2);
          total += p;
          if (!legs.some((l) => l.spec.dist !== 'goals')) {
            // Goal legs read the score only: one state per cell.
            const facts = { ...f0, h1: f0.h1 + x1, a1: f0.a1 + y1, h2: f0.h2 + x2, a2: f0.a2 + y2 };
            const r = builderResult(legs, facts);
            if (r === 'win') win += p;
            else if (r === 'void') voided += p;
            continue;
          }
          if (x1 + y1 + x2 + y2 > kmax) {
            left += p;
            continue;
          }
          for (const one of arrangements(x1, y1))
            for (const two of arrangements(x2, y2)) {
              const order = [...one, ...two];
              const w0 = p / (arrangements(x1, y1).length * arrangements(x2, y2).length);
              // Every scorer of every goal still to come.
              const walk = (i: number, goals: FootballFacts['goals'], w: number) => {
                if (w === 0) return;
                if (i === order.length) {
                  const facts: FootballFacts = {
                    ...f0,
                    h1: f0.h1 + x1,
                    a1: f0.a1 + y1,
                    h2: f0.h2 + x2,
                    a2: f0.a2 + y2,
                    goals,
                  };
                  const r = builderResult(legs, facts);
                  if (r === 'win') win += w;
                  else if (r === 'void') voided += w;
                  return;
                }
                const team = order[i]!;
                for (const pl of scorers(team))
                  walk(i + 1, [...goals, { team, playerId: pl.id, minute: 90 }], w * pl.share);
              };
              walk(0, f0.goals, w0);
            }
        }
  return { win: win / total, void: voided / total, left: left / total };
}

const offered = (home: Player[], away: Player[]) =>
  footballMarkets(home, away).filter((s) => builderOffers(s)) as FootballSpec[];

/** A random leg among the builder's markets. */
const legArb = (specs: FootballSpec[]) =>
  fc.tuple(fc.nat({ max: specs.length - 1 }), fc.nat({ max: 1000 })).map(([i, j]): BuilderLeg => ({
    spec: specs[i]!,
    code: specs[i]!.outcomes[j % specs[i]!.outcomes.length]!.code,
  }));

const H = squad(100, 3, [5, 3, 2]);
const A = squad(200, 3, [4, 4, 2]);
const SPECS = offered(H, A);
const GOAL_SPECS = SPECS.filter((s) => s.dist === 'goals');
const SEQ_SPECS = SPECS.filter((s) => s.dist !== 'goals');

const pre = (home: number, away: number): FootballPricingInput => ({
  rates: footballRates(home, away),
  state: { phase: 'pre', minute: 0, facts: emptyFacts() },
  home: H,
  away: A,
});

/** A late second-half state (few goals to come, so the brute force reaches nearly all the mass). */
const lateArb = fc
  .record({
    minute: fc.integer({ min: 78, max: 89 }),
    goals: fc.array(fc.tuple(fc.boolean(), fc.nat({ max: 2 }), fc.boolean()), { maxLength: 3 }),
    home: fc.double({ min: 0.6, max: 1.6, noNaN: true }),
    away: fc.double({ min: 0.6, max: 1.6, noNaN: true }),
  })
  .map(({ minute, goals, home, away }): FootballPricingInput => {
    const facts = emptyFacts();
    for (const [isHome, who, firstHalf] of goals) {
      const team = isHome ? 'h' : 'a';
      facts.goals.push({ team, playerId: (isHome ? H : A)[who]!.id, minute: firstHalf ? 20 : 60 });
      if (isHome) facts[firstHalf ? 'h1' : 'h2']++;
      else facts[firstHalf ? 'a1' : 'a2']++;
    }
    facts.goals.sort((a, b) => a.minute - b.minute);
    const state: FootballState = { phase: 'second_half', minute, facts, added: [2, 4] };
    return { rates: footballRates(home, away), state, home: H, away: A };
  });

const rhoArb = fc.double({ min: -0.12, max: 0.12, noNaN: true });

describe('bet builder pricing (exact over the score grid)', () => {
  it('equals a brute-force enumeration of goals, their order and scorers (in play, scorer and first/last legs with any others)', () => {
    fc.assert(
      fc.property(
        lateArb,
        fc.array(legArb(SEQ_SPECS), { minLength: 1, maxLength: 3 }),
        fc.array(legArb(SPECS), { minLength: 1, maxLength: 3 }),
        rhoArb,
        (input, seq, more, rho) => {
          const legs = [...seq, ...more];
          const exact = jointMass(legs, input, rho);
          const brute = bruteForce(legs, input, rho, 5);
          expect(brute.left).toBeLessThan(1e-4);
          expect(Math.abs(exact.win - brute.win)).toBeLessThanOrEqual(brute.left + 1e-12);
          expect(Math.abs(exact.void - brute.void)).toBeLessThanOrEqual(brute.left + 1e-12);
        },
      ),
      { numRuns: 60, seed: 37 },
    );
  });

  it('equals the enumeration of every cell of the pre-match grid (goal legs)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.6, max: 1.6, noNaN: true }),
        fc.double({ min: 0.6, max: 1.6, noNaN: true }),
        fc.array(legArb(GOAL_SPECS), { minLength: 2, maxLength: 5 }),
        rhoArb,
        (home, away, legs, rho) => {
          const input = pre(home, away);
          const exact = jointMass(legs, input, rho);
          const brute = bruteForce(legs, input, rho, Infinity);
          expect(brute.left).toBe(0);
          expect(Math.abs(exact.win - brute.win)).toBeLessThanOrEqual(1e-12);
          expect(Math.abs(exact.void - brute.void)).toBeLessThanOrEqual(1e-12);
        },
      ),
      { numRuns: 25, seed: 371 },
    );
  });

  it('refuses a combination with no winning state, naming a smallest conflicting set', () => {
    const input = pre(1.1, 1);
    const leg = (t: number, s: string, code: string): BuilderLeg => ({
      spec: SPECS.find((x) => x.t === t && x.s === s)!,
      code,
    });
    const homeWin = leg(1, '', '1');
    const cs01 = leg(45, '', '0:1');
    const btts = leg(29, '', 'yes');
    expect(conflictOf([btts, homeWin, cs01], input, 0)).toEqual([1, 2]);
    expect(conflictOf([leg(18, '3.5', 'over'), leg(18, '2.5', 'under')], input, 0)).toEqual([0, 1]);
    expect(priceBuilder([homeWin, cs01], input, 0).p).toBe(0);
    expect(conflictOf([homeWin, btts], input, 0)).toBeNull();
    fc.assert(
      fc.property(lateArb, fc.array(legArb(SPECS), { minLength: 2, maxLength: 5 }), (input, legs) => {
        const conflict = conflictOf(legs, input, 0);
        const { win } = jointMass(legs, input, 0);
        if (win > 0) expect(conflict).toBeNull();
        else {
          expect(conflict).not.toBeNull();
          // The named legs alone cannot win, and none of them can be left out.
          const named = conflict!.map((i) => legs[i]!);
          expect(jointMass(named, input, 0).win).toBe(0);
          if (named.length > 1)
            for (const i of named.keys())
              expect(
                jointMass(
                  named.filter((_, j) => j !== i),
                  input,
                  0,
                ).win,
              ).toBeGreaterThan(0);
        }
      }),
      { numRuns: 60, seed: 372 },
    );
  });

  it('prices a leg implied by another as the stronger leg (redundant legs collapse)', () => {
    const ft = GOAL_SPECS.filter((s) => s.scope === 'ft');
    const cs = SPECS.find((s) => s.t === 45)!;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        fc.nat({ max: ft.length - 1 }),
        (h, a, k) => {
          const input = pre(1.2, 0.9);
          const spec = ft[k]!;
          const winners = spec.winners({ ...emptyFacts(), h1: h, a1: a });
          fc.pre(winners !== null && winners.length > 0);
          const strong: BuilderLeg = { spec: cs, code: `${h}:${a}` };
          const implied: BuilderLeg = { spec, code: winners![0]! };
          const alone = priceBuilder([strong], input, 0).p;
          const both = priceBuilder([strong, implied], input, 0);
          expect(both.p).toBeCloseTo(alone, 14);
          expect(both.redundant).toContain(spec === cs ? 0 : 1);
        },
      ),
      { numRuns: 60, seed: 373 },
    );
  });

  it('never gives a combination more probability than any of its legs', () => {
    fc.assert(
      fc.property(lateArb, fc.array(legArb(SPECS), { minLength: 2, maxLength: 4 }), (input, legs) => {
        const { p } = priceBuilder(legs, input, 0);
        for (const l of legs) expect(p).toBeLessThanOrEqual(priceBuilder([l], input, 0).p + 1e-12);
      }),
      { numRuns: 40, seed: 374 },
    );
  });
});

describe('bet builder odds (margin per leg count, band)', () => {
  it('is never longer than the fair price, suspends outside the band, never clamps', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 1, noNaN: true }), fc.integer({ min: 2, max: 10 }), (p, n) => {
        const odd = builderOdd(p, n, DEFAULT_BAND);
        if (odd === null) {
          const raw = 1 / p;
          expect(raw < DEFAULT_BAND.minOdd * 1.6 || raw >= DEFAULT_BAND.maxOdd).toBe(true);
        } else {
          expect(odd).toBeLessThanOrEqual(1 / p);
          expect(odd).toBeGreaterThanOrEqual(DEFAULT_BAND.minOdd);
          expect(odd).toBeLessThan(DEFAULT_BAND.maxOdd);
          expect(Number(odd.toFixed(2))).toBe(odd);
        }
      }),
      { numRuns: 500, seed: 375 },
    );
    expect(builderOdd(0.999, 2, DEFAULT_BAND)).toBeNull();
    expect(builderOdd(1 / 1000, 2, DEFAULT_BAND)).toBeNull();
  });

  it('prices positively correlated legs shorter than the product of their singles', () => {
    const home = squad(100, 11, [9, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    const away = squad(
      200,
      11,
      Array.from({ length: 11 }, () => 1),
    );
    const event = {
      id: 1,
      sportId: 1,
      homeStrength: 1.3,
      awayStrength: 0.9,
      homePlayers: home,
      awayPlayers: away,
    };
    const state: FootballState = { phase: 'pre', minute: 0, facts: emptyFacts() };
    const specs = footballMarkets(home, away);
    const priced = priceEvent(event, { kind: 'football', football: state });
    const single = (t: number, s: string, code: string) => {
      const i = specs.findIndex((x) => x.t === t && x.s === s);
      return { leg: { spec: specs[i]!, code }, odd: priced[i]!.outcomes.find((o) => o.code === code)!.odd };
    };
    const legs = [single(1, '', '1'), single(18, '2.5', 'over'), single(888, '', 'p100')];
    const input = { rates: footballRates(1.3, 0.9), state, home, away };
    const { p } = priceBuilder(
      legs.map((l) => l.leg),
      input,
      0,
    );
    const odd = builderOdd(p, legs.length, DEFAULT_BAND)!;
    const product = legs.reduce((acc, l) => acc * l.odd, 1);
    expect(odd).toBeLessThan(product);
    expect(odd).toBeLessThanOrEqual(1 / p);
  });
});
