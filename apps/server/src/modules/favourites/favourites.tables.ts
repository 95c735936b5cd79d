import { index, integer, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * A client's favourite match (type 1, `item_id` an event id) or competition (type 2, a competition id).
 * One row per client, type and item: saving again changes nothing. `app_id` keeps a client's list inside its
 * brand even if ids were ever shared between apps.
 */
export const favourites = pgTable(
  'favourites',
  {
    appId: integer('app_id').notNull(),
    userId: integer('user_id').notNull(),
    type: smallint('type').notNull(),
    itemId: integer('item_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type, t.itemId] }),
    // The list is read in the order the client saved it.
    index('favourites_user_created_idx').on(t.userId, t.createdAt),
  ],
);
