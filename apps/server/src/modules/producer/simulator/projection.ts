import type { EventData } from '../../sports/ingest/index';
import { goalsAway, goalsHome } from '../../sports/pricing/index';
import { setInPlay, setsWon, totals, type PeriodSportProfile } from '../../sports/pricing/index';
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
    const period = sim.match.football.phase === 'second_half' || sim.match.football.phase === 'ended' ? 2 : 1;
    for (const h of happenings) {
      if (!h.team) continue;
      const key = ({ goal: 'score', corner: 'corner', yellow: 'yellow', red: 'red' } as const)[
        h.type as 'goal'
      ];
      if (key) statFor(period)[key][h.team]++;
    }
  }
  const incidents = [
    ...data.incidents,
    ...happenings
      .filter((h) => h.type !== 'point')
      .map((h) => ({ minute: h.minute, type: h.type, team: h.team, text: h.text })),
  ].slice(-40);
  return { score, stats: stats.sort((a, b) => a.period - b.period), incidents };
}
