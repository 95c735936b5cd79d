import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import { gamblingLimits, gamblingSettings } from './limits.tables';

export type LimitRow = typeof gamblingLimits.$inferSelect;
export type SettingsRow = typeof gamblingSettings.$inferSelect;

/** Of some clients, those with any limit or an exclusion running at `now` (every batch of placements). */
const withRulesQuery = preparedQuery('limits_clients_with_rules', (db) =>
  db
    .select({ userId: gamblingLimits.userId })
    .from(gamblingLimits)
    .where(sql`${gamblingLimits.userId} = any(${sql.placeholder('ids')}::int[])`)
    .union(
      db
        .select({ userId: gamblingSettings.userId })
        .from(gamblingSettings)
        .where(
          sql`${gamblingSettings.userId} = any(${sql.placeholder('ids')}::int[]) and ((${gamblingSettings.exclusionKind} is not null and ${gamblingSettings.excludedUntil} > ${sql.placeholder('now')}::timestamptz) or ${gamblingSettings.blockedAt} is not null)`,
        ),
    ),
);

export function createLimitsRepository(db: DbOrTx) {
  return {
    limitsOf: (userId: number): Promise<LimitRow[]> =>
      db.select().from(gamblingLimits).where(eq(gamblingLimits.userId, userId)),

    /** Of these clients, those with any limit or an exclusion still running at `now` (one statement). */
    async withRules(userIds: number[], now: Date): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await withRulesQuery(db).execute({ ids: userIds, now: now.toISOString() });
      return new Set(rows.map((r) => r.userId));
    },

    async saveLimit(row: LimitRow): Promise<void> {
      const { userId: _u, type: _t, period: _p, ...rest } = row;
      await db
        .insert(gamblingLimits)
        .values(row)
        .onConflictDoUpdate({
          target: [gamblingLimits.userId, gamblingLimits.type, gamblingLimits.period],
          set: rest,
        });
    },

    async settingsOf(userId: number): Promise<SettingsRow | null> {
      return (await db.select().from(gamblingSettings).where(eq(gamblingSettings.userId, userId)))[0] ?? null;
    },

    /** The client's settings row locked for an operator's change (block / unblock), or null. */
    async lockSettings(userId: number): Promise<SettingsRow | null> {
      return (
        (
          await db.select().from(gamblingSettings).where(eq(gamblingSettings.userId, userId)).for('update')
        )[0] ?? null
      );
    },

    /** Issue 35: sets (a time and reason) or clears (nulls) an operator's block; the rest of the row kept. */
    async saveBlock(userId: number, at: Date | null, reason: string | null, now: Date): Promise<void> {
      await db
        .insert(gamblingSettings)
        .values({ userId, blockedAt: at, blockedReason: reason, updatedAt: now })
        .onConflictDoUpdate({
          target: gamblingSettings.userId,
          set: { blockedAt: at, blockedReason: reason, updatedAt: now },
        });
    },

    /** The client's own settings; an operator's block (`saveBlock`) is never written here. */
    async saveSettings(row: Omit<SettingsRow, 'blockedAt' | 'blockedReason'>): Promise<void> {
      const { userId: _u, ...rest } = row;
      await db
        .insert(gamblingSettings)
        .values(row)
        .onConflictDoUpdate({ target: gamblingSettings.userId, set: rest });
    },
  };
}

export type LimitsRepository = ReturnType<typeof createLimitsRepository>;
