import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { RouletteBet } from '@sb/contract';

/** A game studio. Ids are the operator's (the spec's disabled vendor ids are real ids that are never listed). */
export const casinoProviders = pgTable('casino_providers', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  isLive: boolean('is_live').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull(),
});

/** How a game is played and drawn: a slot family variant and theme, or a roulette table. */
export interface GameConfig {
  kind: 'slot' | 'roulette' | 'crash';
  family?: string;
  variant?: number;
  theme?: number;
  /** Thumbnail and game page colours. */
  colours: { background: string; accent: string };
}

export const casinoGames = pgTable(
  'casino_games',
  {
    id: integer('id').primaryKey(),
    /** The id `playnow` takes (spec §7: gameId = extended_id). */
    extendedId: text('extended_id').notNull(),
    name: text('name').notNull(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => casinoProviders.id),
    categories: integer('categories').array().notNull(),
    isPopular: boolean('is_popular').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
    /** Declared RTP in hundredths of a percent (9612 = 96.12 %), derived from the configuration. */
    rtpBp: integer('rtp_bp').notNull(),
    volatility: text('volatility').$type<'low' | 'medium' | 'high'>().notNull(),
    config: jsonb('config').$type<GameConfig>().notNull(),
    demo: boolean('demo').notNull().default(true),
    sort: integer('sort').notNull(),
  },
  (t) => [
    uniqueIndex('casino_games_extended_uq').on(t.extendedId),
    index('casino_games_provider_idx').on(t.providerId, t.sort),
  ],
);

/** A client's favourite games. */
export const casinoFavorites = pgTable(
  'casino_favorites',
  {
    userId: integer('user_id').notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => casinoGames.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] })],
);

/** One launch of a game (playnow): real money for a client, or fun money without one. */
export const casinoSessions = pgTable(
  'casino_sessions',
  {
    /** 128 random bits, base64url: the game page's address, unguessable. */
    id: text('id').primaryKey(),
    appId: integer('app_id').notNull(),
    userId: integer('user_id'),
    gameId: integer('game_id').notNull(),
    currency: text('currency').notNull(),
    demo: boolean('demo').notNull(),
    /** Fun-money balance of a demo session (minor units); null for real play. */
    demoBalance: bigint('demo_balance', { mode: 'number' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The address that opened a demo session (demo sessions are counted per address and hour); null for real play. */
    address: text('address'),
  },
  (t) => [
    index('casino_sessions_user_idx').on(t.userId, t.startedAt),
    index('casino_sessions_address_idx').on(t.address, t.startedAt),
  ],
);

/**
 * The seamless wallet's transactions (Hub88 model): one row per bet, win or rollback, keyed by the game's
 * transaction id, with the answer given, so a repeated id gets the same answer and moves nothing again.
 */
export const casinoWalletTransactions = pgTable(
  'casino_wallet_transactions',
  {
    uuid: text('uuid').primaryKey(),
    kind: text('kind').$type<'bet' | 'win' | 'rollback'>().notNull(),
    sessionId: text('session_id').notNull(),
    appId: integer('app_id').notNull(),
    userId: integer('user_id'),
    round: text('round').notNull(),
    /** The bet a win or rollback refers to. */
    referenceUuid: text('reference_uuid'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** RS_OK or the refusal; a refused request moved nothing. */
    status: text('status').notNull(),
    /** A bet's closing transaction (its win or rollback); null while the round is open. */
    closedBy: text('closed_by'),
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('casino_wallet_tx_open_idx').on(t.kind, t.closedBy, t.createdAt),
    // The casino report's range (issue 35 §4, migration 0031).
    index('casino_wallet_tx_created_idx').on(t.createdAt),
  ],
);

/** A slot round: the paid spin and its free spins, decided and paid in one transaction. */
export const casinoSlotRounds = pgTable(
  'casino_slot_rounds',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    /** The key the game page sent: a second tab or a retry with it gets this round again. */
    roundKey: text('round_key').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    win: bigint('win', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    outcome: jsonb('outcome').$type<{ spins: unknown[]; freeSpins: number }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('casino_slot_rounds_key_uq').on(t.sessionId, t.roundKey),
    index('casino_slot_rounds_session_idx').on(t.sessionId, t.createdAt),
  ],
);

/** A round of a shared roulette table: number `no` spins at (no + 1) × period. */
export const casinoRouletteRounds = pgTable(
  'casino_roulette_rounds',
  {
    gameId: integer('game_id').notNull(),
    no: bigint('no', { mode: 'number' }).notNull(),
    status: text('status').$type<'open' | 'spun' | 'settled' | 'void'>().notNull(),
    result: integer('result'),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    spinAt: timestamp('spin_at', { withTimezone: true }).notNull(),
    spunAt: timestamp('spun_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.no] }), index('casino_roulette_rounds_status_idx').on(t.status)],
);

/** A player's bets on one roulette round, placed together (one wallet bet), settled once. */
export const casinoRouletteBets = pgTable(
  'casino_roulette_bets',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id').notNull(),
    roundNo: bigint('round_no', { mode: 'number' }).notNull(),
    sessionId: text('session_id').notNull(),
    placementKey: text('placement_key').notNull(),
    bets: jsonb('bets').$type<RouletteBet[]>().notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    payout: bigint('payout', { mode: 'number' }),
    status: text('status').$type<'open' | 'won' | 'lost' | 'void'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('casino_roulette_bets_key_uq').on(t.sessionId, t.placementKey),
    index('casino_roulette_bets_round_idx').on(t.gameId, t.roundNo, t.status),
    index('casino_roulette_bets_session_idx').on(t.sessionId, t.roundNo),
  ],
);

/**
 * A brand's overlay on the shared catalogue (issue 35 §1): no row is the shared game as it is. `enabled` false hides
 * the game on the brand (it never shows a game the shared catalogue hides); `position` is its place in the brand's
 * lobby (positioned games come first, 1..n, the rest in the shared order); `popular` and `popularCategories` (a
 * subset of the spec's popular categories) replace the shared ones when set.
 */
export const casinoBrandGames = pgTable(
  'casino_brand_games',
  {
    appId: integer('app_id').notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => casinoGames.id),
    enabled: boolean('enabled'),
    position: integer('position'),
    popular: boolean('popular'),
    popularCategories: integer('popular_categories').array(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.gameId] })],
);

/** A brand's overlay on a provider: `enabled` false hides every game of the provider on the brand. */
export const casinoBrandProviders = pgTable(
  'casino_brand_providers',
  {
    appId: integer('app_id').notNull(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => casinoProviders.id),
    enabled: boolean('enabled'),
  },
  (t) => [primaryKey({ columns: [t.appId, t.providerId] })],
);
