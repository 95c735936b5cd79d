import { z } from 'zod';
import { casinoGameSchema } from './casino';
import { currencySchema } from './identity';

/**
 * The game platform: the seamless-wallet contract games call (modelled on Hub88's operator API), game sessions,
 * slot spins, round history and the shared roulette tables. Amounts are integer minor units.
 */

// ─── Seamless wallet (Hub88 operator API model) ──────────────────────────────────────────────────────────────

/** Answers of the wallet contract; every request gets one, a refused request moves no money. */
export const WALLET_STATUSES = [
  'RS_OK',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  /** A responsible-gambling stake or loss limit would be passed. */
  'RS_ERROR_LIMIT_REACHED',
  /** The client is timed out or self-excluded. */
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SESSION',
  'RS_ERROR_WRONG_CURRENCY',
  /** A win or rollback names a bet the wallet never accepted. */
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  /** The referenced bet was rolled back already. */
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  /** The referenced bet's round was closed by a win already. */
  'RS_ERROR_ROUND_CLOSED',
  /** A transaction id reused for a different request. */
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_WRONG_TYPES',
] as const;
export const walletStatusSchema = z.enum(WALLET_STATUSES);
export type WalletStatus = z.infer<typeof walletStatusSchema>;

const transactionUuid = z.string().min(8).max(100);
const roundId = z.string().min(1).max(100);

/** `bet`: debit `amount` from the session's client. A repeated `transaction_uuid` returns the first answer. */
export const walletBetRequestSchema = z.object({
  transaction_uuid: transactionUuid,
  /** The game session (Hub88's player token). */
  session: z.string().min(8).max(64),
  round: roundId,
  game_code: z.string().min(1).max(64),
  currency: z.string().length(3),
  amount: z.number().int().min(1).max(1_000_000_000_00),
});
export type WalletBetRequest = z.infer<typeof walletBetRequestSchema>;

/** `win`: credit `amount` (0 closes a lost round) against the bet `reference_transaction_uuid`. */
export const walletWinRequestSchema = z.object({
  transaction_uuid: transactionUuid,
  reference_transaction_uuid: transactionUuid,
  session: z.string().min(8).max(64),
  round: roundId,
  currency: z.string().length(3),
  amount: z.number().int().min(0).max(1_000_000_000_00),
});
export type WalletWinRequest = z.infer<typeof walletWinRequestSchema>;

/** `rollback`: give back the stake of a bet the game could not finish. */
export const walletRollbackRequestSchema = z.object({
  transaction_uuid: transactionUuid,
  reference_transaction_uuid: transactionUuid,
  session: z.string().min(8).max(64),
  round: roundId,
});
export type WalletRollbackRequest = z.infer<typeof walletRollbackRequestSchema>;

export const walletResponseSchema = z.object({
  status: walletStatusSchema,
  transaction_uuid: z.string(),
  /** Cash balance after the request (unchanged when refused). */
  balance: z.number().int(),
  currency: z.string(),
  /** Why a request was refused, as the game shows it (an error key such as `stake_limit_exceeded`). */
  reason: z.string().optional(),
});
export type WalletResponse = z.infer<typeof walletResponseSchema>;

// ─── Sessions ────────────────────────────────────────────────────────────────────────────────────────────────

export const GAME_KINDS = ['slot', 'roulette', 'crash'] as const;
export type GameKind = (typeof GAME_KINDS)[number];

/** A game session id: 22 base64url characters (128 random bits). */
export const gameSessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'a game session id');

