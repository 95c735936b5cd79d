import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A brand's margin per sport and market family, in basis points: the brand's odd is the shared
 * odd / (1 + Δ) (pricing/brand-odd.ts). `sport_id` 0 = every sport, `family` '' = every family (so the key is a
 * plain primary key); the most specific row wins.
 */
export const brandMargins = pgTable(
  'brand_margins',
  {
    appId: integer('app_id').notNull(),
    sportId: integer('sport_id').notNull().default(0),
    family: text('family').notNull().default(''),
    marginBp: integer('margin_bp').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.sportId, t.family] })],
);
