import type { competitions, events, regions, sports, teams } from '../sports.tables';
import { PERIOD_SPORTS } from '../pricing/period.markets';
import { createRng, hashSeed, pick, type Rng } from '../pricing/random';
import {
  CREST_COLOURS,
  FIRST_NAMES,
  LAST_NAMES,
  REGIONS,
  SPORTS,
  TEAM_PREFIXES,
  TOWN_END,
  TOWN_START,
  flagOf,
} from './catalogue.data';

export type SportRow = typeof sports.$inferInsert;
export type RegionRow = typeof regions.$inferInsert;
export type CompetitionRow = typeof competitions.$inferInsert;
export type TeamRow = typeof teams.$inferInsert;
export type EventRow = typeof events.$inferInsert;

export interface Reference {
  sports: SportRow[];
  regions: RegionRow[];
  competitions: CompetitionRow[];
  teams: TeamRow[];
}

export const DAY_MS = 86_400_000;
/** Events per day at scale 1: enough that 20+ are live at any moment (spacing × duration). */
export const EVENTS_PER_DAY = 400;
const POPULAR_REGIONS = ['TR', 'GB', 'ES', 'DE', 'IT', 'FR'];

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Sports, regions, competitions and teams (with strengths, crests and players), the same for a seed. */
export function generateReference(seed: number): Reference {
  const rng = createRng(hashSeed(seed, 'reference'));
  const regionRows: RegionRow[] = REGIONS.map(([code, en, tr], i) => ({
    id: i + 1,
    alias: slug(en),
    nameEn: en,
    nameTr: tr,
    countryCode: code,
    flag: flagOf(code),
    order: i + 1,
  }));
  const competitionRows: CompetitionRow[] = [];
  const teamRows: TeamRow[] = [];
  for (const sport of SPORTS) {
    for (let c = 0; c < sport.competitions; c++) {
      const region = regionRows[c % regionRows.length] as RegionRow;
      const [word, wordTr] =
        sport.leagueWords[Math.floor(c / regionRows.length) % sport.leagueWords.length] ??
        sport.leagueWords[0]!;
      const id = 1000 + competitionRows.length;
      competitionRows.push({
        id,
        sportId: sport.id,
        regionId: region.id,
        alias: slug(`${region.nameEn} ${word}`),
        nameEn: `${region.nameEn} ${word}`,
        nameTr: `${region.nameTr} ${wordTr}`,
        order: c + 1,
        popular: c < 12 ? POPULAR_REGIONS.includes(region.countryCode) || (sport.id !== 1 && c < 2) : false,
      });
      const squad: TeamRow[] = [];
      for (let k = 0; k < sport.teamsPerCompetition; k++)
        squad.push(makeTeam(rng, 100_000 + teamRows.length + k, sport.id, id, sport.playersPerTeam));
      if (sport.playersPerTeam > 1) distinctNames(squad);
      teamRows.push(...squad);
    }
  }
  const sportRows: SportRow[] = SPORTS.map((s, i) => ({
    id: s.id,
    alias: s.alias,
    nameEn: s.en,
    nameTr: s.tr,
    order: i + 1,
  }));
  return { sports: sportRows, regions: regionRows, competitions: competitionRows, teams: teamRows };
}

/** Whether two team names would be mistaken for each other: the same, or one inside the other ("Kaspolis", "Racing Kaspolis"). */
function namesClash(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x.includes(y) || y.includes(x);
}

/**
 * Sides of one competition get names a player tells apart (a match "Monpolis – Monpolis" was possible, and a
 * search or a page showing "Kaspolis" also showed "Racing Kaspolis"). A clashing team keeps its prefix and takes
 * a town made from its id: nothing is drawn from the generator, so every other row stays as it was for the seed.
 */
function distinctNames(squad: TeamRow[]): void {
  for (let k = 1; k < squad.length; k++) {
    const team = squad[k]!;
    const earlier = squad.slice(0, k).map((t) => t.name);
    const prefix = team.name.includes(' ') ? team.name.slice(0, team.name.lastIndexOf(' ') + 1) : '';
    for (let n = team.id; earlier.some((name) => namesClash(name, team.name)); n++) {
      const town = `${TOWN_START[n % TOWN_START.length]}${TOWN_END[Math.floor(n / TOWN_START.length) % TOWN_END.length]}`;
      team.name = prefix + town;
    }
  }
}

function personName(rng: Rng): string {
  return `${pick(rng, FIRST_NAMES)} ${pick(rng, LAST_NAMES)}`;
}

