import { bigint, boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { BrandLinks, FeatureFlags, Locale, Theme } from '@sb/contract';

/** An operator's brand: one deployment serves many, each resolved from its host names. */
export const apps = pgTable('apps', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  defaultLocale: text('default_locale').notNull().default('en'),
  theme: jsonb('theme').$type<Theme>().notNull(),
  features: jsonb('features').$type<FeatureFlags>().notNull(),
  androidApkUrl: text('android_apk_url'),
  supportChatUrl: text('support_chat_url'),
  metaTitle: text('meta_title').notNull(),
  clientId: text('client_id').notNull().unique(),
  clientSecret: text('client_secret').notNull(),
  /** Sports cashback percentage in basis points (1000 = 10%). */
  cashbackBasisPoints: integer('cashback_basis_points').notNull().default(0),
  /** The languages the brand offers, its default among them (issue 35). */
  locales: jsonb('locales').$type<Locale[]>().notNull().default(['en', 'tr']),
  /** A new client's currency (ISO 4217) and the brand's reporting time zone (IANA). */
  currencyIso: text('currency_iso').notNull().default('TRY'),
  timeZone: text('time_zone').notNull().default('Europe/Istanbul'),
  /** Help and legal pages (null: the app's own page). */
  links: jsonb('links')
    .$type<BrandLinks>()
    .notNull()
    .default({ help: null, terms: null, privacy: null, responsibleGaming: null }),
  /**
   * Issue 35 §2: a manual adjustment of a client's balance larger than this (minor units, either sign) waits for a
   * second operator's approval.
   */
  adjustmentApprovalAbove: bigint('adjustment_approval_above', { mode: 'number' }).notNull().default(100_000),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const appHosts = pgTable('app_hosts', {
  hostname: text('hostname').primaryKey(),
  appId: integer('app_id')
    .notNull()
    .references(() => apps.id, { onDelete: 'cascade' }),
  isPrimary: boolean('is_primary').notNull().default(false),
});
