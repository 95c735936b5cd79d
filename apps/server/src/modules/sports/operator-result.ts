import { emptyFacts, type FootballFacts } from './pricing/football.facts';
import {
  playsFootball,
  settleEvent,
  type MarketResult,
  type MatchFacts,
  type PricingEvent,
} from './pricing/event-pricing';
import type { Result } from './pricing/market-spec';
import { PERIOD_SPORTS } from './pricing/period.markets';
import {
  matchDecided,
  setComplete,
  setScoreValid,
  setsWon,
  setTargetOf,
  totals,
  type PeriodFacts,
  type PeriodSportProfile,
} from './pricing/period.model';

/**
 * An operator's result: what is known about a finished match, per sport.
 * - Football: the final score (`home`, `away`), optionally the half-time score (`htHome`, `htAway`) and the
 *   goals in order (`goals`: minute 1–90, team, scorer if known).
 * - Period sports: the score of each period (`periods`: points per quarter/period/half, games per set in tennis,
 *   points per set in volleyball and table tennis), or only the final (`home`/`away`: points, or sets won).
 */
export interface ResultInput {
  home?: number;
  away?: number;
  htHome?: number;
  htAway?: number;
  goals?: { minute: number; team: 'h' | 'a'; playerId?: number }[];
  periods?: { home: number; away: number }[];
}

/** Impossible input: the field and why (the ops API answers 400 with it). */
export class ResultInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const fail = (field: string, message: string): never => {
  throw new ResultInputError(field, message);
};
const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/** What the operator's input says about the match: every set of final facts consistent with it. */
export interface ResultPlan {
  /** Final facts consistent with the input; a market is settled only when all of them agree on it. */
  readings: MatchFacts[];
  /** The reading stored as the match's final state (its score is the operator's). */
  final: MatchFacts;
  /**
   * Whether the per-period scores are the operator's (otherwise not shown as stats): period sports' periods,
   * football's half-time score (given, or read from the goals' minutes).
   */
  periodsKnown: boolean;
}

/** Checks the input against the sport's rules and the teams; throws ResultInputError naming the field. */
export function planResult(event: PricingEvent, input: ResultInput): ResultPlan {
  return playsFootball(event.sportId) ? planFootball(event, input) : planPeriod(event.sportId, input);
}

/** A football goal as the operator gives it (the scorer may be unknown: null). */
type GivenGoal = { team: 'h' | 'a'; minute: number; playerId: number | null };
/** Each team's players (a goal's scorer is one of them). */
type TeamPlayers = { h: PricingEvent['homePlayers']; a: PricingEvent['awayPlayers'] };

/** Football's plan: the input checked (scores, half-time, goals), then every reading consistent with it. */
function planFootball(event: PricingEvent, input: ResultInput): ResultPlan {
  const { home, away } = input;
  if (!isCount(home)) return fail('home', 'home must be a whole number of goals, 0 or more');
  if (!isCount(away)) return fail('away', 'away must be a whole number of goals, 0 or more');
  const teamPlayers = { h: event.homePlayers, a: event.awayPlayers };
  const given = footballHalfTime(input, home, away);
  // The goals list, when given, decides the half-time score (checked against one given).
  const { goals, ht } = input.goals
    ? footballGoals(input.goals, teamPlayers, home, away, given)
    : { goals: null, ht: given };
  const readings = footballReadings(goalLists(teamPlayers, home, away, ht, goals), home, away);
  return { readings, final: readings[0]!, periodsKnown: ht !== null };
}

/** The half-time score when given (both or neither), checked against the final score; null when unknown. */
function footballHalfTime(input: ResultInput, home: number, away: number): [number, number] | null {
  if ((input.htHome === undefined) !== (input.htAway === undefined))
    return fail(input.htHome === undefined ? 'htHome' : 'htAway', 'give both half-time scores or neither');
  if (input.htHome === undefined || input.htAway === undefined) return null;
  if (!isCount(input.htHome)) return fail('htHome', 'htHome must be a whole number, 0 or more');
  if (!isCount(input.htAway)) return fail('htAway', 'htAway must be a whole number, 0 or more');
  if (input.htHome > home) return fail('htHome', 'the half-time score is above the final score');
  if (input.htAway > away) return fail('htAway', 'the half-time score is above the final score');
  return [input.htHome, input.htAway];
}

