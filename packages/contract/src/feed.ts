import { z } from 'zod';
import { localeSchema } from './common';

/**
 * Live feed messages (spec §7): one versioned union per direction. Data messages carry `seq`.
 * `match_update` messages contain `competition` (the web tells them apart by it); `market_update` do not.
 * Fields may be added; none may be removed or change meaning without bumping FEED_PROTOCOL_VERSION.
 * The endpoint and the resume rules are documented in apps/server/src/modules/feed/README.md.
 */

export const scoreSchema = z.object({ home: z.number().int(), away: z.number().int() });

export const periodStatsSchema = z.object({
  period: z.number().int(),
  score: scoreSchema,
  red: scoreSchema,
  yellow: scoreSchema,
  corner: scoreSchema,
});

export const matchUpdateSchema = z.object({
  type: z.literal('match_update'),
  eventId: z.number().int(),
  sportId: z.number().int(),
  competition: z.object({ id: z.number().int(), name: z.string() }),
  isLive: z.boolean(),
  isSuspended: z.boolean(),
  /** Minute of play (football) or elapsed period time in seconds for timed sports. */
  periodTime: z.number().int(),
  periodTimeLeft: z.number().int(),
  periodCounter: z.number().int(),
  /** e.g. 'not_started', 'first_half', 'half_time', 'second_half', 'ended'. */
  status: z.string(),
  data: z.object({ score: scoreSchema, stats: z.array(periodStatsSchema) }),
  resultName: z.string().nullable(),
  ts: z.number().int(),
});
export type MatchUpdate = z.infer<typeof matchUpdateSchema>;

export const feedSelectionSchema = z.object({
  id: z.number().int(),
  outcome: z.string(),
  odd: z.number(),
  isDisabled: z.boolean(),
  isClosed: z.boolean(),
  /** Set when the market is decided or settled: 'win' | 'loss' | 'void'. */
  result: z.string().nullable().optional(),
});

export const feedMarketSchema = z.object({
  id: z.number().int(),
  t: z.number().int(),
  s: z.string(),
  disabled: z.boolean(),
  selections: z.array(feedSelectionSchema),
});
export type FeedMarket = z.infer<typeof feedMarketSchema>;

/** The latest state of some markets of one event; markets not listed are unchanged. */
export const marketUpdateSchema = z.object({
  type: z.literal('market_update'),
  eventId: z.number().int(),
  markets: z.array(feedMarketSchema),
  ts: z.number().int(),
});
export type MarketUpdate = z.infer<typeof marketUpdateSchema>;

/** Stream position: `seq` grows on one server instance; `epoch` names that instance's stream. */
const seq = z.number().int().nonnegative();

export const feedMatchMessageSchema = matchUpdateSchema.extend({ seq });
export const feedMarketMessageSchema = marketUpdateSchema.extend({ seq });
export type FeedMatchMessage = z.infer<typeof feedMatchMessageSchema>;
export type FeedMarketMessage = z.infer<typeof feedMarketMessageSchema>;
export type FeedDataMessage = FeedMatchMessage | FeedMarketMessage;

/** Topics: `live` (every live event), `event:<id>`, or `crash` (the crash game's rounds, bets and ticks). */
export const feedTopicSchema = z.string().regex(/^(live|crash|event:\d{1,12})$/);
export type FeedTopic = z.infer<typeof feedTopicSchema>;

// ─── The crash game (topic `crash`) ──────────────────────────────────────────────────────────────────────────
// Multipliers are integers in hundredths (150 = 1.50×); times are epoch milliseconds of the server's clock.

export const crashPhaseSchema = z.enum(['betting', 'flying', 'crashed', 'void']);
export type CrashPhase = z.infer<typeof crashPhaseSchema>;

export const crashRoundViewSchema = z.object({
  id: z.number().int(),
  phase: crashPhaseSchema,
  /** Bets are taken until this instant; the flight starts then. */
  bettingEndsAt: z.number().int(),
  startedAt: z.number().int().nullable(),
  /** Where the server cashes everyone out (the per-round maximum payout), when it is lower than anything. */
  forcePoint: z.number().int().nullable(),
  /** Revealed only once the round crashed (or was void). */
  crashPoint: z.number().int().nullable(),
  hash: z.string().nullable(),
});
export type CrashRoundView = z.infer<typeof crashRoundViewSchema>;

