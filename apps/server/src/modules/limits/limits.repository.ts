import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { gamblingLimits, gamblingSettings } from './limits.tables';

export type LimitRow = typeof gamblingLimits.$inferSelect;
export type SettingsRow = typeof gamblingSettings.$inferSelect;

export function createLimitsRepository(db: DbOrTx) {
  return {
    limitsOf: (userId: number): Promise<LimitRow[]> =>
      db.select().from(gamblingLimits).where(eq(gamblingLimits.userId, userId)),

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
