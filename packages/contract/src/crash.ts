import { z } from 'zod';
import { crashBetViewSchema, crashRoundViewSchema, crashStateSchema } from './feed';
import { gameSessionIdSchema, gameSessionSchema } from './casino-games';
import { idParamSchema } from './common';

/**
 * The crash game's HTTP calls. Multipliers are integers in hundredths (150 = 1.50×), money in minor
 * units. Live rounds, bets and ticks come over the feed's `crash` topic (feed.ts).
 */

/** The rules every player is told (the fairness dialog shows them). */
export const crashRulesSchema = z.object({
  bettingMs: z.number().int(),
  pauseMs: z.number().int(),
  /** m(t) = e^(growthPerMs · t), t in ms since the flight started. */
  growthPerMs: z.number(),
  betsPerRound: z.number().int(),
  minStake: z.number().int(),
  maxStake: z.number().int(),
  /** Highest auto cash-out target, hundredths. */
  maxAutoCashout: z.number().int(),
  /** The most one round pays out in total (minor units): at that point everyone still in is cashed out. */
  maxRoundPayout: z.number().int(),
});
export type CrashRules = z.infer<typeof crashRulesSchema>;

/** A chain as published: committed (terminating hash) first, sealed (salt) before its first round. */
export const crashChainSchema = z.object({
  id: z.number().int(),
  terminatingHash: z.string(),
  length: z.number().int(),
  /** When the terminating hash was published (ISO time): every client seed of the chain came after it. */
  committedAt: z.string(),
  /** When the salt was fixed from the client seeds (null: still collecting). */
  sealedAt: z.string().nullable(),
  /** SHA-256 of the terminating hash and the client seeds, one a line (null until sealed). */
  salt: z.string().nullable(),
  clientSeedCount: z.number().int(),
});

export const crashFairnessResponseSchema = z.object({
  result: z.object({
    /** The salt of the chain rounds are played from (null before the first chain is sealed). */
    salt: z.string().nullable(),
    terminatingHash: z.string(),
    /** The chain rounds are played from, and the one committed behind it, collecting client seeds. */
    current: crashChainSchema.nullable(),
    next: crashChainSchema,
    formula: z.string(),
    chainLength: z.number().int(),
    rules: crashRulesSchema,
  }),
});

export const crashRoundsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const crashFinishedRoundSchema = z.object({
  id: z.number().int(),
  hash: z.string(),
  /** Hundredths; a void round shows the point it would have crashed at. */
  crashPoint: z.number().int(),
  startedAt: z.string().nullable(),
  status: z.enum(['crashed', 'void']),
});
export const crashRoundsResponseSchema = z.object({ result: z.array(crashFinishedRoundSchema) });

export const crashRoundParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_000_000_000) });
export const crashRoundDetailResponseSchema = z.object({
  result: z.object({ round: crashRoundViewSchema, bets: z.array(crashBetViewSchema) }),
});

/** Opens the crash game: real money with a bearer token, fun money with `demo: true` and no token. */
export const crashSessionRequestSchema = z.object({ demo: z.boolean().default(false) });
export const crashSessionResponseSchema = z.object({ result: gameSessionSchema });

export const crashSessionQuerySchema = z.object({ sessionId: gameSessionIdSchema });

/** A player's client seed for the chain collecting them (1–64 letters, digits, `_` or `-`). */
export const crashClientSeedRequestSchema = z.object({
  sessionId: gameSessionIdSchema,
  seed: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a client seed is 1–64 letters, digits, "_" or "-"'),
});

export const crashClientSeedSchema = z.object({ seed: z.string(), player: z.string(), at: z.string() });

export const crashClientSeedResponseSchema = z.object({
  result: z.object({
    chain: crashChainSchema,
    /** The session's seed for that chain (a second, different one is not taken: the first stands). */
    seed: crashClientSeedSchema,
    given: z.boolean(),
  }),
});

export const crashChainParamsSchema = z.object({ id: idParamSchema });

/** A chain with every client seed that salts it, in order (what the verifier recomputes the salt from). */
export const crashChainResponseSchema = z.object({
  result: crashChainSchema.extend({ clientSeeds: z.array(crashClientSeedSchema) }),
});

export const crashBetRequestSchema = z.object({
  sessionId: gameSessionIdSchema,
  /** The round in its betting window. */
  roundId: z.number().int().positive(),
  slot: z.union([z.literal(0), z.literal(1)]),
  /** Minor units: a whole number (a stake with a third decimal is refused). */
  stake: z.number().int('the stake is in whole minor units (at most 2 decimals)').positive(),
  /** Hundredths (≥ 101): the server cashes the bet out there. */
  autoCashout: z.number().int().min(101).nullable().optional(),
});
export type CrashBetRequest = z.infer<typeof crashBetRequestSchema>;

export const crashCashoutRequestSchema = z.object({
  sessionId: gameSessionIdSchema,
  betId: z.number().int().positive(),
});

export const crashBetResponseSchema = z.object({
  result: z.object({ bet: crashBetViewSchema, balance: z.number().int() }),
});

export const crashStateResponseSchema = z.object({
  result: crashStateSchema.extend({
    /** The session's bets in the current round. */
    mine: z.array(crashBetViewSchema),
    balance: z.number().int(),
    serverTime: z.number().int(),
  }),
});

export const crashHistoryResponseSchema = z.object({
  result: z.array(
    crashBetViewSchema.extend({ createdAt: z.string(), crashPoint: z.number().int().nullable() }),
  ),
});

export type CrashFairnessResponse = z.infer<typeof crashFairnessResponseSchema>;
export type CrashChainResponse = z.infer<typeof crashChainResponseSchema>;
export type CrashClientSeedResponse = z.infer<typeof crashClientSeedResponseSchema>;
export type CrashRoundsResponse = z.infer<typeof crashRoundsResponseSchema>;
export type CrashSessionResponse = z.infer<typeof crashSessionResponseSchema>;
export type CrashBetResponse = z.infer<typeof crashBetResponseSchema>;
export type CrashStateResponse = z.infer<typeof crashStateResponseSchema>;
export type CrashHistoryResponse = z.infer<typeof crashHistoryResponseSchema>;
