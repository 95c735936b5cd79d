import { z } from 'zod';
import { periodStatsSchema, scoreSchema } from './feed';

/** API shapes of the fixture calls (spec §3 Event, Market, Selection, count lists, search result; §7 calls). */
const named = {
  id: z.number().int(),
  name: z.string(),
  nameLn: z.object({ name: z.string() }),
  order: z.number().int(),
};

export const sportRefSchema = z.object({ ...named, sportId: z.number().int(), alias: z.string() });
export const regionRefSchema = z.object({
  ...named,
  alias: z.string(),
  flag: z.string(),
  countryCode: z.string(),
});
export const competitionRefSchema = z.object({ ...named, alias: z.string(), isPopular: z.boolean() });
export const competitorSchema = z.object({
  id: z.number().int(),
  eid: z.number().int(),
  name: z.string(),
  nameLn: z.object({ name: z.string() }),
  /** Generated crest (SVG) of the team. */
  logo: z.string(),
});

/** A selection (odd). `value` and `odd` are the decimal price; `maxStake` is in minor units (cents). */
export const selectionSchema = z.object({
  id: z.number().int(),
  oddId: z.number().int(),
  outcome: z.string(),
  name: z.string(),
  value: z.number(),
  odd: z.number(),
  order: z.number().int(),
  special: z.string(),
  sp: z.string(),
  isDisabled: z.boolean(),
  active: z.boolean(),
  isClosed: z.boolean(),
  closed: z.boolean(),
  market: z.number().int(),
  /** Market type id (definition id). */
  marketType: z.number().int(),
  markets: z.array(z.number().int()),
  bundle: z.string().nullable(),
  maxStake: z.number().int(),
  /** Recorded at the end of the match: 'win' | 'loss' | 'void', null while open. */
  result: z.string().nullable(),
  /**
   * An odds boost of the brand (issue 36) on this selection while it is on sale: the boosted decimal price, taken
   * with the boost's `bonusId` (`GET /api/v1/bonuses`); `odd` stays the normal price. Absent otherwise.
   */
  boostedOdd: z.number().optional(),
});
export type Selection = z.infer<typeof selectionSchema>;

export const eventMarketSchema = z.object({
  id: z.number().int(),
  t: z.number().int(),
  s: z.string(),
  a: z.record(z.string(), z.unknown()),
  seq: z.number().int(),
  disabled: z.boolean(),
  closed: z.boolean(),
  selections: z.array(selectionSchema),
});
export type EventMarket = z.infer<typeof eventMarketSchema>;

export const eventSchema = z.object({
  id: z.number().int(),
  sub: z.number().int(),
  rid: z.number().int().nullable(),
  radarId: z.number().int().nullable(),
  extendedId: z.string(),
  providerId: z.number().int(),
  sport: sportRefSchema,
  region: regionRefSchema,
  competition: competitionRefSchema,
  home: competitorSchema,
  away: competitorSchema,
  oneName: z.string(),
  twoName: z.string(),
  startedAt: z.string(),
  startDate: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isLive: z.boolean(),
  onLive: z.boolean(),
  isSuspended: z.boolean(),
  highlighted: z.boolean(),
  /** Minor units. */
  minBetLimit: z.number().int(),
  marketCount: z.number().int(),
  betCount: z.number().int(),
  status: z.string(),
  result: z.object({ name: z.string() }).nullable(),
  resultName: z.string().nullable(),
  stat: z.object({ score: scoreSchema, red: scoreSchema, yellow: scoreSchema, corner: scoreSchema }),
  data: z.object({ score: scoreSchema, stats: z.array(periodStatsSchema) }),
  periodTime: z.number().int(),
  periodTimeLeft: z.number().int(),
  periodCounter: z.number().int(),
  roundCounter: z.number().int(),
  /** Added minutes announced for the current half (football). */
  addedTime: z.number().int(),
  ts: z.number().int(),
  streamEmbed: z.string().nullable(),
  /**
   * Markets with their selections. The flat `odds` list of older clients is not sent (it repeated every
   * selection: half the body); clients flatten `markets[].selections`. The slip's `banker`/`checked` flags are
   * the client's own, so selections do not carry them either.
   */
  markets: z.array(eventMarketSchema),
});
export type FixtureEvent = z.infer<typeof eventSchema>;

export const fixtureListResponseSchema = z.object({
  result: z.array(eventSchema),
  pagination: z.object({ page: z.number().int(), perPage: z.number().int(), totalCount: z.number().int() }),
});

