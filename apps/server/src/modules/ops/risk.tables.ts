import type { OddsChangePolicy } from '@sb/contract';
import { boolean, integer, pgTable, primaryKey, text, timestamp, bigint } from 'drizzle-orm/pg-core';

export type RiskLabel = 'standard' | 'vip' | 'sharp' | 'monitored';

/**
 * A client's risk settings (back office): no row = standard, stake factor 1, no blocks.
 * `stakeFactorMilli` is the stake factor in thousandths (1000 = 1): every stake limit is multiplied by it.
 * `maxStake` (minor units per combination, optional) is the client's own limit, the first level of the hierarchy.
 */
export const clientRisk = pgTable('ops_client_risk', {
  userId: integer('user_id').primaryKey(),
  stakeFactorMilli: integer('stake_factor_milli').notNull().default(1000),
  label: text('label').$type<RiskLabel>().notNull().default('standard'),
  noLive: boolean('no_live').notNull().default(false),
  noCashout: boolean('no_cashout').notNull().default(false),
  maxStake: bigint('max_stake', { mode: 'number' }),
  /** Issue 34: bets whose total stake reaches it are referred to the desk (minor units; tightens the brand's). */
  referralStake: bigint('referral_stake', { mode: 'number' }),
  /** Bets whose potential payout reaches it are referred (minor units; tightens the brand's). */
  referralPayout: bigint('referral_payout', { mode: 'number' }),
  /** The client's live bet delay (ms): replaces `BET_LIVE_DELAY_MS` for this client's live bets. */
  betDelayMs: integer('bet_delay_ms'),
  /** The desk's odds-change policy for this client: the stricter of it and the client's own preference applies. */
  oddsPolicy: text('odds_policy').$type<OddsChangePolicy>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export type LimitKind = 'stake' | 'liability';
export type LimitLevel = 'platform' | 'brand' | 'sport' | 'event' | 'market' | 'selection';

/**
 * Operator limits. `stake`: the most one combination may stake (minor units) at a level — platform, brand, sport,
 * event, market or selection (issue 34); the strictest that applies wins. `liability`: the book's worst loss on a
 * market before it is suspended automatically (levels platform = the default, brand, sport, event, market: the most
 * specific that names the market applies). `brandId` 0 = every brand, `refId` 0 =
 * none (platform and brand levels).
 */
export const opsLimits = pgTable(
  'ops_limits',
  {
    kind: text('kind').$type<LimitKind>().notNull(),
    level: text('level').$type<LimitLevel>().notNull(),
    brandId: integer('brand_id').notNull().default(0),
    refId: bigint('ref_id', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.level, t.brandId, t.refId] })],
);
