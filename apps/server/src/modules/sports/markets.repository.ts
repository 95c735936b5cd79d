import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { marketDefinitions } from './sports.tables';

export type MarketDefinitionRow = typeof marketDefinitions.$inferSelect;

export function createMarketsRepository(db: DbOrTx) {
  return {
    list(sportId?: number): Promise<MarketDefinitionRow[]> {
      const query = db.select().from(marketDefinitions);
      const filtered = sportId === undefined ? query : query.where(eq(marketDefinitions.sportId, sportId));
      return filtered.orderBy(asc(marketDefinitions.sportId), asc(marketDefinitions.order));
    },

    /** One multi-row upsert: start-up stays fast however many definitions there are. */
    async upsertMany(rows: (typeof marketDefinitions.$inferInsert)[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insert(marketDefinitions)
        .values(rows)
        .onConflictDoUpdate({
          target: marketDefinitions.id,
          set: {
            eid: sql`excluded.eid`,
            sportId: sql`excluded.sport_id`,
            nameEn: sql`excluded.name_en`,
            nameTr: sql`excluded.name_tr`,
            order: sql`excluded.order`,
            spk: sql`excluded.spk`,
            mg: sql`excluded.mg`,
          },
        });
    },
  };
}

export type MarketsRepository = ReturnType<typeof createMarketsRepository>;
