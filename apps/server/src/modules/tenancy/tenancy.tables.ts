import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { FeatureFlags, Theme } from '@sb/contract';

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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const appHosts = pgTable('app_hosts', {
  hostname: text('hostname').primaryKey(),
  appId: integer('app_id')
    .notNull()
    .references(() => apps.id, { onDelete: 'cascade' }),
  isPrimary: boolean('is_primary').notNull().default(false),
});