export const fixtureEventResponseSchema = z.object({ result: eventSchema, error: z.boolean() });
export type FixtureListResponse = z.infer<typeof fixtureListResponseSchema>;
export type FixtureEventResponse = z.infer<typeof fixtureEventResponseSchema>;

export const sportCountSchema = z.object({
  ID: z.number().int(),
  Sport: z.string(),
  Alias: z.string(),
  Count: z.number().int(),
  Order: z.number().int(),
});
export const regionCountSchema = z.object({
  ID: z.number().int(),
  Region: z.string(),
  Alias: z.string(),
  Flag: z.string(),
  Count: z.number().int(),
  Order: z.number().int(),
});
export const competitionCountSchema = z.object({
  ID: z.number().int(),
  Competition: z.string(),
  Alias: z.string(),
  Count: z.number().int(),
  Order: z.number().int(),
  RegionID: z.number().int(),
  SportID: z.number().int(),
});
export const countResponseSchema = z.object({
  result: z.union([z.array(sportCountSchema), z.array(regionCountSchema), z.array(competitionCountSchema)]),
});
export type SportCount = z.infer<typeof sportCountSchema>;
export type RegionCount = z.infer<typeof regionCountSchema>;
export type CompetitionCount = z.infer<typeof competitionCountSchema>;

export const mainMarketSchema = z.object({ e: z.number().int(), name: z.string(), order: z.number().int() });
export const mainMarketResponseSchema = z.object({ result: z.array(mainMarketSchema) });
export type MainMarket = z.infer<typeof mainMarketSchema>;

export const searchResultSchema = z.object({
  id: z.number().int(),
  player1: z.object({ name: z.string() }),
  player2: z.object({ name: z.string() }),
  competition: z.object({
    id: z.number().int(),
    name: z.string(),
    sport: z.object({ id: z.number().int(), alias: z.string() }),
  }),
  startDate: z.string(),
  onLive: z.boolean(),
});
export const searchResponseSchema = z.object({ result: z.array(searchResultSchema) });
export type SearchResult = z.infer<typeof searchResultSchema>;

export const topCompetitionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isPopular: z.boolean(),
  eventCount: z.number().int(),
  region: z.object({ id: z.number().int(), name: z.string(), flag: z.string() }),
  sport: z.object({ id: z.number().int(), name: z.string(), alias: z.string() }),
});
export const popularCompetitionsResponseSchema = z.object({ result: z.array(topCompetitionSchema) });
export type TopCompetition = z.infer<typeof topCompetitionSchema>;

const treeCompetition = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  count: z.number().int(),
  order: z.number().int(),
  events: z.array(eventSchema).optional(),
});
const treeRegion = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  flag: z.string(),
  count: z.number().int(),
  order: z.number().int(),
  competition: z.array(treeCompetition),
});
export const sportTreeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  count: z.number().int(),
  order: z.number().int(),
  region: z.array(treeRegion),
});
export const matchesTreeResponseSchema = z.object({ result: z.object({ sport: z.array(sportTreeSchema) }) });
export const matchesRowsResponseSchema = z.object({ result: z.array(eventSchema) });

export const h2hResponseSchema = z.object({
  result: z.object({
    matchId: z.number().int(),
    home: z.object({ id: z.number().int(), name: z.string(), form: z.array(z.enum(['W', 'D', 'L'])) }),
    away: z.object({ id: z.number().int(), name: z.string(), form: z.array(z.enum(['W', 'D', 'L'])) }),
    meetings: z.array(
      z.object({ date: z.string(), homeName: z.string(), awayName: z.string(), score: scoreSchema }),
    ),
    summary: z.object({
      homeWins: z.number().int(),
      /** Null for a sport whose matches cannot end drawn (tennis, basketball with its overtime, volleyball). */
      draws: z.number().int().nullable(),
      awayWins: z.number().int(),
    }),
  }),
});
export type H2hResult = z.infer<typeof h2hResponseSchema>['result'];

/** Whether a selection can be taken now and at what price (the betting module's check). */
export const selectionQuoteSchema = z.object({
  selectionId: z.number().int(),
  eventId: z.number().int(),
  available: z.boolean(),
  reason: z.enum(['ok', 'suspended', 'closed', 'event_ended', 'odd_too_low', 'not_found']),
  odd: z.number(),
  maxStake: z.number().int(),
  isLive: z.boolean(),
});
export type SelectionQuote = z.infer<typeof selectionQuoteSchema>;
