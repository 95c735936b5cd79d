import {
  liveGoalRates,
  type FootballRates,
  type FootballState,
  type Player,
} from '../../sports/pricing/index';
import { openDraws, type OutcomeDraws as Rng } from '../../../lib/outcome-draws';
import {
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

/** One simulated second of play: goals, corners, cards and dangerous moments from Poisson rates per 90'. */
function playSecond(state: FootballState, side: FootballSide, rng: Rng, minute: number): Happening[] {
  const f = state.facts;
  const goals = liveGoalRates(side.rates, f);
  const perSecond = (perMatch: number) => perMatch / 5400;
  const out: Happening[] = [];
  const first = state.phase === 'first_half';
  for (const team of ['home', 'away'] as const) {
    const h = team === 'home';
    const r = rng.next();
    let edge = perSecond(h ? goals.home : goals.away);
    if (r < edge) {
      const player = scorer(rng, h ? side.home : side.away);
      if (h && first) f.h1++;
      else if (h) f.h2++;
      else if (first) f.a1++;
      else f.a2++;
      f.goals.push({ team: h ? 'h' : 'a', playerId: player?.id ?? 0, minute });
      out.push({ type: 'goal', team, minute, playerId: player?.id, text: player?.name ?? '' });
      continue;
    }
    if (r < (edge += perSecond(h ? side.rates.cornersHome : side.rates.cornersAway))) {
      if (h) f.ch++;
      else f.ca++;
      if (first && h) f.ch1++;
      else if (first) f.ca1++;
      out.push({ type: 'corner', team, minute, text: 'Corner' });
    } else if (r < (edge += perSecond(h ? side.rates.cardsHome : side.rates.cardsAway))) {
      if (h) f.yh++;
      else f.ya++;
      out.push({ type: 'yellow', team, minute, text: 'Yellow card' });
    } else if (r < (edge += perSecond(h ? side.rates.redsHome : side.rates.redsAway))) {
      if (h) f.rh++;
      else f.ra++;
      out.push({ type: 'red', team, minute, text: 'Red card' });
    } else if (r < edge + perSecond(DANGER_PER_MATCH)) {
      out.push({ type: 'danger', team, minute, text: 'Dangerous attack' });
    }
  }
  return out;
}

const suspension = (h: Happening) =>
  h.type === 'goal'
    ? SUSPEND_GOAL_S
    : h.type === 'red'
      ? SUSPEND_RED_S
      : h.type === 'danger'
        ? SUSPEND_DANGER_S
        : 0;

/** Advances a football match by up to `seconds`, stopping after the first stopping happening. */
export function stepFootball(input: SimState, side: FootballSide, seconds: number): StepResult {
  if (input.match.kind !== 'football') throw new Error('not a football match');
  const sim: SimState = structuredClone(input);
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
    // Added time is announced when regulation time of the half runs out (1–4' first half, 2–6' second).
    if (state.phase === 'first_half' && t >= HALF_S && sim.added[0] === 0) sim.added[0] = 1 + rng.int(4);
    if (
      state.phase === 'second_half' &&
      t >= footballTimeline(sim.added).secondStart + HALF_S &&
      sim.added[1] === 0
    )
      sim.added[1] = 2 + rng.int(5);
    const line = footballTimeline(sim.added);
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
    } else {
      if (state.phase !== 'half_time') {
        const base = state.phase === 'first_half' ? 0 : line.secondStart - HALF_S;
        const cap = state.phase === 'first_half' ? 45 : 90;
        state.minute = Math.min(cap, Math.floor((t - base) / 60));
        const minute = Math.floor((t - base) / 60) + 1;
        playing = { minute, period: state.phase === 'first_half' ? 1 : 2 };
        for (const h of playSecond(state, side, rng, minute)) {
          happenings.push({ ...h, period: playing.period });
          sim.suspendedUntil = Math.max(sim.suspendedUntil, t + 1 + suspension(h));
        }
      }
      sim.simSec++;
    }
    // Markets reopen in the minute being played (the same count as the happenings around it).
    if (suspendedBefore && sim.simSec >= sim.suspendedUntil)
      happenings.push({ type: 'resume', team: null, ...playing, text: 'Markets open' });
    if (happenings.some((h) => STOPPING.includes(h.type))) break;
  }
  sim.rng = rng.state();
  return { sim, happenings };
}
