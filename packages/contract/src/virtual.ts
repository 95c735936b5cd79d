import { z } from 'zod';
import { scoreSchema } from './feed';

// Virtual football: leagues of generated teams, a round of matches every few minutes. The matches are
// ordinary events of the virtual sport (fixture/full?sport=<sportId> lists them with their odds); these calls add
// the rounds, results and standings. Bad input: 400 naming the field.

const locale = { locale: z.enum(['en', 'tr']).optional(), _locale: z.enum(['en', 'tr']).optional() };
const leagueId = z.coerce.number().int().min(1).max(2_147_483_647);

/** GET {core}/api/v1/virtual/leagues */
export const virtualLeaguesQuerySchema = z.object({ ...locale });

export const virtualLeagueSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  teams: z.number().int(),
  /** The season and matchday of the latest round that kicked off (1/0 before the first). */
  season: z.number().int(),
  matchday: z.number().int(),
});
export type VirtualLeague = z.infer<typeof virtualLeagueSchema>;

export const virtualLeaguesResponseSchema = z.object({
  result: z.object({
    /** The virtual sport's id (alias `virtual-football`). */
    sportId: z.number().int(),
    /** A round kicks off every this many seconds; each match is played in about `matchSeconds`. */
    roundSeconds: z.number().int(),
    matchSeconds: z.number().int(),
    leagues: z.array(virtualLeagueSchema),
  }),
});
export type VirtualLeaguesResponse = z.infer<typeof virtualLeaguesResponseSchema>;

/** GET {core}/api/v1/virtual/rounds?league=ID&status=scheduled|live|ended&limit=N */
export const virtualRoundsQuerySchema = z.object({
  league: leagueId,
  status: z.enum(['scheduled', 'live', 'ended']).default('ended'),
  limit: z.coerce.number().int().min(1).max(20).default(3),
  ...locale,
});
export type VirtualRoundsQuery = z.infer<typeof virtualRoundsQuerySchema>;

export const virtualMatchSchema = z.object({
  eventId: z.number().int(),
  home: z.object({ id: z.number().int(), name: z.string() }),
  away: z.object({ id: z.number().int(), name: z.string() }),
  /** not_started | live | ended */
  status: z.string(),
  /** The phase label (first_half, half_time, second_half, ended, …) and the match minute. */
  phase: z.string(),
  minute: z.number().int(),
  score: scoreSchema,
});
export type VirtualMatch = z.infer<typeof virtualMatchSchema>;

export const virtualRoundSchema = z.object({
  id: z.number().int(),
  /** ISO kick-off time: betting on the round's matches closes then. */
  kickoffAt: z.string(),
  season: z.number().int(),
  matchday: z.number().int(),
  status: z.enum(['scheduled', 'live', 'ended']),
  matches: z.array(virtualMatchSchema),
});
export type VirtualRound = z.infer<typeof virtualRoundSchema>;

export const virtualRoundsResponseSchema = z.object({ result: z.array(virtualRoundSchema) });
export type VirtualRoundsResponse = z.infer<typeof virtualRoundsResponseSchema>;

/** GET {core}/api/v1/virtual/standings?league=ID[&season=N] (default: the current season) */
export const virtualStandingsQuerySchema = z.object({
  league: leagueId,
  season: z.coerce.number().int().min(1).max(1_000_000).optional(),
  ...locale,
});

export const virtualStandingRowSchema = z.object({
  position: z.number().int(),
  teamId: z.number().int(),
  name: z.string(),
  played: z.number().int(),
  won: z.number().int(),
  drawn: z.number().int(),
  lost: z.number().int(),
  goalsFor: z.number().int(),
  goalsAgainst: z.number().int(),
  goalDifference: z.number().int(),
  points: z.number().int(),
});
export type VirtualStandingRow = z.infer<typeof virtualStandingRowSchema>;

export const virtualStandingsResponseSchema = z.object({
  result: z.object({
    leagueId: z.number().int(),
    season: z.number().int(),
    rows: z.array(virtualStandingRowSchema),
  }),
});
export type VirtualStandingsResponse = z.infer<typeof virtualStandingsResponseSchema>;
