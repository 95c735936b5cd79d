import {
  homePointChance,
  matchDecided,
  type PeriodRates,
  type PeriodSportProfile,
  type PeriodState,
  playPoint,
  type PointOutcome,
  setInPlay,
  startSet,
} from '../../sports/index';
import { drawFrom, openDraws, type OutcomeDraws as Rng } from '../../../lib/outcome-draws';
import {
  copySim,
  STOPPING,
  SUSPEND_PERIOD_S,
  type Happening,
  type SimState,
  type StepResult,
} from './sim-state';

const lengthOf = (profile: PeriodSportProfile, index: number) =>
  index >= profile.periods && profile.overtimeSeconds ? profile.overtimeSeconds : profile.periodSeconds;

/**
 * Advances a match of a period sport by up to `seconds`. Points sports: each second each side scores a play
 * with the chance of its rate (the law `sports/pricing/period.exact.ts` prices); a period ends on time, then a break, until the match is decided; stops at period changes. Set
 * sports: one point at a time by the rules (no clock), each point a segment of its own (the prices follow
 * every point); a set ends when won, then a break.
 */
export function stepPeriod(
  input: SimState,
  profile: PeriodSportProfile,
  rates: PeriodRates,
  seconds: number,
): StepResult {
  if (input.match.kind !== 'period') throw new Error('not a period match');
  const sim: SimState = copySim(input);
  const state = (sim.match as { period: PeriodState }).period;
  const rng = openDraws(sim.rng);
  const happenings: Happening[] =
    profile.kind === 'sets'
      ? stepSets(sim, state, profile, rates, seconds, rng)
      : stepPoints(sim, state, profile, rates, seconds, rng);
  sim.rng = rng.state();
  return { sim, happenings };
}

function stepPoints(
  sim: SimState,
  state: PeriodState,
  profile: PeriodSportProfile,
  rates: PeriodRates,
  seconds: number,
  rng: Rng,
): Happening[] {
  const happenings: Happening[] = [];
  const avg = profile.playValues.reduce((s, v) => s + v, 0) / profile.playValues.length;
  const end = sim.simSec + seconds;
  while (sim.simSec < end && !state.ended) {
    const suspendedBefore = sim.simSec < sim.suspendedUntil;
    if (state.period < 0) {
      state.period = 0;
      state.elapsed = 0;
      state.facts.periods = [[0, 0]];
      happenings.push({ type: 'kickoff', team: null, minute: 1, text: 'Start' });
    } else {
      const length = lengthOf(profile, state.period);
      const current = state.facts.periods[state.period] as [number, number];
      // Nothing changes the chances before the period's or the step's end or the end of a suspension.
      const room = Math.min(end - sim.simSec, suspendedBefore ? sim.suspendedUntil - sim.simSec : Infinity);
      if (state.elapsed < length) {
        // Each second each side scores a play with chance q; the quiet seconds before the next scoring
        // second are drawn at once (geometric: the law of a draw per second).
        const q = [
          rates.home / avg / profile.periodSeconds,
          rates.away / avg / profile.periodSeconds,
        ] as const;
        const any = 1 - (1 - q[0]) * (1 - q[1]);
        const quiet = any > 0 ? Math.floor(Math.log(1 - rng.next()) / Math.log(1 - any)) : Infinity;
        const stretch = Math.min(room, length - state.elapsed);
        if (quiet >= stretch) {
          state.elapsed += stretch;
          sim.simSec += stretch;
        } else {
          const u = rng.next() * any;
          const homeOnly = q[0] * (1 - q[1]);
          const sides = u < homeOnly ? [0] : u < homeOnly + (1 - q[0]) * q[1] ? [1] : [0, 1];
          for (const i of sides) {
            const value = drawFrom(rng, profile.playValues);
            current[i] = (current[i] ?? 0) + value;
            // A score moves the markets: the segment's flush writes it with a reprice (never a price behind it).
            happenings.push({
              type: 'point',
              team: i === 0 ? 'home' : 'away',
              minute: state.period + 1,
              text: `+${value}`,
            });
          }
          state.elapsed += quiet + 1;
          sim.simSec += quiet + 1;
        }
        if (state.elapsed === length) {
          sim.suspendedUntil = sim.simSec + SUSPEND_PERIOD_S;
          closePeriod(state, profile, state.period, happenings);
        }
      } else if (state.elapsed >= length + profile.breakSeconds) {
        state.period++;
        state.elapsed = 0;
        state.facts.periods.push([0, 0]);
        happenings.push(periodStart(profile, state.period));
      } else {
        const pause = Math.min(room, length + profile.breakSeconds - state.elapsed);
        state.elapsed += pause;
        sim.simSec += pause;
      }
    }
    if (suspendedBefore && sim.simSec >= sim.suspendedUntil)
      happenings.push({ type: 'resume', team: null, minute: state.period + 1, text: 'Markets open' });
    if (happenings.some((h) => STOPPING.includes(h.type))) break;
  }
  return happenings;
}

