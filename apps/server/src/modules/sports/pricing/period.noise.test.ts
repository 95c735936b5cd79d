import { afterAll, describe, expect, it } from 'vitest';
import { stepPeriod } from '../../producer/simulator/period.sim';
import type { SimState } from '../../producer/simulator/sim-state';
import { initialState, priceEvent, type PricingEvent } from './event-pricing';
import type { PricedMarket } from './market-spec';
import { PERIOD_SPORTS } from './period.markets';
import { periodRates, type PeriodState } from './period.model';
import { hashSeed } from './random';

/**
 * Reprice noise of the period sports (issue 31 item 6): an unchanged state must reprice to the same prices
 * whatever the event (the Monte Carlo pricing seeded by event and state moved a 20–50 % outcome by 4.5 % per
 * reprice). Noise = the largest relative move of an open outcome's implied probability (1/odd) between two
 * reprices of one state, as a share of a quarter of its market's margin (overround − 1): it must stay below 1;
 * the exact laws make it 0.
 */
const states = (sportId: number): PeriodState[] => {
  const profile = PERIOD_SPORTS[sportId]!;
  const rates = periodRates(profile, 1.1, 0.95);
  const out: PeriodState[] = [{ period: -1, elapsed: 0, facts: { periods: [] }, ended: false }];
  let sim: SimState = {
    match: initialState(sportId),
    simSec: 0,
    lastReal: 0,
    rng: hashSeed('noise', sportId),
    suspendedUntil: 0,
    added: [0, 0],
    pricedAt: -1,
  };
  for (const until of [400, 1500, 2600]) {
    for (let k = 0; k < 5000 && sim.simSec < until; k++) {
      sim = stepPeriod(sim, profile, rates, until - sim.simSec).sim;
      if (sim.match.kind === 'period' && sim.match.period.ended) break;
    }
    if (sim.match.kind === 'period' && !sim.match.period.ended) out.push(structuredClone(sim.match.period));
  }
  return out;
};

const event = (sportId: number, id: number): PricingEvent => ({
  id,
  sportId,
  homeStrength: 1.1,
  awayStrength: 0.95,
  homePlayers: [],
  awayPlayers: [],
});

/** The largest move of an open outcome's implied probability, as a share of a quarter of its market's margin. */
function noise(a: PricedMarket[], b: PricedMarket[]): number {
  let worst = 0;
  a.forEach((m, i) => {
    const other = b[i]!;
    const open = m.outcomes.filter((o) => o.status === 'open');
    if (open.length !== m.outcomes.length) return;
    const margin = open.reduce((s, o) => s + 1 / o.odd, 0) - 1;
    m.outcomes.forEach((o, j) => {
      const p = other.outcomes[j]!;
      if (p.status !== 'open') return;
      const move = Math.abs(1 / o.odd - 1 / p.odd) / (1 / o.odd);
      worst = Math.max(worst, move / (margin / 4));
    });
  });
  return worst;
}

describe('period sports: reprice noise (exact laws)', () => {
  const report: string[] = [];
  afterAll(() => console.log(`period sports reprice noise (share of margin/4):\n  ${report.join('\n  ')}`));

  for (const sportId of Object.keys(PERIOD_SPORTS).map(Number)) {
    it(`sport ${sportId}: an unchanged state reprices to the same prices (noise 0 < margin/4)`, () => {
      let worst = 0;
      for (const state of states(sportId)) {
        const first = priceEvent(event(sportId, 11), { kind: 'period', period: state });
        // Another event id (the old Monte Carlo seed) and a later reprice of the same state.
        const again = priceEvent(event(sportId, 12), { kind: 'period', period: structuredClone(state) });
        worst = Math.max(worst, noise(first, again));
        expect(again).toEqual(first);
      }
      report.push(`sport ${sportId}: ${worst.toFixed(3)}`);
      expect(worst).toBeLessThan(1);
    });
  }
});