export function makeTeam(
  rng: Rng,
  id: number,
  sportId: number,
  competitionId: number,
  playerCount: number,
): TeamRow {
  const individual = playerCount === 1;
  const town = `${pick(rng, TOWN_START)}${pick(rng, TOWN_END)}`;
  const name = individual ? personName(rng) : rng.next() < 0.5 ? `${pick(rng, TEAM_PREFIXES)} ${town}` : town;
  // Strength skews towards average with a few strong sides: 0.6–1.6.
  const strength = Math.round((0.6 + Math.pow(rng.next(), 1.4)) * 1000) / 1000;
  const weights = Array.from(
    { length: playerCount },
    (_, i) => (i < 3 ? 3 : i < 7 ? 1.5 : 0.5) * (0.5 + rng.next()),
  );
  const total = weights.reduce((s, w) => s + w, 0);
  const players = weights.map((w, i) => ({
    id: id * 100 + i,
    name: individual ? name : personName(rng),
    share: Math.round((w / total) * 10_000) / 10_000,
  }));
  return {
    id,
    sportId,
    competitionId,
    name,
    strength,
    crest: {
      primary: pick(rng, CREST_COLOURS),
      secondary: pick(rng, CREST_COLOURS),
      shape: Math.floor(rng.next() * 3),
    },
    players,
  };
}

/** How long a match of the sport lasts in real time at speed 1 (regulation, breaks and typical added time). */
export function expectedDurationMs(sportId: number): number {
  if (sportId === 1) return (90 + 15 + 5) * 60_000;
  const p = PERIOD_SPORTS[sportId];
  if (!p) return 120 * 60_000;
  const periods = p.kind === 'sets' ? (p.setsToWin ?? 2) * 2 - 1 : p.periods;
  return (periods * p.periodSeconds + (periods - 1) * p.breakSeconds) * 1000;
}

export const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

/**
 * The events of one UTC day, the same for a seed, day and scale. Start times are spread evenly over
 * the day. Events that would already have finished at `now` are left out (nothing to show or simulate).
 */
export function generateDay(
  seed: number,
  day: number,
  scale: number,
  ref: Reference,
  now: number,
): EventRow[] {
  const rng = createRng(hashSeed(seed, 'day', day));
  const count = Math.max(4, Math.round(EVENTS_PER_DAY * scale));
  const spacing = DAY_MS / count;
  const bySport = new Map<number, CompetitionRow[]>();
  for (const c of ref.competitions) bySport.set(c.sportId, [...(bySport.get(c.sportId) ?? []), c]);
  const teamsByCompetition = new Map<number, TeamRow[]>();
  for (const t of ref.teams)
    teamsByCompetition.set(t.competitionId, [...(teamsByCompetition.get(t.competitionId) ?? []), t]);
  const rows: EventRow[] = [];
  for (let k = 0; k < count; k++) {
    const sport = weightedSport(rng);
    const competition = pick(rng, bySport.get(sport) ?? []);
    const squad = teamsByCompetition.get(competition.id) ?? [];
    const home = pick(rng, squad);
    let away = pick(rng, squad);
    while (away.id === home.id) away = pick(rng, squad);
    const start = day * DAY_MS + Math.floor((k * spacing + rng.next() * spacing * 0.5) / 300_000) * 300_000;
    const id = day * 10_000 + k;
    const extras = {
      highlighted: rng.next() < (competition.popular ? 0.25 : 0.05),
      stream: rng.next() < 0.15,
      rid: rng.next() < 0.5,
      p5: rng.next() < 0.3,
    };
    if (start + expectedDurationMs(sport) < now) continue;
    rows.push({
      id,
      sub: 1_000_000_000 + id,
      rid: extras.rid ? 300_000_000 + id : null,
      extendedId: `sim:match:${id}`,
      providerId: extras.p5 ? 5 : 2,
      sportId: sport,
      regionId: competition.regionId,
      competitionId: competition.id,
      homeTeamId: home.id,
      awayTeamId: away.id,
      startAt: new Date(start),
      createdAt: new Date(now),
      updatedAt: new Date(now),
      highlighted: extras.highlighted,
      streamEmbed: extras.stream ? `/widgets/tracker/${id}?view=stream` : null,
      data: { score: { home: 0, away: 0 }, stats: [], incidents: [] },
      ts: now,
    });
  }
  return rows;
}

function weightedSport(rng: Rng): number {
  let r = rng.next();
  for (const s of SPORTS) {
    r -= s.weight;
    if (r <= 0) return s.id;
  }
  return SPORTS[0]?.id ?? 1;
}
