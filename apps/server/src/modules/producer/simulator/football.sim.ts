import {
  ADDED_MINUTES,
  FIRST_HALF_CORNER_SHARE,
  FIRST_HALF_GOAL_SHARE,
  liveGoalRates,
  type FootballFacts,
  type FootballRates,
  type FootballState,
  type Player,
} from '../../sports/index';
import { drawFrom, openDraws, type OutcomeDraws as Rng } from '../../../lib/outcome-draws';
import {
  copySim,
  STOPPING,
  SUSPEND_DANGER_S,
  SUSPEND_GOAL_S,
  SUSPEND_RED_S,
  type Happening,
  type SimState,
  type StepResult,
} from './sim-state';

const HALF_S = 45 * 60;
const BREAK_S = 15 * 60;
/** Dangerous moments per team per match (each suspends the markets briefly). */
const DANGER_PER_MATCH = 5;

export interface FootballSide {
  rates: FootballRates;
  home: Player[];
  away: Player[];
}

/** Phase boundaries in simulated seconds, given the added time of each half. */
export function footballTimeline(added: [number, number]) {
  const firstEnd = HALF_S + added[0] * 60;
  const secondStart = firstEnd + BREAK_S;
  return { firstEnd, secondStart, secondEnd: secondStart + HALF_S + added[1] * 60 };
}

function scorer(rng: Rng, players: Player[]): Player | undefined {
  let r = rng.next();
  for (const p of players) {
    r -= p.share;
    if (r <= 0) return p;
  }
  return players[players.length - 1];
}

type Kind = 'goal' | 'corner' | 'yellow' | 'red' | 'danger';
const KINDS: readonly Kind[] = ['goal', 'corner', 'yellow', 'red', 'danger'];

/**
 * A team's chance per second of play of each happening (the order of KINDS) and their sum. Rates per 90' from
 * the model (one law, `sports/pricing/football.model.ts`): goals at the live rate (red cards so far included),
 * 45% of the regulation goals in the first half and 55% in the second; corners 47% / 53%; cards evenly; added
 * time at its half's rate.
 */
function chances(side: FootballSide, f: FootballFacts, first: boolean) {
  const goals = liveGoalRates(side.rates, f);
  const goalShare = first ? FIRST_HALF_GOAL_SHARE : 1 - FIRST_HALF_GOAL_SHARE;
  const cornerShare = first ? FIRST_HALF_CORNER_SHARE : 1 - FIRST_HALF_CORNER_SHARE;
  const team = (goal: number, corner: number, card: number, red: number) => {
    const each = [
      (goal * goalShare) / 2700,
      (corner * cornerShare) / 2700,
      card / 5400,
      red / 5400,
      DANGER_PER_MATCH / 5400,
    ];
    return { each, total: each.reduce((a, b) => a + b, 0) };
  };
  const r = side.rates;
  return {
    home: team(goals.home, r.cornersHome, r.cardsHome, r.redsHome),
    away: team(goals.away, r.cornersAway, r.cardsAway, r.redsAway),
  };
}

/** One team's happening in the second it has one: its kind drawn by the kinds' chances. */
function happen(
  state: FootballState,
  side: FootballSide,
  rng: Rng,
  team: 'home' | 'away',
  chance: { each: number[]; total: number },
  minute: number,
): Happening {
  const f = state.facts;
  const h = team === 'home';
  const first = state.phase === 'first_half';
  let r = rng.next() * chance.total;
  let kind: Kind = 'danger';
  for (let i = 0; i < KINDS.length; i++) {
    r -= chance.each[i]!;
    if (r < 0) {
      kind = KINDS[i]!;
      break;
    }
  }
  switch (kind) {
    case 'goal': {
      const player = scorer(rng, h ? side.home : side.away);
      if (h && first) f.h1++;
      else if (h) f.h2++;
      else if (first) f.a1++;
      else f.a2++;
      f.goals.push({ team: h ? 'h' : 'a', playerId: player?.id ?? 0, minute });
      return { type: 'goal', team, minute, playerId: player?.id, text: player?.name ?? '' };
    }
    case 'corner':
      if (h) f.ch++;
      else f.ca++;
      if (first && h) f.ch1++;
      else if (first) f.ca1++;
      return { type: 'corner', team, minute, text: 'Corner' };
    case 'yellow':
      if (h) f.yh++;
      else f.ya++;
      return { type: 'yellow', team, minute, text: 'Yellow card' };
    case 'red':
      if (h) f.rh++;
      else f.ra++;
      return { type: 'red', team, minute, text: 'Red card' };
    default:
      return { type: 'danger', team, minute, text: 'Dangerous attack' };
  }
}

const suspension = (h: Happening) =>
  h.type === 'goal'
    ? SUSPEND_GOAL_S
    : h.type === 'red'
      ? SUSPEND_RED_S
      : h.type === 'danger'
        ? SUSPEND_DANGER_S
        : 0;

