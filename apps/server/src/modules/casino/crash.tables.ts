import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A provably fair chain of the crash game (bustabit v2): `seed` is the last hash of the chain (secret); round
 * `n` plays the hash n steps from the published end, so SHA-256(hash of round n) = hash of round n − 1 and
 * SHA-256(hash of round 1) = `terminatingHash`. The terminating hash is published first (`createdAt`, the
 * commitment); the salt is fixed later (`sealedAt`, before round 1) from the client seeds players submitted in
 * between (`crash_client_seeds`), so the server cannot have chosen the chain for its salt.
 */
export const crashChains = pgTable('crash_chains', {
  id: serial('id').primaryKey(),
  /** SHA-256 of the terminating hash and the chain's client seeds; null until sealed. */
  salt: text('salt'),
  sealedAt: timestamp('sealed_at', { withTimezone: true }),
  seed: text('seed').notNull(),
  terminatingHash: text('terminating_hash').notNull(),
  length: integer('length').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** A client seed a player gave a committed chain before it was sealed (published with the chain). */
export const crashClientSeeds = pgTable(
  'crash_client_seeds',
  {
    id: serial('id').primaryKey(),
    chainId: integer('chain_id').notNull(),
    /** The game session that gave it (one seed per session and chain; never published). */
    sessionId: text('session_id').notNull(),
    player: text('player').notNull(),
    seed: text('seed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('crash_client_seeds_session_uq').on(t.chainId, t.sessionId)],
);

/** One round: bets until `bettingEndsAt`, a flight from `startedAt`, the crash at `crashAt`. */
export const crashRounds = pgTable(
  'crash_rounds',
  {
    id: serial('id').primaryKey(),
    chainId: integer('chain_id').notNull(),
    /** n: the round's place in its chain (1 = the first played). */
    chainIndex: integer('chain_index').notNull(),
    /** Secret until the round crashed. */
    hash: text('hash').notNull(),
    /** Hundredths (150 = 1.50×), from the hash and the chain's salt. */
    crashPoint: integer('crash_point').notNull(),
    status: text('status').$type<'betting' | 'flying' | 'crashed' | 'settled' | 'void'>().notNull(),
    bettingEndsAt: timestamp('betting_ends_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    crashAt: timestamp('crash_at', { withTimezone: true }),
    /** Where everyone still in is cashed out (the round's maximum payout), hundredths; null: no cap reached. */
    forcePoint: integer('force_point'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('crash_rounds_chain_uq').on(t.chainId, t.chainIndex),
    index('crash_rounds_status_idx').on(t.status),
  ],
);

/** A bet of a session on a round, in one of its two slots; settled exactly once on its locked row. */
export const crashBets = pgTable(
  'crash_bets',
  {
    id: serial('id').primaryKey(),
    roundId: integer('round_id').notNull(),
    sessionId: text('session_id').notNull(),
    /**
     * Whose bet it is for the "2 bets a round" rule: `u<user id>` for real money (every session of the client),
     * `s<session id>` for fun money (issue 32 item 9).
     */
    playerKey: text('player_key').notNull(),
    slot: integer('slot').notNull(),
    demo: boolean('demo').notNull(),
    player: text('player').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    autoCashout: integer('auto_cashout'),
    cashout: integer('cashout'),
    payout: bigint('payout', { mode: 'number' }),
    /** `cashing`: a cash-out claimed at `cashout` (its arrival's multiplier), the payout not yet posted. */
    status: text('status').$type<'open' | 'cashing' | 'cashed' | 'lost' | 'void'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('crash_bets_player_slot_uq').on(t.roundId, t.playerKey, t.slot),
    index('crash_bets_round_idx').on(t.roundId, t.status),
    index('crash_bets_session_idx').on(t.sessionId, t.id),
  ],
);
