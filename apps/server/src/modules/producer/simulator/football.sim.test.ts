import { describe, expect, it } from 'vitest';
import { footballRates, goalsAway, goalsHome, type Player } from '../../sports/pricing/football.facts';
import { stepFootball, type FootballSide } from './football.sim';
import { fresh as freshSim } from '../../../../test/support/calibration';
import { nextData } from './projection';
import type { Happening, SimState } from './sim-state';

const squad = (base: number): Player[] =>
  Array.from({ length: 11 }, (_, i) => ({ id: base + i, name: `P${i}`, share: 1 / 11 }));
const side: FootballSide = { rates: footballRates(1.2, 0.9), home: squad(100), away: squad(200) };
const fresh = (seed: number): SimState => freshSim(1, seed);

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

/** The tracker's order key of a happening: its half, then its minute (added time after the half's last). */
const orderKey = (h: Happening) => (h.period ?? 0) * 1000 + h.minute;

describe('football happenings as the tracker lists them', () => {
  it.each([3, 11, 29, 71])('come in the order of their minutes, halves told apart (seed %i)', (seed) => {
    const { happenings } = play(seed);
    expect(happenings.every((h) => h.period === 1 || h.period === 2)).toBe(true);
    for (let i = 1; i < happenings.length; i++)
      expect(orderKey(happenings[i]!)).toBeGreaterThanOrEqual(orderKey(happenings[i - 1]!));
    // Added time of the first half is still the first half (45+n), and half time closes it.
    const lastFirst = happenings.filter((h) => h.period === 1).at(-1)!;
    expect(lastFirst.type === 'break' || lastFirst.type === 'resume').toBe(true);
  });

  it('keep each half\'s goals and corners when one segment spans the whole match (operator "finish")', () => {
    const sim = fresh(5);
    let state = sim;
    const all: Happening[] = [];
    while (!(state.match.kind === 'football' && state.match.football.phase === 'ended')) {
      const r = stepFootball(state, side, 100_000);
      state = r.sim;
      all.push(...r.happenings);
    }
    if (state.match.kind !== 'football') throw new Error('football expected');
    const f = state.match.football.facts;
    const data = nextData({ score: { home: 0, away: 0 }, stats: [], incidents: [] }, all, state, {
      home: goalsHome(f),
      away: goalsAway(f),
    });
    expect(data.stats.map((s) => [s.period, s.score, s.corner])).toEqual([
      [1, { home: f.h1, away: f.a1 }, { home: f.ch1, away: f.ca1 }],
      [2, { home: f.h2, away: f.a2 }, { home: f.ch - f.ch1, away: f.ca - f.ca1 }],
    ]);
    const cards = (period: number) =>
      all.filter((h) => h.type === 'yellow' && h.period === period && h.team === 'home').length;
    expect(data.stats[0]!.yellow.home).toBe(cards(1));
    expect(data.stats[1]!.yellow.home).toBe(cards(2));
  });

  it('shows no halves for a final the operator gave without its half-time score', () => {
    const { sim } = play(9);
    if (sim.match.kind !== 'football') throw new Error('football expected');
    const unknown: SimState = {
      ...sim,
      match: { kind: 'football', football: { ...sim.match.football, halvesUnknown: true } },
    };
    const data = nextData({ score: { home: 0, away: 0 }, stats: [], incidents: [] }, [], unknown, {
      home: 1,
      away: 2,
    });
    expect(data.stats).toEqual([]);
  });
});
