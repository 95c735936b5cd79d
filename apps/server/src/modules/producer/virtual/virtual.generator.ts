import type { VirtualStandingRow } from '@sb/contract';
import {
  type CompetitionRow,
  createRng,
  hashSeed,
  makeTeam,
  type Reference,
  type RegionRow,
  type Rng,
  type TeamRow,
  VIRTUAL_FOOTBALL,
} from '../../sports/index';

/** The virtual leagues: ids, names and sizes (16–20 teams each). Ids are stable: events refer to them. */
export const VIRTUAL_LEAGUES = [
  { id: 9001, en: 'Virtual Premier League', tr: 'Sanal Premier Lig', teams: 16 },
  { id: 9002, en: 'Virtual Super League', tr: 'Sanal Süper Lig', teams: 18 },
] as const;
export type VirtualLeague = (typeof VIRTUAL_LEAGUES)[number];

export const VIRTUAL_REGION_ID = 900;
/** Team ids: 900 000 + league index × 100 + n (catalogue teams are 100 000 + n). */
const TEAM_BASE = 900_000;
/**
 * Event ids of virtual matches: 900 000 000 + round × 32 + slot, slot = league index × 10 + match. Catalogue
 * events are day × 10 000 + k (below 900 000 000 until the year 2216); `sub` = 1 000 000 000 + id stays an int4.
 */
export const VIRTUAL_EVENT_BASE = 900_000_000;
const ROUND_STRIDE = 32;

export const virtualEventId = (roundId: number, leagueIndex: number, match: number) =>
  VIRTUAL_EVENT_BASE + roundId * ROUND_STRIDE + leagueIndex * 10 + match;
export const roundOfEvent = (eventId: number) => Math.floor((eventId - VIRTUAL_EVENT_BASE) / ROUND_STRIDE);
export const isVirtualEventId = (eventId: number) => eventId >= VIRTUAL_EVENT_BASE && eventId < 1_100_000_000;

/** Matchdays of a double round robin: every team meets every other at home and away. */
export const matchdaysOf = (teams: number) => 2 * (teams - 1);

/**
 * Where a round falls in a league's calendar: rounds are numbered 1, 2, … across every league, and each league
 * runs its own seasons of `matchdaysOf(teams)` matchdays back to back.
 */
export function seasonOf(league: VirtualLeague, roundId: number): { season: number; matchday: number } {
  const days = matchdaysOf(league.teams);
  return { season: Math.floor((roundId - 1) / days) + 1, matchday: ((roundId - 1) % days) + 1 };
}

/** The first and last round of a league's season. */
export function seasonRounds(league: VirtualLeague, season: number): { first: number; last: number } {
  const days = matchdaysOf(league.teams);
  return { first: (season - 1) * days + 1, last: season * days };
}

/** The virtual sport, its region, the leagues and their teams: the same for a seed (stored like the catalogue's). */
export function generateVirtualReference(seed: number): Reference {
  const rng = createRng(hashSeed(seed, 'virtual'));
  const region: RegionRow = {
    id: VIRTUAL_REGION_ID,
    alias: 'virtual',
    nameEn: 'Virtual',
    nameTr: 'Sanal',
    countryCode: '',
    flag: '🎮',
    order: 900,
  };
  const competitions: CompetitionRow[] = [];
  const teams: TeamRow[] = [];
  VIRTUAL_LEAGUES.forEach((league, index) => {
    competitions.push({
      id: league.id,
      sportId: VIRTUAL_FOOTBALL,
      regionId: VIRTUAL_REGION_ID,
      alias: league.en.toLowerCase().replace(/\s+/g, '-'),
      nameEn: league.en,
      nameTr: league.tr,
      order: index + 1,
      popular: false,
    });
    const names = new Set<string>();
    for (let n = 0; teams.filter((t) => t.competitionId === league.id).length < league.teams; n++) {
      const team = makeTeam(rng, TEAM_BASE + index * 100 + names.size, VIRTUAL_FOOTBALL, league.id, 14);
      // Names are unique within a league (the standings table is read by name).
      if (names.has(team.name) || n > 1000) continue;
      names.add(team.name);
      teams.push(team);
    }
  });
  return {
    sports: [
      {
        id: VIRTUAL_FOOTBALL,
        alias: 'virtual-football',
        nameEn: 'Virtual Football',
        nameTr: 'Sanal Futbol',
        order: 900,
      },
    ],
    regions: [region],
    competitions,
    teams,
  };
}

/**
 * The pairings of a matchday (home, away), by the circle method over the season's team order: the first half of
 * the season meets everyone once, the second half repeats it with home and away swapped. The order is shuffled per
 * league and season (seeded), so seasons differ but every instance computes the same calendar.
 */
export function matchdayPairings(
  seed: number,
  leagueId: number,
  teamIds: readonly number[],
  season: number,
  matchday: number,
): [number, number][] {
  const order = shuffled(
    createRng(hashSeed(seed, 'virtual-season', leagueId, season)),
    [...teamIds].sort((a, b) => a - b),
  );
  const n = order.length;
  const half = n - 1;
  const day = (matchday - 1) % half;
  const second = matchday - 1 >= half;
  const fixed = order[n - 1] as number;
  const rotating = order.slice(0, n - 1);
  const at = (i: number) => rotating[(i + day) % (n - 1)] as number;
  const pairs: [number, number][] = [];
  // The fixed team alternates home and away from one matchday to the next.
  pairs.push(day % 2 === 0 ? [at(0), fixed] : [fixed, at(0)]);
  for (let k = 1; k < n / 2; k++) {
    const a = at(k);
    const b = at(n - 1 - k);
    pairs.push(k % 2 === 0 ? [a, b] : [b, a]);
  }
  return second ? pairs.map(([h, a]) => [a, h]) : pairs;
}

function shuffled<T>(rng: Rng, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

/**
 * The table from finished matches: 3 points a win, 1 a draw; ordered by points, then goal difference, then goals
 * scored, then name (so equal teams have a stable order everyone agrees on).
 */
export function standingsOf(
  teams: readonly { id: number; name: string }[],
  results: readonly { homeTeamId: number; awayTeamId: number; home: number; away: number }[],
): VirtualStandingRow[] {
  const rows = new Map<number, VirtualStandingRow>(
    teams.map((t) => [
      t.id,
      {
        position: 0,
        teamId: t.id,
        name: t.name,
        played: 0,
        won: 0,
        drawn: 0,
        lost: 0,
        goalsFor: 0,
        goalsAgainst: 0,
        goalDifference: 0,
        points: 0,
      },
    ]),
  );
  const add = (id: number, scored: number, conceded: number) => {
    const row = rows.get(id);
    if (!row) return;
    row.played++;
    row.goalsFor += scored;
    row.goalsAgainst += conceded;
    row.goalDifference = row.goalsFor - row.goalsAgainst;
    if (scored > conceded) row.won++;
    else if (scored === conceded) row.drawn++;
    else row.lost++;
    row.points = row.won * 3 + row.drawn;
  };
  for (const r of results) {
    add(r.homeTeamId, r.home, r.away);
    add(r.awayTeamId, r.away, r.home);
  }
  return [...rows.values()]
    .sort(
      (a, b) =>
        b.points - a.points ||
        b.goalDifference - a.goalDifference ||
        b.goalsFor - a.goalsFor ||
        a.name.localeCompare(b.name, 'en'),
    )
    .map((row, i) => ({ ...row, position: i + 1 }));
}