/**
 * Advances a football match by up to `seconds`, stopping after the first stopping happening. Each second of play
 * each team has at most one happening, with the chances of `chances`; the quiet seconds before the next second
 * with a happening are drawn at once (geometric: the same law as a draw per second, at a few draws a match),
 * never past the half's end, the step's end or the end of a suspension (the chances change there).
 */
export function stepFootball(input: SimState, side: FootballSide, seconds: number): StepResult {
  if (input.match.kind !== 'football') throw new Error('not a football match');
  const sim: SimState = copySim(input);
  const state = (sim.match as { football: FootballState }).football;
  const rng = openDraws(sim.rng);
  const happenings: Happening[] = [];
  const end = sim.simSec + seconds;
  /** The minute and half being played (markets reopening in half time belong to the first half's end). */
  let playing: { minute: number; period: 1 | 2 } =
    state.phase === 'half_time'
      ? { minute: 45 + sim.added[0], period: 1 }
      : { minute: state.minute + 1, period: state.phase === 'second_half' ? 2 : 1 };
  while (sim.simSec < end && state.phase !== 'ended') {
    const t = sim.simSec;
    const suspendedBefore = t < sim.suspendedUntil;
    // Added time is announced when regulation time of the half runs out (ADDED_MINUTES: 1–4' and 2–6').
    if (state.phase === 'first_half' && t >= HALF_S && sim.added[0] === 0) {
      sim.added[0] = drawFrom(rng, ADDED_MINUTES[0]);
      state.added = [sim.added[0], sim.added[1]];
    }
    if (
      state.phase === 'second_half' &&
      t >= footballTimeline(sim.added).secondStart + HALF_S &&
      sim.added[1] === 0
    ) {
      sim.added[1] = drawFrom(rng, ADDED_MINUTES[1]);
      state.added = [sim.added[0], sim.added[1]];
    }
    const line = footballTimeline(sim.added);
    const until = Math.min(end, suspendedBefore ? sim.suspendedUntil : Infinity);
    if (state.phase === 'pre') {
      state.phase = 'first_half';
      happenings.push({ type: 'kickoff', team: null, minute: 1, period: 1, text: 'Kick-off' });
    } else if (state.phase === 'first_half' && t >= line.firstEnd) {
      state.phase = 'half_time';
      happenings.push({ type: 'break', team: null, minute: 45 + sim.added[0], period: 1, text: 'Half time' });
    } else if (state.phase === 'half_time' && t >= line.secondStart) {
      state.phase = 'second_half';
      happenings.push({ type: 'period', team: null, minute: 46, period: 2, text: 'Second half' });
    } else if (state.phase === 'second_half' && t >= line.secondEnd) {
      state.phase = 'ended';
      state.minute = 90;
      happenings.push({ type: 'end', team: null, minute: 90 + sim.added[1], period: 2, text: 'Full time' });
    } else if (state.phase === 'half_time') {
      sim.simSec = Math.min(until, line.secondStart);
    } else {
      const first = state.phase === 'first_half';
      const base = first ? 0 : line.secondStart - HALF_S;
      // While the added time is not announced the half's end is its regulation end (announced there).
      const stop = Math.min(until, first ? line.firstEnd : line.secondEnd);
      const chance = chances(side, state.facts, first);
      const [eh, ea] = [chance.home.total, chance.away.total];
      const any = 1 - (1 - eh) * (1 - ea);
      const quiet = any > 0 ? Math.floor(Math.log(1 - rng.next()) / Math.log(1 - any)) : Infinity;
      const at = t + quiet;
      const played = Math.min(at, stop - 1); // the last second played in this stretch
      state.minute = Math.min(first ? 45 : 90, Math.floor((played - base) / 60));
      playing = { minute: Math.floor((played - base) / 60) + 1, period: first ? 1 : 2 };
      if (at >= stop) sim.simSec = stop;
      else {
        // The second with a happening: home's alone, away's alone or both, by their chances.
        const u = rng.next() * any;
        const homeOnly = eh * (1 - ea);
        const teams: ('home' | 'away')[] =
          u < homeOnly ? ['home'] : u < homeOnly + (1 - eh) * ea ? ['away'] : ['home', 'away'];
        for (const team of teams) {
          const h = happen(state, side, rng, team, chance[team], playing.minute);
          happenings.push({ ...h, period: playing.period });
          sim.suspendedUntil = Math.max(sim.suspendedUntil, at + 1 + suspension(h));
        }
        sim.simSec = at + 1;
      }
    }
    // Markets reopen in the minute being played (the same count as the happenings around it).
    if (suspendedBefore && sim.simSec >= sim.suspendedUntil)
      happenings.push({ type: 'resume', team: null, ...playing, text: 'Markets open' });
    if (happenings.some((h) => STOPPING.includes(h.type))) break;
  }
  const line = footballTimeline(sim.added);
  if (state.phase === 'first_half') state.clock = sim.simSec;
  else if (state.phase === 'second_half') state.clock = sim.simSec - line.secondStart;
  else delete state.clock;
  sim.rng = rng.state();
  return { sim, happenings };
}
