import { describe, expect, it } from 'vitest';
import { stepPeriod } from '../../producer/simulator/period.sim';
import type { SimState } from '../../producer/simulator/sim-state';
import { initialState, priceEvent } from './event-pricing';
import { decisionsOf, PERIOD_SPORTS, periodMarkets, setsReach } from './period.markets';
import {
  periodRates,
  playPoint,
  sampleFinal,
  scenarios,
  setComplete,
  setScoreValid,
  setsWon,
  startSet,
  type PeriodFacts,
  type PeriodState,
} from './period.model';
import { createRng, hashSeed } from './random';

const TENNIS = PERIOD_SPORTS[5]!;
const VOLLEY = PERIOD_SPORTS[23]!;
const TT = PERIOD_SPORTS[20]!;

/** Plays a scripted point sequence ('h' home wins the point, 'a' away), starting sets as needed. */
function play(profile = TENNIS, script: string, facts: PeriodFacts = { periods: [], serve: 0 }) {
  const outcomes: string[] = [];
  for (const c of script.replace(/\s/g, '')) {
    const last = facts.periods.length - 1;
    if (last < 0 || setComplete(profile, last, facts.periods[last]!)) startSet(profile, facts);
    outcomes.push(playPoint(profile, facts, c === 'h'));
  }
  return { facts, outcomes };
}
const games = (winners: string) =>
  [...winners].map((w) => (w === 'H' ? 'hhhh' : w === 'A' ? 'aaaa' : '')).join('');

describe('tennis by the rules', () => {
  it('plays games with deuce and advantage', () => {
    const { facts, outcomes } = play(TENNIS, 'hhhaaa ha ah hh');
    expect(facts.periods).toEqual([[1, 0]]);
    expect(outcomes.at(-1)).toBe('game');
    expect(outcomes.slice(0, -1).every((o) => o === 'point')).toBe(true);
  });

  it('ends sets at 6:4 and 7:5, and a tie-break at 6:6 to 7 points with a lead of 2', () => {
    expect(play(TENNIS, games('HAHAHAHAHH')).facts.periods).toEqual([[6, 4]]);
    const five = play(TENNIS, games('HAHAHAHAHA'));
    expect(five.facts.periods).toEqual([[5, 5]]);
    expect(play(TENNIS, games('HH'), five.facts).facts.periods).toEqual([[7, 5]]);
    const six = play(TENNIS, games('HAHAHAHAHAHA'));
    expect(six.facts.periods).toEqual([[6, 6]]);
    // Tie-break: 6:6 in points, then 8:6.
    const tb = play(TENNIS, 'hahahahahaha hh', six.facts);
    expect(tb.facts.periods).toEqual([[7, 6]]);
    expect(tb.outcomes.at(-1)).toBe('set');
    expect(tb.outcomes.at(-2)).toBe('point'); // 7:6 in the tie-break is not enough
  });

  it('alternates the server by game and every two points in a tie-break', () => {
    const f: PeriodFacts = { periods: [], serve: 0 };
    play(TENNIS, games('H'), f);
    expect(f.serve).toBe(1);
  });

  it('is best of three sets: the match ends 2:0 or 2:1, set scores valid', () => {
    const two = play(TENNIS, games('HHHHHH') + games('AAAAAA') + games('HHHHHA H'));
    expect(two.facts.periods).toEqual([
      [6, 0],
      [0, 6],
      [6, 1],
    ]);
    expect(two.outcomes.at(-1)).toBe('match');
    expect(setsWon(TENNIS, two.facts)).toEqual([2, 1]);
    const rng = createRng(5);
    for (let i = 0; i < 300; i++) {
      const f = sampleFinal(
        TENNIS,
        periodRates(TENNIS, 1.3, 0.8),
        { period: -1, elapsed: 0, facts: { periods: [] }, ended: false },
        rng,
      );
      const won = setsWon(TENNIS, f);
      expect(Math.max(...won)).toBe(2);
      f.periods.forEach((p, k) => expect(setScoreValid(TENNIS, k, p, true), `${p}`).toBe(true));
      expect(f.periods.length).toBe(won[0] + won[1]);
    }
  });

  it('counts only finished sets as won (the set in play belongs to nobody)', () => {
    expect(
      setsWon(TENNIS, {
        periods: [
          [6, 3],
          [2, 4],
        ],
      }),
    ).toEqual([1, 0]);
    expect(
      setsWon(VOLLEY, {
        periods: [
          [25, 20],
          [20, 25],
          [25, 22],
          [14, 9],
        ],
      }),
    ).toEqual([2, 1]);
  });
});

