import { describe, expect, it } from 'vitest';
import { initialState } from '../../sports/pricing/event-pricing';
import { footballRates, goalsAway, goalsHome, type Player } from '../../sports/pricing/football.facts';
import { stepFootball, type FootballSide } from './football.sim';
import type { Happening, SimState } from './sim-state';

const squad = (base: number): Player[] =>
  Array.from({ length: 11 }, (_, i) => ({ id: base + i, name: `P${i}`, share: 1 / 11 }));
const side: FootballSide = { rates: footballRates(1.2, 0.9), home: squad(100), away: squad(200) };
const fresh = (seed: number): SimState => ({
  match: initialState(1),
  simSec: 0,
  lastReal: 0,
  rng: seed,
  suspendedUntil: 0,
  added: [0, 0],
  pricedAt: -1,
});

function play(seed: number): { sim: SimState; happenings: Happening[] } {
  let sim = fresh(seed);
  const happenings: Happening[] = [];
  for (let i = 0; i < 1000 && !(sim.match.kind === 'football' && sim.match.football.phase === 'ended'); i++) {
    const r = stepFootball(sim, side, 100_000);
    sim = r.sim;
    happenings.push(...r.happenings);
  }
  return { sim, happenings };
}

describe('football simulation', () => {
  it('replays the same match from the same state', () => {
    expect(play(7)).toEqual(play(7));
    expect(play(7)).not.toEqual(play(8));
  });

  it('goes through kick-off, half time, second half and full time with added time, goals matching the score', () => {
    const { sim, happenings } = play(3);
    const types = happenings.map((h) => h.type);
    expect(types[0]).toBe('kickoff');
    expect(types.indexOf('break')).toBeLessThan(types.indexOf('period'));
    expect(types.at(-1)).toBe('end');
    expect(sim.added[0]).toBeGreaterThan(0);
    expect(sim.added[1]).toBeGreaterThan(0);
    if (sim.match.kind !== 'football') throw new Error('football expected');
    const facts = sim.match.football.facts;
    expect(happenings.filter((h) => h.type === 'goal')).toHaveLength(goalsHome(facts) + goalsAway(facts));
    expect(facts.goals).toHaveLength(goalsHome(facts) + goalsAway(facts));
  });

  it('scores goals and corners at the rates the pricing model assumes', () => {
    const runs = 150;
    let goals = 0;
    let corners = 0;
    for (let seed = 1; seed <= runs; seed++) {
      const { sim } = play(seed * 7919);
      if (sim.match.kind !== 'football') continue;
      const f = sim.match.football.facts;
      goals += goalsHome(f) + goalsAway(f);
      corners += f.ch + f.ca;
    }
    // Added time plays at the same rate, so the mean sits a little above the 90-minute expectation.
    const expectedGoals = side.rates.goalsHome + side.rates.goalsAway;
    expect(goals / runs).toBeGreaterThan(expectedGoals * 0.85);
    expect(goals / runs).toBeLessThan(expectedGoals * 1.25);
    const expectedCorners = side.rates.cornersHome + side.rates.cornersAway;
    expect(corners / runs).toBeGreaterThan(expectedCorners * 0.9);
    expect(corners / runs).toBeLessThan(expectedCorners * 1.2);
  });
});