/** The goals list checked (teams, minutes, scorers) against the score and the half-time score, by minute. */
function footballGoals(
  given: NonNullable<ResultInput['goals']>,
  teamPlayers: TeamPlayers,
  home: number,
  away: number,
  ht: [number, number] | null,
): { goals: GivenGoal[]; ht: [number, number] } {
  const goals = given.map((g, i) => {
    if (g.team !== 'h' && g.team !== 'a') return fail(`goals.${i}.team`, "team must be 'h' or 'a'");
    if (!Number.isInteger(g.minute) || g.minute < 1 || g.minute > 90)
      return fail(`goals.${i}.minute`, 'minute must be 1–90 (added time counts as 45 or 90)');
    if (g.playerId !== undefined && !teamPlayers[g.team].some((p) => p.id === g.playerId))
      return fail(`goals.${i}.playerId`, `player ${g.playerId} does not play for that team`);
    return { team: g.team, minute: g.minute, playerId: g.playerId ?? null };
  });
  const count = (team: 'h' | 'a', half?: 1) =>
    goals.filter((g) => g.team === team && (!half || g.minute <= 45)).length;
  if (count('h') !== home || count('a') !== away)
    return fail('goals', `the goals list has ${count('h')}:${count('a')}, the score is ${home}:${away}`);
  const firstHalf: [number, number] = [count('h', 1), count('a', 1)];
  if (ht && (ht[0] !== firstHalf[0] || ht[1] !== firstHalf[1]))
    return fail(
      'goals',
      `the goals list has ${firstHalf.join(':')} at half-time, the half-time score is ${ht.join(':')}`,
    );
  goals.sort((x, y) => x.minute - y.minute);
  return { goals, ht: firstHalf };
}

/**
 * The goal lists the input allows: every half-time split (when unknown) × goal orders and minutes (when no
 * goals are given) × scorers (when one is unknown: -1 home, -2 away, or one of the team's players).
 */
function goalLists(
  teamPlayers: TeamPlayers,
  home: number,
  away: number,
  ht: [number, number] | null,
  goals: GivenGoal[] | null,
): FootballFacts['goals'][] {
  const splits: [number, number][] = [];
  if (ht) splits.push(ht);
  else for (let h = 0; h <= home; h++) for (let a = 0; a <= away; a++) splits.push([h, a]);
  const unknownScorer = (team: 'h' | 'a', variant: number) =>
    variant === 0
      ? team === 'h'
        ? -1
        : -2
      : (teamPlayers[team][variant - 1]?.id ?? (team === 'h' ? -1 : -2));
  const scorerVariants = goals && goals.every((g) => g.playerId !== null) ? [0] : [0, 1, 2];
  const lists: FootballFacts['goals'][] = [];
  for (const [h1, a1] of splits)
    for (const sv of scorerVariants) {
      const withScorers = (list: GivenGoal[]) =>
        list.map((g) => ({ ...g, playerId: g.playerId ?? unknownScorer(g.team, sv) }));
      if (goals) {
        lists.push(withScorers(goals));
        continue;
      }
      for (const homeFirst of [true, false])
        for (const early of [true, false]) {
          const half = (nh: number, na: number, from: number, to: number) => {
            const teams: ('h' | 'a')[] = homeFirst
              ? [...Array<'h'>(nh).fill('h'), ...Array<'a'>(na).fill('a')]
              : [...Array<'a'>(na).fill('a'), ...Array<'h'>(nh).fill('h')];
            return teams.map((team, k) => ({
              team,
              minute: early ? from + k : to - (teams.length - 1 - k),
              playerId: null,
            }));
          };
          lists.push(withScorers([...half(h1, a1, 1, 45), ...half(home - h1, away - a1, 46, 90)]));
        }
    }
  return lists;
}

