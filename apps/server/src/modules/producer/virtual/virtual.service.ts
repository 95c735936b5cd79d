import type { Locale, VirtualLeaguesResponse, VirtualRound, VirtualStandingsResponse } from '@sb/contract';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../plugins/bus';
import {
  type CatalogueService,
  type EventRecord,
  type EventRow,
  type SportsIngest,
  VIRTUAL_FOOTBALL,
  type VirtualRepository,
  type VirtualRoundRecord,
} from '../../sports/index';
import type { Simulator } from '../simulator/simulator.service';
import {
  VIRTUAL_LEAGUES,
  VIRTUAL_REGION_ID,
  generateVirtualReference,
  matchdayPairings,
  seasonOf,
  seasonRounds,
  standingsOf,
  virtualEventId,
  type VirtualLeague,
} from './virtual.generator';

/** Simulated seconds of a football match: two halves, the 15-minute break and typical added time. */
const MATCH_SIM_SECONDS = (90 + 15 + 4) * 60;
/** Finished virtual matches (and their markets) are kept this long, then deleted: a round every 3 minutes adds up. */
export const VIRTUAL_RETENTION_MS = 24 * 3_600_000;
const PURGE_EVERY_MS = 10 * 60_000;

export interface VirtualOptions {
  seed: number;
  /** A round kicks off every this many ms (VIRTUAL_ROUND_SECONDS). */
  roundMs: number;
  /** Real time a match takes (VIRTUAL_MATCH_SECONDS): its speed factor is set from it. */
  matchMs: number;
}

export class VirtualInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Virtual football: the generated leagues (stored like the catalogue), the round scheduler the simulator leader runs
 * each tick, the operator's "start the next round now" and "finish the rounds in play", and the reads of rounds,
 * results and standings. The matches themselves are events that the simulator plays and settlement settles.
 */
