import type { CatalogueService } from './catalogue/catalogue.service';
import type { EventsService } from './events.service';
import type { SportsRepository } from './sports.repository';
import { footballRates } from './pricing/football.facts';
import { playsFootball } from './pricing/event-pricing';
import { PERIOD_SPORTS } from './pricing/period.markets';
import { periodRates, sampleFinal, setsWon, totals } from './pricing/period.model';
import { createRng, hashSeed, samplePoisson, type Rng } from './pricing/random';

const DAY_MS = 86_400_000;
type Score = { home: number; away: number };

/** A past score between two sides drawn from the same model that prices their match. */
function pastScore(rng: Rng, sportId: number, home: number, away: number): Score {
  if (playsFootball(sportId)) {
    const r = footballRates(home, away);
    return { home: samplePoisson(rng, r.goalsHome), away: samplePoisson(rng, r.goalsAway) };
  }
  const profile = PERIOD_SPORTS[sportId];
  if (!profile) return { home: 0, away: 0 };
  const facts = sampleFinal(
    profile,
    periodRates(profile, home, away),
    { period: -1, elapsed: 0, facts: { periods: [] }, ended: false },
    rng,
  );
  const [h, a] = profile.kind === 'sets' ? setsWon(profile, facts) : totals(facts);
  return { home: h, away: a };
}

/** Whether a sport's matches can end level: football, and period sports without sets or overtime. */
function canEndDrawn(sportId: number): boolean {
  if (playsFootball(sportId)) return true;
  const profile = PERIOD_SPORTS[sportId];
  return !!profile && profile.kind === 'points' && !profile.overtimeSeconds;
}

const formOf = (own: number, other: number): 'W' | 'D' | 'L' => (own > other ? 'W' : own < other ? 'L' : 'D');

/**
 * Head to head: finished meetings from the database first, then earlier meetings generated from the
 * model with a seed of the pair (the simulator has no history before the catalogue began).
 */
export function createH2hService(deps: {
  repo: SportsRepository;
  events: EventsService;
  catalogue: CatalogueService;
}) {
  return {
    async headToHead(matchId: number) {
      const event = await deps.events.eventRecord(matchId);
      const ref = await deps.catalogue.reference();
      const home = ref.teams.get(event.homeTeamId);
      const away = ref.teams.get(event.awayTeamId);
      if (!home || !away) throw new Error(`teams of event ${event.id} missing`);
      const played = await deps.repo.finishedBetween(home.id, away.id);
      const meetings = played.map((e) => ({
        date: e.startAt.toISOString(),
        homeName: ref.teams.get(e.homeTeamId)?.name ?? '',
        awayName: ref.teams.get(e.awayTeamId)?.name ?? '',
        score: e.data.score,
      }));
      const rng = createRng(hashSeed('h2h', Math.min(home.id, away.id), Math.max(home.id, away.id)));
      for (let k = meetings.length; k < 6; k++) {
        const swap = k % 2 === 1;
        const [h, a] = swap ? [away, home] : [home, away];
        const score = pastScore(rng, event.sportId, h.strength, a.strength);
        meetings.push({
          date: new Date(event.startAt.getTime() - (k + 1) * 97 * DAY_MS).toISOString(),
          homeName: h.name,
          awayName: a.name,
          score,
        });
      }
      const summary = { homeWins: 0, draws: 0, awayWins: 0 };
      for (const m of meetings) {
        const homeGoals = m.homeName === home.name ? m.score.home : m.score.away;
        const awayGoals = m.homeName === home.name ? m.score.away : m.score.home;
        if (homeGoals > awayGoals) summary.homeWins++;
        else if (homeGoals < awayGoals) summary.awayWins++;
        else summary.draws++;
      }
      const form = (strength: number) =>
        Array.from({ length: 5 }, () => {
          const s = pastScore(rng, event.sportId, strength, 1);
          return formOf(s.home, s.away);
        });
      return {
        matchId: event.id,
        home: { id: home.id, name: home.name, form: form(home.strength) },
        away: { id: away.id, name: away.name, form: form(away.strength) },
        meetings,
        summary: { ...summary, draws: canEndDrawn(event.sportId) ? summary.draws : null },
      };
    },
  };
}

export type H2hService = ReturnType<typeof createH2hService>;