/** Each goal list × corner and card counts (never given: the low, a home-heavy and an away-heavy count). */
function footballReadings(lists: FootballFacts['goals'][], home: number, away: number): MatchFacts[] {
  const counts: Partial<FootballFacts>[] = [
    { ch: 0, ca: 0, ch1: 0, ca1: 0, yh: 0, ya: 0, rh: 0, ra: 0 },
    { ch: 20, ca: 1, ch1: 10, ca1: 0, yh: 9, ya: 0, rh: 2, ra: 0 },
    { ch: 1, ca: 20, ch1: 0, ca1: 10, yh: 0, ya: 9, rh: 0, ra: 2 },
  ];
  const readings: MatchFacts[] = [];
  for (const list of lists)
    for (const c of counts) {
      const h1 = list.filter((g) => g.team === 'h' && g.minute <= 45).length;
      const a1 = list.filter((g) => g.team === 'a' && g.minute <= 45).length;
      readings.push({
        kind: 'football',
        football: { ...emptyFacts(), ...c, h1, a1, h2: home - h1, a2: away - a1, goals: list },
      });
    }
  return readings;
}

function planPeriod(sportId: number, input: ResultInput): ResultPlan {
  const profile = PERIOD_SPORTS[sportId];
  if (!profile) return fail('event', `sport ${sportId} has no result model`);
  if (input.htHome !== undefined || input.htAway !== undefined || input.goals)
    return fail(
      input.goals ? 'goals' : 'htHome',
      'half-time scores and goals are for football; give periods',
    );
  if (input.periods) {
    const periods = input.periods.map((p, i) => {
      if (!isCount(p.home))
        return fail(`periods.${i}.home`, 'a period score must be a whole number, 0 or more');
      if (!isCount(p.away))
        return fail(`periods.${i}.away`, 'a period score must be a whole number, 0 or more');
      return [p.home, p.away] as [number, number];
    });
    const facts: PeriodFacts = { periods };
    checkPeriods(profile, facts);
    const shown = profile.kind === 'sets' ? setsWon(profile, facts) : totals(facts);
    if (input.home !== undefined && input.home !== shown[0])
      return fail('home', `home must be ${shown[0]} for these periods (or left out)`);
    if (input.away !== undefined && input.away !== shown[1])
      return fail('away', `away must be ${shown[1]} for these periods (or left out)`);
    const reading: MatchFacts = { kind: 'period', period: facts };
    return { readings: [reading], final: reading, periodsKnown: true };
  }
  const { home, away } = input;
  if (!isCount(home)) return fail('home', 'home must be a whole number, 0 or more (or give periods)');
  if (!isCount(away)) return fail('away', 'away must be a whole number, 0 or more (or give periods)');
  const readings = (profile.kind === 'sets' ? setReadings : pointReadings)(profile, home, away).map(
    (f): MatchFacts => ({ kind: 'period', period: f }),
  );
  return { readings, final: readings[0]!, periodsKnown: false };
}

/** Period scores that a match of the sport can end with: every set finished, nothing after the end. */
function checkPeriods(profile: PeriodSportProfile, facts: PeriodFacts): void {
  const n = facts.periods.length;
  if (profile.kind === 'sets') {
    const toWin = profile.setsToWin ?? 2;
    facts.periods.forEach((p, i) => {
      if (!setScoreValid(profile, i, p, true))
        fail(
          `periods.${i}`,
          `${p.join(':')} is not a finished set (to ${setTargetOf(profile, i)}, lead of 2)`,
        );
      if (i < n - 1 && matchDecided(profile, { periods: facts.periods.slice(0, i + 1) }, i + 1))
        fail(`periods.${i + 1}`, 'the match was already won: no set after it');
    });
    if (!matchDecided(profile, facts, n)) fail('periods', `a side must win ${toWin} sets`);
    return;
  }
  if (n < profile.periods) fail('periods', `give all ${profile.periods} periods`);
  for (let i = profile.periods; i <= n; i++) {
    const [h, a] = totals({ periods: facts.periods.slice(0, i) });
    const decided = !profile.overtimeSeconds || h !== a;
    if (i < n && decided)
      fail(
        `periods.${i}`,
        profile.overtimeSeconds ? 'no overtime after a decided match' : 'too many periods',
      );
    if (i === n && !decided) fail('periods', 'this sport cannot end level: add the overtime periods');
  }
}

