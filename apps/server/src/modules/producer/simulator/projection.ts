import {
  type EventData,
  type FootballState,
  goalsAway,
  goalsHome,
  type PeriodSportProfile,
  setInPlay,
  setsWon,
  totals,
} from '../../sports/index';
import { footballTimeline } from './football.sim';
import type { Happening, SimState } from './sim-state';

/** The public live fields of an event, derived from the simulator state. */
export interface LiveFields {
  status: 'not_started' | 'live' | 'ended';
  phase: string;
  isLive: boolean;
  isSuspended: boolean;
  periodTime: number;
  periodTimeLeft: number;
  periodCounter: number;
  roundCounter: number;
  addedTime: number;
  score: { home: number; away: number };
  resultName: string | null;
}

export function projectFootball(sim: SimState): LiveFields {
  if (sim.match.kind !== 'football') throw new Error('not football');
  const s = sim.match.football;
  const line = footballTimeline(sim.added);
  const score = { home: goalsHome(s.facts), away: goalsAway(s.facts) };
  const second = s.phase === 'second_half' || s.phase === 'ended';
  const halfStart = second ? line.secondStart : 0;
  const elapsed = Math.max(0, sim.simSec - halfStart);
  const ended = s.phase === 'ended';
  return {
    status: s.phase === 'pre' ? 'not_started' : ended ? 'ended' : 'live',
    phase: s.phase === 'pre' ? 'not_started' : s.phase,
    isLive: !ended && s.phase !== 'pre',
    isSuspended: !ended && sim.simSec < sim.suspendedUntil,
    periodTime: s.phase === 'half_time' ? 45 : ended ? 90 : Math.floor(elapsed / 60) + (second ? 45 : 0),
    periodTimeLeft: s.phase === 'half_time' || ended ? 0 : Math.max(0, 45 * 60 - elapsed),
    periodCounter: s.phase === 'pre' ? 0 : second ? 2 : 1,
    roundCounter: 0,
    addedTime:
      s.phase === 'first_half' && elapsed >= 2700
        ? sim.added[0]
        : s.phase === 'second_half' && elapsed >= 2700
          ? sim.added[1]
          : 0,
    score,
    resultName: ended ? `${score.home}:${score.away}` : null,
  };
}

export function projectPeriod(sim: SimState, profile: PeriodSportProfile): LiveFields {
  if (sim.match.kind !== 'period') throw new Error('not a period sport');
  const p = sim.match.period;
  const [home, away] = profile.kind === 'sets' ? setsWon(profile, p.facts) : totals(p.facts);
  const length =
    p.period >= profile.periods && profile.overtimeSeconds ? profile.overtimeSeconds : profile.periodSeconds;
  // Set sports have no clock: a set is over when won (then a break); the time shown is the set's duration.
  const sets = profile.kind === 'sets';
  const inBreak = p.period >= 0 && (sets ? !setInPlay(profile, p.facts) : p.elapsed >= length);
  return {
    status: p.period < 0 ? 'not_started' : p.ended ? 'ended' : 'live',
    phase:
      p.period < 0
        ? 'not_started'
        : p.ended
          ? 'ended'
          : inBreak
            ? `break_${p.period + 1}`
            : `period_${p.period + 1}`,
    isLive: p.period >= 0 && !p.ended,
    isSuspended: !p.ended && sim.simSec < sim.suspendedUntil,
    periodTime: sets ? p.elapsed : Math.min(p.elapsed, length),
    periodTimeLeft: sets ? 0 : Math.max(0, length - p.elapsed),
    periodCounter: p.period + 1,
    roundCounter: p.facts.periods.length,
    addedTime: 0,
    score: { home, away },
    resultName: p.ended ? `${home}:${away}` : null,
  };
}

const pair = () => ({ home: 0, away: 0 });

/** Stats per period and the incident list, updated from what happened (football: halves 1 and 2). */
export function nextData(
  data: EventData,
  happenings: Happening[],
  sim: SimState,
  score: { home: number; away: number },
): EventData {
  const stats = data.stats.map((s) => structuredClone(s));
  const statFor = (period: number) => {
    let row = stats.find((s) => s.period === period);
    if (!row) stats.push((row = { period, score: pair(), red: pair(), yellow: pair(), corner: pair() }));
    return row;
  };
  if (sim.match.kind === 'period') {
    // Per-period scores (per-set games or points in set sports); none when the operator gave only the final.
    if (sim.match.period.periodsUnknown) stats.splice(0);
    else sim.match.period.facts.periods.forEach(([h, a], i) => (statFor(i + 1).score = { home: h, away: a }));
  } else {
    footballStats(sim.match.football, happenings, statFor);
    if (sim.match.football.halvesUnknown) stats.splice(0);
  }
  const incidents = [
    ...data.incidents,
    ...happenings
      .filter((h) => h.type !== 'point')
      .map((h) => ({
        minute: h.minute,
        type: h.type,
        team: h.team,
        text: h.text,
        ...(h.period ? { period: h.period } : {}),
      })),
  ].slice(-40);
  return { score, stats: stats.sort((a, b) => a.period - b.period), incidents };
}

type StatRow = EventData['stats'][number];

/**
 * Football's halves: goals and corners from the match facts (the model's own counts per half, so a segment that
 * spans half time, as a catch-up or the operator's "finish" does, cannot put first-half goals in the second),
 * cards from each happening's own half. The first half's row exists from kick-off (its score is the half-time
 * score: 0:0 too), the second's once it has started.
 */
function footballStats(
  state: FootballState,
  happenings: Happening[],
  statFor: (period: number) => StatRow,
): void {
  const f = state.facts;
  if (state.phase === 'pre') return;
  const second = state.phase === 'second_half' || state.phase === 'ended';
  const current = second ? 2 : 1;
  const first = statFor(1);
  first.score = { home: f.h1, away: f.a1 };
  first.corner = { home: f.ch1, away: f.ca1 };
  if (second) {
    const row = statFor(2);
    row.score = { home: f.h2, away: f.a2 };
    row.corner = { home: f.ch - f.ch1, away: f.ca - f.ca1 };
  }
  for (const h of happenings) {
    if (!h.team || (h.type !== 'yellow' && h.type !== 'red')) continue;
    statFor(h.period ?? current)[h.type][h.team]++;
  }
}
