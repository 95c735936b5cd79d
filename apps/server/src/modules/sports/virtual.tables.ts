import { index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * A round of virtual football: one matchday of every virtual league, kicked off together. Its matches are
 * ordinary events (sport virtual-football, ids from the round: virtual/virtual.generator.ts); the simulator leader
 * creates rounds ahead and plays them.
 */
export const virtualRounds = pgTable(
  'virtual_rounds',
  {
    /** 1, 2, 3, … : the round's number across every league (each league's season and matchday derive from it). */
    id: integer('id').primaryKey(),
    kickoffAt: timestamp('kickoff_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('virtual_rounds_kickoff_idx').on(t.kickoffAt)],
);
