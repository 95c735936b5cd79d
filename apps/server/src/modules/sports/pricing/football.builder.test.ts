import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyFacts, footballRates, type FootballState } from './football.facts';
import { footballMarkets } from './football.markets';
import {
  builderGrid,
  builderGrids,
  builderOdd,
  compatibleWith,
  conflictOf,
  jointMass,
  prepareBuilder,
  priceBuilder,
  type BuilderLeg,
} from './football.builder';
import { DEFAULT_BAND } from './margin';
import { priceEvent } from './event-pricing';
import {
  A,
  bruteForce,
  GOAL_SPECS,
  H,
  lateArb,
  legArb,
  pre,
  rhoArb,
  SEQ_SPECS,
  SPECS,
  squad,
} from '../../../../test/support/builder-enumeration';

/**
 * Bet builder pricing (issue 37): the exact sum over the model's grid is checked against a brute-force
 * enumeration of the joint states (every cell of the score grid, every order of the goals still to come within
 * each half, every scorer of each goal), settled leg by leg with the settlement's own `settleMarket`.
 */

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

  it('lists as compatible exactly the candidates that can win with the legs (the app greys the rest)', () => {
    fc.assert(
      fc.property(
        lateArb,
        fc.array(legArb(SPECS), { minLength: 0, maxLength: 3 }),
        fc.array(legArb(SPECS), { minLength: 1, maxLength: 8 }),
        (input, legs, candidates) => {
          const ok = new Set(compatibleWith(legs, candidates, input, 0));
          candidates.forEach((c, k) =>
            expect(ok.has(k), `${c.spec.t}/${c.spec.s}/${c.code}`).toBe(
              jointMass([...legs, c], input, 0).win > 0,
            ),
          );
        },
      ),
      { numRuns: 60, seed: 373 },
    );
  });

  it('answers compatible from one kept grid as from a fresh one, call after call (every candidate of the event)', () => {
    const all = SPECS.flatMap((spec) => spec.outcomes.map((o): BuilderLeg => ({ spec, code: o.code })));
    const leg = (t: number, s: string, code: string) =>
      all.find((l) => l.spec.t === t && l.spec.s === s && l.code === code)!;
    const late = fc.sample(lateArb, { numRuns: 1, seed: 37 })[0]!;
    for (const input of [pre(1.3, 0.9), late]) {
      const grid = builderGrid(input, -0.08);
      const combos: BuilderLeg[][] = [
        [],
        [leg(1, '', '1')],
        [leg(1, '', '1'), leg(29, '', 'yes')],
        [leg(888, '', `p${H[0]!.id}`), leg(38, '', `p${A[1]!.id}`)],
        [leg(18, '2.5', 'under'), leg(37, '', '2'), leg(888, '', `p${H[2]!.id}`)],
      ];
      // Pre-match (the larger grid): three of the combinations; in play all of them.
      for (const legs of input === late ? combos : [combos[1]!, combos[3]!, combos[4]!]) {
        const ok = new Set(grid.compatible(legs, all));
        expect([...ok].sort((a, b) => a - b)).toEqual(compatibleWith(legs, all, input, -0.08));
        // The definition: the legs with the candidate have positive mass (`jointMass`, on one prepared grid).
        const joint = prepareBuilder([...legs, ...all], input, -0.08);
        const base = legs.map((_, i) => i);
        all.forEach((c, k) =>
          expect(ok.has(k), `${legs.length} legs + ${c.spec.t}/${c.spec.s}/${c.code}`).toBe(
            joint.mass([...base, legs.length + k]).win > 0,
          ),
        );
      }
    }
  });

  it('prices from a kept grid exactly as from a fresh one, and anew when the match state changes', () => {
    const all = SPECS.flatMap((spec) => spec.outcomes.map((o): BuilderLeg => ({ spec, code: o.code })));
    const leg = (t: number, s: string, code: string) =>
      all.find((l) => l.spec.t === t && l.spec.s === s && l.code === code)!;
    const legs = [leg(1, '', '1'), leg(18, '2.5', 'over'), leg(888, '', `p${H[0]!.id}`), leg(29, '', 'yes')];
    const grids = builderGrids(-0.08, 4);
    const at = (minute: number, change: (f: FootballState['facts']) => void = () => {}) => {
      const facts = emptyFacts();
      change(facts);
      const state: FootballState = { phase: 'second_half', minute, facts, added: [2, 4] };
      return { rates: footballRates(1.3, 0.9), state, home: H, away: A };
    };
    const states = [
      at(60),
      at(61),
      at(61, (f) => {
        f.h2 = 1;
        f.goals.push({ team: 'h', playerId: H[1]!.id, minute: 61 });
      }),
      at(61, (f) => {
        f.h2 = 1;
        f.goals.push({ team: 'h', playerId: H[1]!.id, minute: 61 });
        f.ra = 1;
      }),
    ];
    const prices = states.map((input) => {
      const fresh = priceBuilder(legs, input, -0.08);
      // Asked twice on the kept grid (the second from its memo), and its conflict check on the same grid.
      for (let k = 0; k < 2; k++) {
        expect(priceBuilder(legs, input, -0.08, grids.pricing(input))).toEqual(fresh);
        expect(conflictOf(legs, input, -0.08, grids.pricing(input))).toBeNull();
      }
      return fresh.p;
    });
    // A minute, a goal and a red card each change the price: the kept grid of the older state is not read.
    for (let k = 1; k < prices.length; k++) expect(prices[k]).not.toBe(prices[k - 1]);
    // Back to an earlier state (still kept): its own price again.
    expect(priceBuilder(legs, states[0]!, -0.08, grids.pricing(states[0]!)).p).toBe(prices[0]);
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