describe('volleyball and table tennis by the rules', () => {
  it('plays sets to 25 with a lead of 2 and the fifth set to 15', () => {
    const f = play(VOLLEY, 'ha'.repeat(23) + 'hh').facts;
    expect(f.periods).toEqual([[25, 23]]);
    play(VOLLEY, 'ha'.repeat(24) + 'ha' + 'aa', f);
    expect(f.periods[1]).toEqual([25, 27]);
    play(VOLLEY, 'h'.repeat(25) + 'a'.repeat(25), f);
    expect(setsWon(VOLLEY, f)).toEqual([2, 2]);
    const last = play(VOLLEY, 'ha'.repeat(13) + 'hh', f);
    expect(f.periods[4]).toEqual([15, 13]);
    expect(last.outcomes.at(-1)).toBe('match');
    expect(setScoreValid(VOLLEY, 4, [15, 13], true)).toBe(true);
    expect(setScoreValid(VOLLEY, 3, [15, 13], true)).toBe(false);
    expect(setScoreValid(VOLLEY, 4, [16, 10], true)).toBe(false);
    expect(setScoreValid(VOLLEY, 0, [33, 21], true)).toBe(false);
  });

  it('plays table tennis sets to 11 with a lead of 2, best of five', () => {
    const f = play(TT, 'ha'.repeat(10) + 'hh').facts;
    expect(f.periods).toEqual([[12, 10]]);
    play(TT, 'h'.repeat(11) + 'h'.repeat(11), f);
    expect(setsWon(TT, f)).toEqual([3, 0]);
  });
});

/** Reachable in-play states of a sport: the simulator played for a random time. */
function states(sportId: number, count: number): PeriodState[] {
  const profile = PERIOD_SPORTS[sportId]!;
  const rates = periodRates(profile, 1.15, 0.95);
  const out: PeriodState[] = [];
  const rng = createRng(hashSeed('states', sportId));
  for (let i = 0; i < count; i++) {
    let sim: SimState = {
      match: initialState(sportId),
      simSec: 0,
      lastReal: 0,
      rng: hashSeed(sportId, i),
      suspendedUntil: 0,
      added: [0, 0],
      pricedAt: -1,
    };
    const until = Math.floor(rng.next() * 7000);
    for (let k = 0; k < 5000 && sim.simSec < until; k++) {
      sim = stepPeriod(sim, profile, rates, until - sim.simSec).sim;
      if (sim.match.kind === 'period' && sim.match.period.ended) break;
    }
    if (sim.match.kind === 'period') out.push(sim.match.period);
  }
  return out;
}

