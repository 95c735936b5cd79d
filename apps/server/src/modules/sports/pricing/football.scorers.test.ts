import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyFacts, type FootballFacts, type FootballState } from './football.facts';
import { type FootballSpec } from './football.markets';
import { priceGoalsAndSequence, type FootballPricingInput } from './football.model';
import { atLeast } from './football.scorers';
import { jointMass, priceBuilder, type BuilderLeg } from './football.builder';
import { finishMarket, DEFAULT_BAND } from './margin';
import { settleMarket } from './market-spec';
import {
  A,
  bruteForce,
  H,
  lateArb,
  legArb,
  pre,
  rhoArb,
  SEQ_SPECS,
  SPECS,
} from '../../../../test/support/builder-enumeration';

/**
 * "Player to score 2 or more" (type 889): the single market from the team-goal split (binomial given his team's
 * goals still to come, goals he scored counted), its settlement and decisions, and the builder's player legs
 * checked against the brute-force enumeration of goals, their order and scorers.
 */

const TWO = SPECS.find((s) => s.t === 889)!;
const ANY = SPECS.find((s) => s.t === 888)!;
const codes = TWO.outcomes.map((o) => o.code);
const two = (code: string): BuilderLeg => ({ spec: TWO, code });
const any = (code: string): BuilderLeg => ({ spec: ANY, code });
const players = fc.constantFrom(...codes);

const singles = (input: FootballPricingInput, rho = 0) => {
  const out = priceGoalsAndSequence([ANY, TWO] as FootballSpec[], input, rho);
  return { any: out.get(ANY)!, two: out.get(TWO)! };
};
const goal = (team: 'h' | 'a', playerId: number, minute: number) => ({ team, playerId, minute });

describe('player to score 2 or more (889)', () => {
  it('P(Binomial(k, s) ≥ r) equals the sum of the binomial law', () => {
    const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n, k - 1) * (n - k + 1)) / k);
    for (const s of [0, 0.07, 0.3, 1])
      for (let k = 0; k <= 12; k++)
        for (const r of [0, 1, 2, 3]) {
          let p = 0;
          for (let j = r; j <= k; j++) p += choose(k, j) * s ** j * (1 - s) ** (k - j);
          expect(atLeast(k, s, r)).toBeCloseTo(r <= 0 ? 1 : p, 12);
        }
  });

  it('settles on the producer’s goals: a player with two or more wins, one goal loses, any number of winners', () => {
    const facts: FootballFacts = {
      ...emptyFacts(),
      h1: 2,
      a2: 3,
      goals: [goal('h', H[0]!.id, 10), goal('a', A[1]!.id, 50), goal('h', H[0]!.id, 30)],
    };
    facts.goals.push(goal('a', A[1]!.id, 70), goal('a', A[2]!.id, 80));
    const r = settleMarket(TWO, facts);
    expect(r[`p${H[0]!.id}`]).toBe('win');
    expect(r[`p${A[1]!.id}`]).toBe('win');
    expect(r[`p${A[2]!.id}`]).toBe('loss');
    expect(Object.values(settleMarket(TWO, emptyFacts())).every((x) => x === 'loss')).toBe(true);
  });

  it('is never above the same player’s anytime price, and its single is the builder’s one-leg mass', () => {
    fc.assert(
      fc.property(fc.oneof(lateArb, fc.constant(pre(1.4, 0.8))), rhoArb, (input, rho) => {
        const { any: a, two: t } = singles(input, rho);
        codes.forEach((c, i) => {
          expect(t.fair[i]!).toBeLessThanOrEqual(a.fair[i]!);
          // Two exact sums of one law: the market's over the team totals, the builder's over the grid's cells.
          expect(Math.abs(t.fair[i]! - jointMass([two(c)], input, rho).win)).toBeLessThan(1e-12);
        });
      }),
      { numRuns: 30, seed: 889 },
    );
  });

  it('decides in play: won at his second goal (never offered again), lost when no goal can come', () => {
    const base = pre(1.2, 1).rates;
    const brace: FootballState = {
      phase: 'second_half',
      minute: 60,
      facts: { ...emptyFacts(), h1: 1, h2: 1, goals: [goal('h', H[1]!.id, 20), goal('h', H[1]!.id, 55)] },
    };
    const input = { rates: base, state: brace, home: H, away: A };
    const { two: t, any: a } = singles(input);
    const i = codes.indexOf(`p${H[1]!.id}`);
    expect(t.decisions[i]).toBe('win');
    expect(a.decisions[i]).toBe('win');
    const market = finishMarket(TWO, t.fair, t.decisions, DEFAULT_BAND);
    expect(market.outcomes[i]!.status).toBe('decided');
    // One goal so far: he needs one more, the anytime price of the goals still to come.
    const once: FootballState = {
      ...brace,
      facts: { ...brace.facts, h2: 0, goals: [brace.facts.goals[0]!] },
    };
    const one = singles({ ...input, state: once });
    const j = codes.indexOf(`p${H[1]!.id}`);
    const k = codes.indexOf(`p${H[2]!.id}`);
    expect(one.two.decisions[j]).toBeNull();
    expect(one.two.fair[j]!).toBeGreaterThan(one.two.fair[k]!);
    // Full time with one goal: lost for every player (no second goal can come).
    const ended = singles({ ...input, state: { ...once, phase: 'ended', minute: 90 } }).two;
    expect(ended.decisions.every((d) => d === 'loss')).toBe(true);
    expect(ended.fair.every((p) => p === 0)).toBe(true);
  });
});

describe('bet builder with "2 or more" legs', () => {
  it('equals the brute-force enumeration (in play: with anytime, first/last scorer and any other legs)', () => {
    fc.assert(
      fc.property(
        lateArb,
        fc.array(players, { minLength: 1, maxLength: 2 }),
        fc.array(legArb(SEQ_SPECS), { minLength: 0, maxLength: 2 }),
        fc.array(legArb(SPECS), { minLength: 0, maxLength: 2 }),
        rhoArb,
        (input, braces, seq, more, rho) => {
          const legs = [...braces.map(two), ...seq, ...more];
          const exact = jointMass(legs, input, rho);
          const brute = bruteForce(legs, input, rho, 5);
          expect(brute.left).toBeLessThan(1e-3);
          expect(Math.abs(exact.win - brute.win)).toBeLessThanOrEqual(brute.left + 1e-12);
          expect(Math.abs(exact.void - brute.void)).toBeLessThanOrEqual(brute.left + 1e-12);
        },
      ),
      { numRuns: 60, seed: 8891 },
    );
  });

  it('prices anytime + 2 or more of one player as the 2 or more (the anytime leg is implied)', () => {
    fc.assert(
      fc.property(lateArb, players, (input, c) => {
        const alone = priceBuilder([two(c)], input, 0);
        fc.pre(alone.p > 0);
        const both = priceBuilder([any(c), two(c)], input, 0);
        expect(both.p).toBeCloseTo(alone.p, 14);
        expect(both.redundant).toContain(0);
      }),
      { numRuns: 40, seed: 8892 },
    );
  });
});
