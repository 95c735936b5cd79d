import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { gamblingLimits, gamblingSettings } from './limits.tables';

export type LimitRow = typeof gamblingLimits.$inferSelect;
export type SettingsRow = typeof gamblingSettings.$inferSelect;

export function createLimitsRepository(db: DbOrTx) {
  return {
    limitsOf: (userId: number): Promise<LimitRow[]> =>
      db.select().from(gamblingLimits).where(eq(gamblingLimits.userId, userId)),

    /** Of these clients, those with any limit or an exclusion still running at `now` (one statement). */
    async withRules(userIds: number[], now: Date): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .select({ userId: gamblingLimits.userId })
        .from(gamblingLimits)
        .where(inArray(gamblingLimits.userId, userIds))
        .union(
          db
            .select({ userId: gamblingSettings.userId })
            .from(gamblingSettings)
            .where(
              sql`${inArray(gamblingSettings.userId, userIds)} and ${gamblingSettings.exclusionKind} is not null and ${gamblingSettings.excludedUntil} > ${now}`,
            ),
        );
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

    async saveSettings(row: SettingsRow): Promise<void> {
      const { userId: _u, ...rest } = row;
      await db
        .insert(gamblingSettings)
        .values(row)
        .onConflictDoUpdate({ target: gamblingSettings.userId, set: rest });
    },
  };
}

export type LimitsRepository = ReturnType<typeof createLimitsRepository>;