describe('exact decisions of period-sport markets', () => {
  for (const sportId of Object.keys(PERIOD_SPORTS).map(Number)) {
    it(`sport ${sportId}: every Monte Carlo end is allowed by the exact logic; decided outcomes are certain`, () => {
      const profile = PERIOD_SPORTS[sportId]!;
      const rates = periodRates(profile, 1.15, 0.95);
      const specs = periodMarkets(sportId, rates);
      let decided = 0;
      for (const state of states(sportId, 8)) {
        const dist = scenarios(profile, rates, state, 3).slice(0, 300);
        for (const spec of specs) {
          const possible = new Set(spec.possible(state));
          expect(possible.size, `${spec.t} ${spec.s}`).toBeGreaterThan(0);
          for (const { f } of dist)
            for (const w of spec.winners(f) ?? [])
              expect(possible.has(w), `${spec.t} ${spec.s}: ${w} at ${JSON.stringify(state.facts)}`).toBe(
                true,
              );
          decided += decisionsOf(spec, state).filter((d) => d !== null).length;
        }
      }
      expect(decided).toBeGreaterThan(0);
    });
  }

  it('tennis 3-6 6-2 2-4 (third set live): total games over 24.5 has won, at least 2 more games to come', () => {
    const state: PeriodState = {
      period: 2,
      elapsed: 600,
      ended: false,
      facts: {
        periods: [
          [3, 6],
          [6, 2],
          [2, 4],
        ],
        game: [0, 0],
        serve: 0,
      },
    };
    const reach = setsReach(TENNIS, state);
    expect(reach.min).toBe(25); // 2:4 → 2:6
    expect(reach.max).toBe(23 + 7); // 2:4 → 7:6
    expect(reach.finals).toEqual([
      [2, 1],
      [1, 2],
    ]);
    const early: PeriodState = {
      ...state,
      facts: {
        ...state.facts,
        periods: [
          [3, 6],
          [6, 2],
          [0, 0],
        ],
      },
    };
    // 17 games played; at least 6 more (23) and at most 13 more (30): 24.5 undecided, 22.5 over, 30.5 under.
    expect(setsReach(TENNIS, early)).toMatchObject({ min: 23, max: 30 });
  });

  it('volleyball total points: over once passed, under never before the end (deuce has no bound)', () => {
    const state: PeriodState = {
      period: 1,
      elapsed: 600,
      ended: false,
      facts: {
        periods: [
          [25, 20],
          [10, 12],
        ],
        serve: 0,
      },
    };
    const r = setsReach(VOLLEY, state);
    expect(r.max).toBe(Infinity);
    // Quickest end: home wins 25:12 and then 25:0 → 45 + 37 + 25.
    expect(r.min).toBe(45 + 37 + 25);
  });

  it('ice hockey: both teams to score is yes once both scored; a finished period is decided', () => {
    const profile = PERIOD_SPORTS[4]!;
    const specs = periodMarkets(4, periodRates(profile, 1, 1));
    const btts = specs.find((s) => s.t === 413)!;
    const p1 = specs.find((s) => s.t === 416)!;
    const live: PeriodState = {
      period: 1,
      elapsed: 100,
      ended: false,
      facts: {
        periods: [
          [1, 0],
          [0, 1],
        ],
      },
    };
    expect(decisionsOf(btts, live)).toEqual(['win', 'loss']);
    expect(decisionsOf(p1, live)).toEqual(['win', 'loss', 'loss']);
    const p2 = specs.find((s) => s.t === 417)!;
    expect(decisionsOf(p2, live)).toEqual([null, null, null]);
  });

  it('priced markets carry the decisions: decided outcomes are closed with their result', () => {
    const event = { id: 3, sportId: 5, homeStrength: 1, awayStrength: 1, homePlayers: [], awayPlayers: [] };
    const state = {
      kind: 'period' as const,
      period: {
        period: 2,
        elapsed: 600,
        ended: false,
        facts: {
          periods: [
            [3, 6],
            [6, 2],
            [2, 4],
          ] as [number, number][],
          game: [0, 0] as [number, number],
        },
      },
    };
    const priced = priceEvent(event, state);
    const first = priced.find((m) => m.t === 188)!;
    expect(first.outcomes.map((o) => [o.status, o.result])).toEqual([
      ['decided', 'loss'],
      ['decided', 'win'],
    ]);
    expect(first.decided).toBe(true);
    const winner = priced.find((m) => m.t === 186)!;
    expect(winner.outcomes.every((o) => o.status !== 'decided')).toBe(true);
  });
});