export const gameSessionSchema = z.object({
  id: z.string(),
  kind: z.enum(GAME_KINDS),
  /** Fun money: no login, nothing touches the ledger. */
  demo: z.boolean(),
  game: casinoGameSchema,
  currency: currencySchema,
  /** Cash balance (real) or the session's fun-money balance (demo). */
  balance: z.number().int(),
  /** The stakes the game accepts (total stake of a spin, or one chip at the roulette table). */
  stakes: z.array(z.number().int()),
  defaultStake: z.number().int(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type GameSession = z.infer<typeof gameSessionSchema>;

export const SLOT_SYMBOL_SHAPES = [
  'circle',
  'diamond',
  'star',
  'heart',
  'square',
  'triangle',
  'hexagon',
  'bell',
] as const;

/** What the game page needs to draw a slot: symbols, lines and the paytable (outcomes come from the server). */
export const slotLayoutSchema = z.object({
  reels: z.number().int(),
  rows: z.number().int(),
  /** Each payline as the row index on every reel. */
  lines: z.array(z.array(z.number().int())),
  symbols: z.array(
    z.object({
      id: z.number().int(),
      label: z.string(),
      shape: z.enum(SLOT_SYMBOL_SHAPES),
      colour: z.string(),
      kind: z.enum(['regular', 'wild', 'scatter']),
    }),
  ),
  /** Line pays in multiples of the line stake, for 3, 4 and 5 in a row. */
  paytable: z.array(z.object({ symbol: z.number().int(), pays: z.array(z.number().int()) })),
  /** Scatter pays in multiples of the total stake, for 3, 4 and 5 scatters anywhere. */
  scatterPays: z.array(z.number().int()),
  freeSpins: z.object({ count: z.number().int(), multiplier: z.number().int() }),
  theme: z.object({ background: z.string(), accent: z.string() }),
});
export type SlotLayout = z.infer<typeof slotLayoutSchema>;

export const rouletteTableInfoSchema = z.object({
  /** Period of the wheel: a spin every periodMs. */
  periodMs: z.number().int(),
  /** Bets are taken during the first bettingMs of each period. */
  bettingMs: z.number().int(),
});

/** GET /api/v1/casino/sessions/{id}: the session, its game and how to draw it (bearer unless demo). */
export const gameSessionResponseSchema = z.object({
  result: z.object({
    session: gameSessionSchema,
    slot: slotLayoutSchema.nullable(),
    roulette: rouletteTableInfoSchema.nullable(),
  }),
});
export type GameSessionResponse = z.infer<typeof gameSessionResponseSchema>;

// ─── Slot rounds ─────────────────────────────────────────────────────────────────────────────────────────────

/** A client-chosen key per spin: a second tab or a retry sending the same key gets the first round. */
const roundKeySchema = z.string().regex(/^[\w.:-]{8,64}$/, '8–64 letters, digits, - _ . :');

/** POST /api/v1/casino/sessions/{id}/spin. */
export const spinRequestSchema = z.object({
  stake: z.number().int().min(1).max(1_000_000_00),
  roundKey: roundKeySchema,
});
export type SpinRequest = z.infer<typeof spinRequestSchema>;

export const slotSpinSchema = z.object({
  /** Symbol ids, reel by reel, top row first. */
  window: z.array(z.array(z.number().int())),
  lineWins: z.array(
    z.object({
      line: z.number().int(),
      symbol: z.number().int(),
      count: z.number().int(),
      amount: z.number().int(),
    }),
  ),
  scatter: z.object({ count: z.number().int(), amount: z.number().int() }),
  /** Multiplier applied to this spin's wins (free spins). */
  multiplier: z.number().int(),
  win: z.number().int(),
});
export type SlotSpin = z.infer<typeof slotSpinSchema>;

export const slotRoundSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  stake: z.number().int(),
  win: z.number().int(),
  balanceAfter: z.number().int(),
  /** The paid spin, then the free spins it triggered. */
  spins: z.array(slotSpinSchema),
  freeSpinsAwarded: z.number().int(),
});
export type SlotRound = z.infer<typeof slotRoundSchema>;

export const spinResponseSchema = z.object({
  result: z.object({ round: slotRoundSchema, balance: z.number().int() }),
});
export type SpinResponse = z.infer<typeof spinResponseSchema>;

/** GET /api/v1/casino/sessions/{id}/rounds: the session's rounds, newest first (slot spins or roulette bets). */
export const roundSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  stake: z.number().int(),
  win: z.number().int(),
  /** Slot: free spins won; roulette: the winning number; null otherwise. */
  detail: z.string().nullable(),
  status: z.enum(['settled', 'open', 'void']),
});
export type RoundSummary = z.infer<typeof roundSummarySchema>;
export const roundsResponseSchema = z.object({ result: z.object({ rounds: z.array(roundSummarySchema) }) });
export type RoundsResponse = z.infer<typeof roundsResponseSchema>;

// ─── Roulette ────────────────────────────────────────────────────────────────────────────────────────────────

/** Every bet of the European layout; inside bets name their numbers, outside bets are implied by the type. */
export const ROULETTE_BET_TYPES = [
  'straight',
  'split',
  'street',
  'trio',
  'corner',
  'first_four',
  'line',
  'dozen',
  'column',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
] as const;
export const rouletteBetTypeSchema = z.enum(ROULETTE_BET_TYPES);
export type RouletteBetType = z.infer<typeof rouletteBetTypeSchema>;

export const rouletteBetSchema = z.object({
  type: rouletteBetTypeSchema,
  /** Inside bets: the covered numbers; dozen/column: [1], [2] or [3]; even-money bets: []. */
  numbers: z.array(z.number().int().min(0).max(36)).max(6),
  amount: z.number().int().min(1).max(1_000_000_00),
});
export type RouletteBet = z.infer<typeof rouletteBetSchema>;

/** POST /api/v1/casino/sessions/{id}/roulette/bets: bets for the open round, once per key. */
export const roulettePlaceRequestSchema = z.object({
  round: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  key: roundKeySchema,
  bets: z.array(rouletteBetSchema).min(1).max(40),
});
export type RoulettePlaceRequest = z.infer<typeof roulettePlaceRequestSchema>;

export const roulettePlacementSchema = z.object({
  id: z.number().int(),
  round: z.number().int(),
  bets: z.array(rouletteBetSchema),
  stake: z.number().int(),
  /** What the round paid back (null until settled). */
  payout: z.number().int().nullable(),
  status: z.enum(['open', 'won', 'lost', 'void']),
});
export type RoulettePlacement = z.infer<typeof roulettePlacementSchema>;

/** GET /api/v1/casino/sessions/{id}/roulette: the shared table as every player at it sees it. */
export const rouletteStateResponseSchema = z.object({
  result: z.object({
    serverTime: z.string(),
    round: z.object({
      no: z.number().int(),
      /** betting: bets taken; closed: no more bets, the wheel spins at spinAt. */
      phase: z.enum(['betting', 'closed']),
      closesAt: z.string(),
      spinAt: z.string(),
    }),
    /** Latest results first. */
    history: z.array(z.object({ no: z.number().int(), number: z.number().int().min(0).max(36) })),
    /** The player's placements of the current and the last few rounds, newest first. */
    placements: z.array(roulettePlacementSchema),
    balance: z.number().int(),
  }),
});
export type RouletteStateResponse = z.infer<typeof rouletteStateResponseSchema>;

export const roulettePlaceResponseSchema = z.object({
  result: z.object({ placement: roulettePlacementSchema, balance: z.number().int() }),
});
export type RoulettePlaceResponse = z.infer<typeof roulettePlaceResponseSchema>;
