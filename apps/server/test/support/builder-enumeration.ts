import fc from 'fast-check';
import {
  emptyFacts,
  footballRates,
  type FootballFacts,
  type FootballState,
  type Player,
} from '../../src/modules/sports/pricing/football.facts';
import { footballMarkets, type FootballSpec } from '../../src/modules/sports/pricing/football.markets';
import { goalDims, type FootballPricingInput } from '../../src/modules/sports/pricing/football.model';
import {
  builderOffers,
  builderResult,
  type BuilderLeg,
} from '../../src/modules/sports/pricing/football.builder';

/**
 * The bet builder's brute force (issue 37): every cell of the score grid, every order of the goals still to come
 * within each half, every scorer of each goal, settled leg by leg with the settlement's own code — what the
 * builder's exact sums are checked against (football.builder*.test.ts).
 */

export const squad = (base: number, n: number, weights: number[]): Player[] => {
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
export function bruteForce(legs: BuilderLeg[], input: FootballPricingInput, rho: number, kmax: number) {
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

export const offered = (home: Player[], away: Player[]) =>
  footballMarkets(home, away).filter((s) => builderOffers(s)) as FootballSpec[];

/** A random leg among the builder's markets. */
export const legArb = (specs: FootballSpec[]) =>
  fc.tuple(fc.nat({ max: specs.length - 1 }), fc.nat({ max: 1000 })).map(([i, j]): BuilderLeg => ({
    spec: specs[i]!,
    code: specs[i]!.outcomes[j % specs[i]!.outcomes.length]!.code,
  }));

export const H = squad(100, 3, [5, 3, 2]);
export const A = squad(200, 3, [4, 4, 2]);
export const SPECS = offered(H, A);
export const GOAL_SPECS = SPECS.filter((s) => s.dist === 'goals');
export const SEQ_SPECS = SPECS.filter((s) => s.dist !== 'goals');

export const pre = (home: number, away: number): FootballPricingInput => ({
  rates: footballRates(home, away),
  state: { phase: 'pre', minute: 0, facts: emptyFacts() },
  home: H,
  away: A,
});

/** A late second-half state (few goals to come, so the brute force reaches nearly all the mass). */
export const lateArb = fc
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

export const rhoArb = fc.double({ min: -0.12, max: 0.12, noNaN: true });
