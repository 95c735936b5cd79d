import type { DrawState } from '../../../lib/outcome-draws';
import type { MatchState, PeriodState } from '../../sports/index';

/** Something that happened in a simulated match; `stop` ones end a simulation segment (publish, reprice). */
export interface Happening {
  type:
    | 'kickoff'
    | 'goal'
    | 'corner'
    | 'yellow'
    | 'red'
    | 'danger'
    | 'resume'
    | 'period'
    | 'break'
    | 'end'
    | 'point';
  team: 'home' | 'away' | null;
  /**
   * Match minute (football: the minute being played, 1-based, counted on into added time, so 47 in the first
   * half is 45+2) or period number (other sports).
   */
  minute: number;
  /** Football: the half it happened in (half time belongs to the first), so added time reads 45+n, not 46. */
  period?: 1 | 2;
  playerId?: number;
  text: string;
}

export const STOPPING: Happening['type'][] = [
  'kickoff',
  'goal',
  'red',
  'danger',
  'resume',
  'period',
  'break',
  'end',
];

/** The simulator's private state of one event, stored in `events.sim`. Times are simulated seconds. */
export interface SimState {
  match: MatchState;
  /** Simulated seconds since kick-off, breaks included. */
  simSec: number;
  /** Real time (ms) up to which the match has been simulated. */
  lastReal: number;
  /**
   * The match's draw stream (`lib/outcome-draws.ts`): a CSPRNG key and position, or a test seed's state. Persisted
   * with every segment, so a restart or a new leader continues with the very next draw.
   */
  rng: DrawState;
  suspendedUntil: number;
  /** Added minutes announced for the first and second half (football). */
  added: [number, number];
  /** Simulated second of the last repricing. */
  pricedAt: number;
}

export interface StepResult {
  sim: SimState;
  happenings: Happening[];
}

/** Suspension lengths in simulated seconds. */
export const SUSPEND_GOAL_S = 20;
export const SUSPEND_RED_S = 12;
export const SUSPEND_DANGER_S = 5;
export const SUSPEND_PERIOD_S = 3;

/** A copy of a simulator state (nothing shared with the input; cheaper than structuredClone, a step per point). */
export function copySim(sim: SimState): SimState {
  const m = sim.match;
  let match: MatchState;
  if (m.kind === 'football') {
    const s = m.football;
    const f = s.facts;
    match = {
      kind: 'football',
      football: {
        ...s,
        facts: { ...f, goals: f.goals.map((g) => ({ ...g })) },
        ...(s.added ? { added: [s.added[0], s.added[1]] } : {}),
      },
    };
  } else {
    // Field by field: the state's optional fields come and go (deleted), and spreading such objects is slow.
    const s = m.period;
    const f = s.facts;
    const facts: PeriodState['facts'] = { periods: f.periods.map(([h, a]) => [h, a]) };
    if (f.game) facts.game = [f.game[0], f.game[1]];
    if (f.serve !== undefined) facts.serve = f.serve;
    const period: PeriodState = { period: s.period, elapsed: s.elapsed, facts, ended: s.ended };
    if (s.breakLeft !== undefined) period.breakLeft = s.breakLeft;
    if (s.toNext !== undefined) period.toNext = s.toNext;
    if (s.periodsUnknown !== undefined) period.periodsUnknown = s.periodsUnknown;
    match = { kind: 'period', period };
  }
  return {
    match,
    simSec: sim.simSec,
    lastReal: sim.lastReal,
    rng: typeof sim.rng === 'number' ? sim.rng : { key: sim.rng.key, at: sim.rng.at },
    suspendedUntil: sim.suspendedUntil,
    added: [sim.added[0], sim.added[1]],
    pricedAt: sim.pricedAt,
  };
}
