import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { BannerImageType, BannerPlacement, Locale } from '@sb/contract';
import { bytea } from '../../db/columns';

/**
 * A brand's banners (issue 35 §1). The picture is kept in the row (a few hundred KB at most) and served from the
 * brand's own origin under a name made of its hash, so a changed picture is a new address. `locale` null: every
 * language of the brand. `position` orders a brand's banners of one placement (1 first).
 */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id').notNull(),
    placement: text('placement').$type<BannerPlacement>().notNull(),
    locale: text('locale').$type<Locale>(),
    imageType: text('image_type').$type<BannerImageType>().notNull(),
    image: bytea('image').notNull(),
    /** The picture's SHA-256, hex, first 16: part of its address. */
    imageHash: text('image_hash').notNull(),
    link: text('link').notNull(),
    alt: jsonb('alt').$type<Partial<Record<Locale, string>>>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    position: integer('position').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('banners_app_placement_idx').on(t.appId, t.placement, t.position)],
);

export type BannerRow = typeof banners.$inferSelect;
export type NewBanner = typeof banners.$inferInsert;