export const crashBetViewSchema = z.object({
  id: z.number().int(),
  roundId: z.number().int(),
  /** The player as others see them (masked). */
  player: z.string(),
  /** 0 or 1: a player's two bet panels. */
  slot: z.number().int(),
  stake: z.number().int(),
  currency: z.string(),
  autoCashout: z.number().int().nullable(),
  /** The multiplier it was cashed out at. */
  cashout: z.number().int().nullable(),
  payout: z.number().int().nullable(),
  status: z.enum(['open', 'cashed', 'lost', 'void']),
});
export type CrashBetView = z.infer<typeof crashBetViewSchema>;

export const crashStateSchema = z.object({
  round: crashRoundViewSchema.nullable(),
  bets: z.array(crashBetViewSchema),
  /** Recent crash points, newest first. */
  history: z.array(z.object({ id: z.number().int(), crashPoint: z.number().int() })),
  ts: z.number().int(),
});
export type CrashState = z.infer<typeof crashStateSchema>;

/** The whole game as it stands (a snapshot, and every change of phase). */
export const feedCrashStateMessageSchema = crashStateSchema.extend({ type: z.literal('crash_state'), seq });
/** The multiplier of the flight now (several a second): clients animate between ticks. */
export const feedCrashTickMessageSchema = z.object({
  type: z.literal('crash_tick'),
  roundId: z.number().int(),
  multiplier: z.number().int(),
  elapsedMs: z.number().int(),
  ts: z.number().int(),
  seq,
});
/**
 * Bets placed or cashed out (or settled) since the last such message, at most one a tick: each replaces the bet of
 * its id. Batched so that a crowd cashing out costs each player a message a tick, not a message a cash-out.
 */
export const feedCrashBetMessageSchema = z.object({
  type: z.literal('crash_bets'),
  bets: z.array(crashBetViewSchema),
  ts: z.number().int(),
  seq,
});
export type FeedCrashMessage =
  | z.infer<typeof feedCrashStateMessageSchema>
  | z.infer<typeof feedCrashTickMessageSchema>
  | z.infer<typeof feedCrashBetMessageSchema>;
/** A crash message as the bus carries it (the feed numbers it). */
export type CrashBusMessage =
  | Omit<z.infer<typeof feedCrashStateMessageSchema>, 'seq'>
  | Omit<z.infer<typeof feedCrashTickMessageSchema>, 'seq'>
  | Omit<z.infer<typeof feedCrashBetMessageSchema>, 'seq'>;

/**
 * What the server sends. Data messages carry `seq`, strictly increasing on one instance's stream,
 * except the state replayed after a `snapshot` marker, which carries the marker's `seq`.
 * A `heartbeat` carries the stream's current `seq`: a client may advance its position to it.
 */
export const feedServerMessageSchema = z.discriminatedUnion('type', [
  feedMatchMessageSchema,
  feedMarketMessageSchema,
  feedCrashStateMessageSchema,
  feedCrashTickMessageSchema,
  feedCrashBetMessageSchema,
  z.object({ type: z.literal('heartbeat'), seq, ts: z.number().int() }),
  z.object({
    type: z.literal('hello'),
    version: z.number().int(),
    seq,
    epoch: z.string(),
    heartbeatMs: z.number().int().positive(),
  }),
  /** Precedes `count` data messages that rebuild the topic's current state (replacing what the client held). */
  z.object({
    type: z.literal('snapshot'),
    seq,
    topic: feedTopicSchema,
    count: z.number().int().nonnegative(),
  }),
  /** Ends a subscribe: `resumed` when missed messages were replayed, `snapshot` when state was resent. */
  z.object({
    type: z.literal('subscribed'),
    topics: z.array(feedTopicSchema),
    seq,
    mode: z.enum(['resumed', 'snapshot']),
  }),
  z.object({ type: z.literal('unsubscribed'), topics: z.array(feedTopicSchema) }),
  z.object({ type: z.literal('authenticated'), anonymous: z.boolean() }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type FeedServerMessage = z.infer<typeof feedServerMessageSchema>;

export const feedClientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('subscribe'),
    topics: z.array(feedTopicSchema).min(1).max(50),
    /** Last `seq` the client saw, with the `epoch` of the `hello` it came from: asks for a resume. */
    sinceSeq: seq.optional(),
    epoch: z.string().max(64).optional(),
    /** Language of the texts (competition names) this connection gets from now on; default English. */
    locale: localeSchema.optional(),
  }),
  z.object({ type: z.literal('unsubscribe'), topics: z.array(feedTopicSchema).min(1).max(50) }),
  /** Only as the first message of a connection; tokens never go in the URL. */
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(512) }),
  z.object({ type: z.literal('ping') }),
]);
export type FeedClientMessage = z.infer<typeof feedClientMessageSchema>;
