import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  primaryKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OddsFormat, Role } from '@sb/contract';

/**
 * A client or reseller of one app. Usernames are unique per app by their key (`usernameKey`: NFKC, lower case,
 * Turkish i variants folded; see username-key.ts), the one form both the lookup and the login counters use.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** The app (tenancy); no foreign key: modules do not reach each other's tables. */
    appId: integer('app_id').notNull(),
    username: text('username').notNull(),
    usernameKey: text('username_key').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<Role>().notNull(),
    /** The reseller a client belongs to (deposits and withdrawals go through them). */
    resellerId: integer('reseller_id'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    currencyIso: text('currency_iso').notNull().default('TRY'),
    timezone: text('timezone').notNull().default('Europe/Istanbul'),
    /** The client's date pattern (preferences); empty: the page language's own style (lib dates.ts). */
    dateFormat: text('date_format').notNull().default(''),
    language: text('language').$type<'en' | 'tr'>().notNull().default('tr'),
    oddsFormat: text('odds_format').$type<OddsFormat>().notNull().default('decimal'),
    /** Odds-change policy of bet placement: none (refuse), any, higher. */
    oddsChange: text('odds_change').$type<'none' | 'any' | 'higher'>().notNull().default('none'),
    hideBalance: boolean('hide_balance').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('users_app_username_key_uq').on(t.appId, t.usernameKey),
    // The clients report's new clients (issue 35 §4, migration 0031).
    index('users_created_idx').on(t.createdAt),
  ],
);

/** A login: one family of rotating refresh tokens and their access tokens; revoking it ends them all. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Absolute end of the family: refresh cannot extend past it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    /** Issue 35: where the login came from (the address behind TRUST_PROXY, the browser's user agent, ≤ 300). */
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Access and refresh tokens, stored only as sha256 hex of the random token. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').$type<'access' | 'refresh'>().notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * Set when a refresh token is rotated. Presenting it again within the grace window gets the same answer
     * (`rotation`); after the window it revokes the family.
     */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * The token pair the rotation issued, AES-256-GCM encrypted under a key derived from this refresh token's
     * plaintext (which the database never holds): only a caller presenting the same token can read it back.
     */
    rotation: text('rotation'),
  },
  (t) => [index('auth_tokens_session_idx').on(t.sessionId)],
);

/**
 * Failed-attempt token buckets per key (address, username, username+address), shared by all instances: a
 * bucket holds up to its capacity, refills continuously and each failed attempt takes one token (see
 * login-throttle.ts). Continuous refill is a sliding limit: no burst of twice the limit across a window edge.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Addresses a user has logged in from: the per-username ceiling never locks the owner out of these. */
export const authKnownAddresses = pgTable(
  'auth_known_addresses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

/**
 * Issue 35 §2: a one-time link to set a client's password (a client made on the desk, or an operator's reset).
 * Only the SHA-256 of the random token is kept; a link is used once (`used_at`, set under the row's lock) and a
 * newer link of the same client voids the older ones (`voided_at`).
 */
export const passwordSetupLinks = pgTable(
  'password_setup_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: integer('app_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose').$type<'new' | 'reset'>().notNull(),
    /** The operator who asked for it (username). */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_setup_links_token_hash_uq').on(t.tokenHash),
    index('password_setup_links_user_idx').on(t.userId, t.id),
  ],
);