/** Set sports known only by sets won: every order of the sets, each played short (6:0, 25:0) or long. */
function setReadings(profile: PeriodSportProfile, home: number, away: number): PeriodFacts[] {
  const toWin = profile.setsToWin ?? 2;
  if (Math.max(home, away) !== toWin || Math.min(home, away) >= toWin)
    fail('home', `a set result needs one side on ${toWin} sets and the other below`);
  const winner = home > away ? 0 : 1;
  const n = home + away;
  const orders: (0 | 1)[][] = [];
  const build = (prefix: (0 | 1)[], h: number, a: number) => {
    if (prefix.length === n - 1) {
      if (h + (winner === 0 ? 1 : 0) === home && a + (winner === 1 ? 1 : 0) === away)
        orders.push([...prefix, winner as 0 | 1]);
      return;
    }
    if (h < home - (winner === 0 ? 1 : 0)) build([...prefix, 0], h + 1, a);
    if (a < away - (winner === 1 ? 1 : 0)) build([...prefix, 1], h, a + 1);
  };
  build([], 0, 0);
  const out: PeriodFacts[] = [];
  for (const order of orders)
    for (const long of [false, true]) {
      const periods = order.map((w, i): [number, number] => {
        const t = setTargetOf(profile, i);
        const [x, y] = profile.games ? (long ? [t + 1, t] : [t, 0]) : long ? [t + 13, t + 11] : [t, 0];
        return w === 0 ? [x, y] : [y, x];
      });
      periods.forEach((p, i) => {
        if (!setComplete(profile, i, p)) throw new Error('set reading is not a finished set');
      });
      out.push({ periods });
    }
  return out;
}

/** Points sports known only by the final: the points all in the first or all in the last period, per side. */
function pointReadings(profile: PeriodSportProfile, home: number, away: number): PeriodFacts[] {
  if (profile.overtimeSeconds && home === away) fail('away', 'this sport cannot end level');
  const n = profile.periods;
  const out: PeriodFacts[] = [];
  for (const hAt of [0, n - 1])
    for (const aAt of [0, n - 1])
      out.push({
        periods: Array.from({ length: n }, (_, i): [number, number] => [
          i === hAt ? home : 0,
          i === aAt ? away : 0,
        ]),
      });
  return out;
}

export interface ResolvedResults {
  results: MarketResult[];
  /** Market positions (the event's spec order) settled from the input, and voided for want of it. */
  settled: number[];
  voided: number[];
}

/**
 * Each market's results: settled when every reading of the operator's input gives the same results, else
 * void (never decided on invented facts). `kept` are results already recorded in play (certain when they
 * were recorded): an undecidable market keeps them when one reading of the input agrees with them.
 */
export function resolveResults(
  event: PricingEvent,
  plan: ResultPlan,
  kept: Map<number, Record<string, string>> = new Map(),
): ResolvedResults {
  const all = plan.readings.map((r) => settleEvent(event, r));
  const first = all[0]!;
  const settled: number[] = [];
  const voided: number[] = [];
  const same = (x: Record<string, string>, y: Record<string, string>) =>
    Object.keys(x).every((k) => x[k] === y[k]) && Object.keys(y).length === Object.keys(x).length;
  const results = first.map((market, i): MarketResult => {
    if (all.every((r) => same(r[i]!.results, market.results))) {
      settled.push(i);
      return market;
    }
    const before = kept.get(i);
    if (before && all.some((r) => same(r[i]!.results, before))) {
      settled.push(i);
      return { ...market, results: before as Record<string, Result> };
    }
    voided.push(i);
    return { ...market, results: Object.fromEntries(Object.keys(market.results).map((k) => [k, 'void'])) };
  });
  return { results, settled, voided };
}
