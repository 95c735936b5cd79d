import { z } from 'zod';

/**
 * Live feed messages (spec §7): versioned union, every message carries a sequence number.
 * `match_update` messages contain `competition` (the web tells them apart by it); `market_update` do not.
 * Fields may be added; none may be removed or change meaning without bumping FEED_PROTOCOL_VERSION.
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
});

export const feedMarketSchema = z.object({
  id: z.number().int(),
  t: z.number().int(),
  s: z.string(),
  disabled: z.boolean(),
  selections: z.array(feedSelectionSchema),
});

export const marketUpdateSchema = z.object({
  type: z.literal('market_update'),
  eventId: z.number().int(),
  markets: z.array(feedMarketSchema),
  ts: z.number().int(),
});
export type MarketUpdate = z.infer<typeof marketUpdateSchema>;

/** What the server sends: data messages carry `seq`, strictly increasing per server-wide stream. */
export const feedServerMessageSchema = z.discriminatedUnion('type', [
  matchUpdateSchema.extend({ seq: z.number().int() }),
  marketUpdateSchema.extend({ seq: z.number().int() }),
  z.object({ type: z.literal('heartbeat'), seq: z.number().int(), ts: z.number().int() }),
  z.object({ type: z.literal('hello'), version: z.number().int(), seq: z.number().int() }),
  z.object({ type: z.literal('snapshot'), seq: z.number().int(), topic: z.string() }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type FeedServerMessage = z.infer<typeof feedServerMessageSchema>;

/** Topics: `live` (every live event) or `event:<id>`. */
export const feedTopicSchema = z.string().regex(/^(live|event:\d{1,12})$/);

export const feedClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), topics: z.array(feedTopicSchema).min(1).max(50), sinceSeq: z.number().int().optional() }),
  z.object({ type: z.literal('unsubscribe'), topics: z.array(feedTopicSchema).min(1).max(50) }),
  z.object({ type: z.literal('auth'), token: z.string().max(512) }),
  z.object({ type: z.literal('ping') }),
]);
export type FeedClientMessage = z.infer<typeof feedClientMessageSchema>;
