import { afterAll, describe, expect, it } from 'vitest';
import { solve, type Model } from 'yalps';
import { stepPeriod } from '../../producer/simulator/period.sim';
import type { SimState } from '../../producer/simulator/sim-state';
import { initialState, priceEvent, settleEvent, type PricingEvent } from './event-pricing';
import { PERIOD_SPORTS } from './period.markets';
import { periodRates, scenarios, type PeriodState } from './period.model';
import { createRng, hashSeed } from './random';
import { unitReturn } from '../../../../test/support/calibration';

/**
 * Coherence of the period sports' prices: no combination of an event's own open selections returns more than
 * the stake in every reachable final state. The states are the Monte Carlo samples (each one a reachable end of
 * the match): fewer states only make a sure bet easier to find, so a bound t ≤ 1 over them proves there is none.
 * LP: maximise t subject to Σ x = 1, x ≥ 0 and Σ_j x_j · return_j(s) ≥ t for every state s, with the states
 * added by a cutting-plane loop (solve on a few, add the states the current stakes do worst in, repeat).
 */
function bestSureReturn(columns: number[][]): number {
  const n = columns.length;
  const states = columns[0]?.length ?? 0;
  if (n === 0 || states === 0) return 0;
  const active = new Set<number>(Array.from({ length: Math.min(20, states) }, (_, k) => k));
  for (let round = 0; round < 200; round++) {
    const constraints: Record<string, { equal: number } | { min: number }> = { sum: { equal: 1 } };
    for (const s of active) constraints[`s${s}`] = { min: 0 };
    const variables: Record<string, Record<string, number>> = {
      t: Object.fromEntries([['t', 1], ...[...active].map((s) => [`s${s}`, -1])]),
    };
    columns.forEach((col, j) => {
      variables[`x${j}`] = Object.fromEntries([['sum', 1], ...[...active].map((s) => [`s${s}`, col[s]!])]);
    });
    const model: Model = { direction: 'maximize', objective: 't', constraints, variables };
    const solution = solve(model);
    if (solution.status !== 'optimal') throw new Error(`LP ${solution.status}`);
    const x = new Map(solution.variables);
    const t = solution.result;
    // Fewer states only make a sure bet easier: t ≤ 1 on a subset already proves there is none.
    if (t <= 1 + 1e-9) return t;
    // The stakes' return in every state; the worst ones not yet in the LP become cuts.
    const worst = Array.from({ length: states }, (_, s) => ({
      s,
      r: columns.reduce((acc, col, j) => acc + (x.get(`x${j}`) ?? 0) * col[s]!, 0),
    }))
      .filter(({ s, r }) => !active.has(s) && r < t - 1e-9)
      .sort((a, b) => a.r - b.r)
      .slice(0, 20);
    if (worst.length === 0) return t;
    for (const { s } of worst) active.add(s);
  }
  throw new Error('cutting planes did not converge');
}

/** Pre-match and a few in-play states of a sport: the simulator played for a while. */
function sampleStates(sportId: number, event: PricingEvent): PeriodState[] {
  const profile = PERIOD_SPORTS[sportId]!;
  const rates = periodRates(profile, event.homeStrength, event.awayStrength);
  const rng = createRng(hashSeed('coherence', sportId));
  const out: PeriodState[] = [{ period: -1, elapsed: 0, facts: { periods: [] }, ended: false }];
  for (let i = 0; i < 2; i++) {
    let sim: SimState = {
      match: initialState(sportId),
      simSec: 0,
      lastReal: 0,
      rng: hashSeed(sportId, 'coherence', i),
      suspendedUntil: 0,
      added: [0, 0],
      pricedAt: -1,
    };
    const until = 600 + Math.floor(rng.next() * 4000);
    for (let k = 0; k < 5000 && sim.simSec < until; k++) {
      sim = stepPeriod(sim, profile, rates, until - sim.simSec).sim;
      if (sim.match.kind === 'period' && sim.match.period.ended) break;
    }
    if (sim.match.kind === 'period' && !sim.match.period.ended) out.push(sim.match.period);
  }
  return out;
}

describe('period sports: coherent prices', () => {
  const overrounds = new Map<string, number[]>();
  let lines = 0;
  let sureBets = 0;
  let states = 0;
  afterAll(() => {
    const table = [...overrounds].map(([family, list]) => {
      const sorted = [...list].sort((x, y) => x - y);
      const pct = (v: number) => `${((v - 1) * 100).toFixed(1)}%`;
      return `${family}: ${pct(sorted[0]!)} / ${pct(sorted[Math.floor(sorted.length / 2)]!)} / ${pct(sorted.at(-1)!)}`;
    });
    console.log(
      `period sports coherence: ${states} states, ${lines} lines tested, ${sureBets} sure bets; margin min/median/max per sport/market:\n  ${table.join('\n  ')}`,
    );
  });

  for (const sportId of Object.keys(PERIOD_SPORTS).map(Number)) {
    it(`sport ${sportId}: no sure bet across an event’s open selections; fully open lines at 1.02–1.15`, () => {
      const profile = PERIOD_SPORTS[sportId]!;
      const [h, a] = sportId % 2 ? [1.25, 0.85] : [0.9, 1.1];
      const event: PricingEvent = {
        id: 40 + sportId,
        sportId,
        homeStrength: h,
        awayStrength: a,
        homePlayers: [],
        awayPlayers: [],
      };
      const rates = periodRates(profile, h, a);
      for (const state of sampleStates(sportId, event)) {
        states++;
        const priced = priceEvent(event, { kind: 'period', period: state });
        for (const m of priced) {
          const open = m.outcomes.filter((o) => o.status === 'open');
          if (open.length === 0) continue;
          lines++;
          if (open.length === m.outcomes.length) {
            const over = open.reduce((sum, o) => sum + 1 / o.odd, 0);
            expect(over, `market ${m.t} ${m.s}`).toBeGreaterThanOrEqual(1.02);
            expect(over, `market ${m.t} ${m.s}`).toBeLessThanOrEqual(1.15);
            const family = `${sportId}/${m.t}`;
            overrounds.set(family, [...(overrounds.get(family) ?? []), over]);
          }
        }
        // Every open selection's return in the sampled ends the prices came from (a subset is enough: see above).
        const finals = scenarios(profile, rates, state, event.id)
          .slice(0, 400)
          .map((d) => settleEvent(event, { kind: 'period', period: d.f }));
        const columns: number[][] = [];
        priced.forEach((m, i) =>
          m.outcomes.forEach((o) => {
            if (o.status !== 'open') return;
            columns.push(finals.map((f) => unitReturn(f[i]!.results[o.code] ?? 'void', o.odd)));
          }),
        );
        const t = bestSureReturn(columns);
        if (t > 1 + 1e-9) sureBets++;
        expect(t, `state ${JSON.stringify(state.facts)}`).toBeLessThanOrEqual(1 + 1e-9);
      }
    }, 60_000);
  }
});