const periodStart = (profile: PeriodSportProfile, index: number): Happening => ({
  type: 'period',
  team: null,
  minute: index + 1,
  text: `${profile.periodName} ${index + 1}`,
});

function stepSets(
  sim: SimState,
  state: PeriodState,
  profile: PeriodSportProfile,
  rates: PeriodRates,
  seconds: number,
  rng: Rng,
): Happening[] {
  const happenings: Happening[] = [];
  const f = state.facts;
  const suspendedBefore = sim.simSec < sim.suspendedUntil;
  if (state.period < 0) {
    state.period = 0;
    state.elapsed = 0;
    f.periods = [];
    f.serve = rng.next() < 0.5 ? 0 : 1; // the toss
    startSet(profile, f);
    happenings.push({ type: 'kickoff', team: null, minute: 1, text: 'Start' });
    return happenings;
  }
  if (state.ended) return happenings;
  if (!setInPlay(profile, f)) {
    // Between sets: the break runs on the clock.
    const left = state.breakLeft ?? 0;
    const used = Math.min(left, Math.max(1, seconds));
    sim.simSec += used;
    state.breakLeft = left - used;
    if (state.breakLeft <= 0) {
      delete state.breakLeft;
      startSet(profile, f);
      state.period = f.periods.length - 1;
      state.elapsed = 0;
      happenings.push(periodStart(profile, state.period));
    }
  } else {
    // The next point comes 60–140% of the sport's average point time after the last one.
    const toNext =
      state.toNext ?? Math.max(1, Math.round((profile.pointSeconds ?? 20) * (0.6 + 0.8 * rng.next())));
    const spent = Math.min(toNext, Math.max(1, seconds));
    sim.simSec += spent;
    state.elapsed += spent;
    if (spent < toNext) {
      state.toNext = toNext - spent;
      if (suspendedBefore && sim.simSec >= sim.suspendedUntil)
        happenings.push({ type: 'resume', team: null, minute: state.period + 1, text: 'Markets open' });
      return happenings;
    }
    delete state.toNext;
    const homeWon = rng.next() < homePointChance(profile, rates, f);
    const outcome: PointOutcome = playPoint(profile, f, homeWon);
    const team = homeWon ? 'home' : 'away';
    happenings.push({ type: 'point', team, minute: state.period + 1, text: outcome });
    if (outcome === 'set' || outcome === 'match') {
      sim.suspendedUntil = sim.simSec + 1 + SUSPEND_PERIOD_S;
      state.breakLeft = profile.breakSeconds;
      closePeriod(state, profile, state.period, happenings);
    }
  }
  if (suspendedBefore && sim.simSec >= sim.suspendedUntil)
    happenings.push({ type: 'resume', team: null, minute: state.period + 1, text: 'Markets open' });
  return happenings;
}

function closePeriod(
  state: PeriodState,
  profile: PeriodSportProfile,
  index: number,
  happenings: Happening[],
) {
  if (matchDecided(profile, state.facts, index + 1)) {
    state.ended = true;
    delete state.breakLeft;
    happenings.push({ type: 'end', team: null, minute: index + 1, text: 'Match ended' });
  } else
    happenings.push({
      type: 'break',
      team: null,
      minute: index + 1,
      text: `End of ${profile.periodName.toLowerCase()} ${index + 1}`,
    });
}