export function createVirtualService(deps: {
  repo: VirtualRepository;
  ingest: Pick<SportsIngest, 'insertReference'>;
  catalogue: CatalogueService;
  simulator: Simulator;
  bus: EventBus;
  clock: Clock;
  options: VirtualOptions;
  log?: (msg: string, err?: unknown) => void;
}) {
  const { repo, clock, options } = deps;
  const speed = Math.round((MATCH_SIM_SECONDS / (options.matchMs / 1000)) * 100) / 100;
  let lastPurge = -Infinity;

  const leagueById = (id: number): VirtualLeague | undefined => VIRTUAL_LEAGUES.find((l) => l.id === id);

  async function teamsOf(leagueId: number) {
    const ref = await deps.catalogue.reference();
    return [...ref.teams.values()]
      .filter((t) => t.competitionId === leagueId)
      .sort((a, b) => a.id - b.id)
      .map((t) => ({ id: t.id, name: t.name }));
  }

  /** The matches of a round in every league: deterministic from the round's number. */
  async function roundRows(roundId: number, kickoffAt: Date): Promise<EventRow[]> {
    const now = clock.now();
    const rows: EventRow[] = [];
    for (const [index, league] of VIRTUAL_LEAGUES.entries()) {
      const teams = (await teamsOf(league.id)).map((t) => t.id);
      const { season, matchday } = seasonOf(league, roundId);
      matchdayPairings(options.seed, league.id, teams, season, matchday).forEach(([home, away], match) => {
        const id = virtualEventId(roundId, index, match);
        rows.push({
          id,
          sub: 1_000_000_000 + id,
          rid: null,
          extendedId: `virtual:${roundId}:${index}:${match}`,
          providerId: 2,
          sportId: VIRTUAL_FOOTBALL,
          regionId: VIRTUAL_REGION_ID,
          competitionId: league.id,
          homeTeamId: home,
          awayTeamId: away,
          startAt: kickoffAt,
          createdAt: new Date(now),
          updatedAt: new Date(now),
          speed,
          data: { score: { home: 0, away: 0 }, stats: [], incidents: [] },
          ts: now,
        });
      });
    }
    return rows;
  }

  /** Creates round `id` kicking off at `kickoffAt`, prices its matches and tells every instance's read model. */
  async function createRound(id: number, kickoffAt: Date): Promise<number[]> {
    const rows = await roundRows(id, kickoffAt);
    const round: VirtualRoundRecord = { id, kickoffAt, createdAt: new Date(clock.now()) };
    if (!(await repo.insertRound(round, rows))) return [];
    const ids = rows.map((r) => r.id as number);
    await deps.catalogue.ensureMarketsFor(ids);
    return ids;
  }

  /** When the round after the latest one kicks off: one period after it, or one period from now after a gap. */
  function nextKickoff(latest: VirtualRoundRecord | undefined): Date {
    const now = clock.now();
    const after = latest ? latest.kickoffAt.getTime() + options.roundMs : 0;
    return new Date(after > now ? after : now + options.roundMs);
  }

  const eventIdsOf = (roundId: number) =>
    VIRTUAL_LEAGUES.flatMap((league, index) =>
      Array.from({ length: league.teams / 2 }, (_, match) => virtualEventId(roundId, index, match)),
    );

  async function refresh(ids: number[]): Promise<void> {
    if (ids.length > 0) await deps.bus.publish('fixture.refresh', { eventIds: ids });
  }

  function roundStatus(events: EventRecord[], round: VirtualRoundRecord): VirtualRound['status'] {
    if (round.kickoffAt.getTime() > clock.now() && events.every((e) => e.status === 'not_started'))
      return 'scheduled';
    return events.every((e) => e.status === 'ended') ? 'ended' : 'live';
  }

  async function roundView(round: VirtualRoundRecord, league: VirtualLeague): Promise<VirtualRound> {
    const ids = eventIdsOf(round.id);
    const list = await repo.eventsBetween(Math.min(...ids), Math.max(...ids), league.id);
    const ref = await deps.catalogue.reference();
    const team = (id: number) => ({ id, name: ref.teams.get(id)?.name ?? '' });
    const { season, matchday } = seasonOf(league, round.id);
    return {
      id: round.id,
      kickoffAt: round.kickoffAt.toISOString(),
      season,
      matchday,
      status: roundStatus(list, round),
      matches: list.map((e) => ({
        eventId: e.id,
        home: team(e.homeTeamId),
        away: team(e.awayTeamId),
        status: e.status,
        phase: e.phase,
        minute: e.periodTime,
        score: e.data.score,
      })),
    };
  }

  function leagueOrThrow(id: number): VirtualLeague {
    const league = leagueById(id);
    if (!league) throw new VirtualInputError('league', `no virtual league ${id}`);
    return league;
  }

  return {
    sportId: VIRTUAL_FOOTBALL,
    /** Stores the virtual sport, region, leagues and teams (idempotent; every instance may run it at start). */
    async ensureReference(): Promise<void> {
      await deps.ingest.insertReference(generateVirtualReference(options.seed));
    },

    /** The leader's pass (each simulator tick): a round is always scheduled ahead; old matches are purged. */
    async tick(): Promise<void> {
      const now = clock.now();
      if (!(await repo.nextScheduled(new Date(now)))) {
        const latest = await repo.latestRound();
        await refresh(await createRound((latest?.id ?? 0) + 1, nextKickoff(latest)));
      }
      if (now - lastPurge >= PURGE_EVERY_MS) {
        lastPurge = now;
        const latest = await repo.latestRound();
        if (latest) await repo.purge(new Date(now - VIRTUAL_RETENTION_MS), latest.id);
      }
    },

    /**
     * Operator: kick the next round off now (created first if none is scheduled) and schedule the one after it a
     * period later. Returns the events it touched (their rows reload everywhere).
     */
    async startNextRound(): Promise<number[]> {
      const now = new Date(clock.now());
      let next = await repo.nextScheduled(now);
      const touched: number[] = [];
      if (!next) {
        const latest = await repo.latestRound();
        touched.push(...(await createRound((latest?.id ?? 0) + 1, now)));
        next = await repo.latestRound();
      }
      if (!next) throw new Error('no virtual round to start');
      await repo.moveKickoff(next.id, eventIdsOf(next.id), now);
      touched.push(...eventIdsOf(next.id));
      touched.push(...(await createRound(next.id + 1, new Date(now.getTime() + options.roundMs))));
      return [...new Set(touched)];
    },

    /** Operator: plays every virtual match that has kicked off to its end at once (settled as usual). */
    async finishInPlay(): Promise<number[]> {
      const list = await repo.inPlay(new Date(clock.now()));
      if (list.length === 0) throw new Error('no virtual round in play');
      for (const event of list) await deps.simulator.finish(event.id);
      return list.map((e) => e.id);
    },

    async leagues(locale: Locale): Promise<VirtualLeaguesResponse['result']> {
      const [latest] = await repo.startedRounds(new Date(clock.now()), 1);
      return {
        sportId: VIRTUAL_FOOTBALL,
        roundSeconds: Math.round(options.roundMs / 1000),
        matchSeconds: Math.round(options.matchMs / 1000),
        leagues: VIRTUAL_LEAGUES.map((league) => ({
          id: league.id,
          name: locale === 'tr' ? league.tr : league.en,
          teams: league.teams,
          ...(latest ? seasonOf(league, latest.id) : { season: 1, matchday: 0 }),
        })),
      };
    },

    /** Rounds of a league by status: scheduled (soonest first), live, or ended (newest first). */
    async rounds(leagueId: number, status: VirtualRound['status'], limit: number): Promise<VirtualRound[]> {
      const league = leagueOrThrow(leagueId);
      const now = new Date(clock.now());
      if (status === 'scheduled') {
        const list = await repo.scheduledRounds(now, limit);
        return Promise.all(list.map((r) => roundView(r, league)));
      }
      if (status === 'ended') {
        const list = await repo.endedRounds(now, limit);
        return Promise.all(list.map((r) => roundView(r, league)));
      }
      const started = await Promise.all((await repo.startedRounds(now, 3)).map((r) => roundView(r, league)));
      return started.filter((r) => r.status === 'live').slice(0, limit);
    },

    /** A league's table for a season (default: the season of the latest round that kicked off). */
    async standings(leagueId: number, season?: number): Promise<VirtualStandingsResponse['result']> {
      const league = leagueOrThrow(leagueId);
      const [latest] = await repo.startedRounds(new Date(clock.now()), 1);
      const current = latest ? seasonOf(league, latest.id).season : 1;
      const chosen = season ?? current;
      if (chosen > current) throw new VirtualInputError('season', `season ${chosen} has not started`);
      const { first, last } = seasonRounds(league, chosen);
      const ids = [...eventIdsOf(first), ...eventIdsOf(last)];
      const results = await repo.endedBetween(league.id, Math.min(...ids), Math.max(...ids));
      const rows = standingsOf(
        await teamsOf(league.id),
        results.map((r) => ({
          homeTeamId: r.homeTeamId,
          awayTeamId: r.awayTeamId,
          home: r.data.score.home,
          away: r.data.score.away,
        })),
      );
      return { leagueId: league.id, season: chosen, rows };
    },
  };
}

export type VirtualService = ReturnType<typeof createVirtualService>;
