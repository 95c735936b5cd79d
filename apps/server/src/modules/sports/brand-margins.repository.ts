import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import { brandMargins } from './brand-margins.tables';

export type BrandMarginStored = typeof brandMargins.$inferSelect;
/** A row's key as stored: sport 0 = every sport, family '' = every family. */
export type BrandMarginKey = Pick<BrandMarginStored, 'appId' | 'sportId' | 'family'>;

const keyWhere = (key: BrandMarginKey) =>
  and(
    eq(brandMargins.appId, key.appId),
    eq(brandMargins.sportId, key.sportId),
    eq(brandMargins.family, key.family),
  );

/** The brand margins' SQL (`brand_margins`). */
export function createBrandMarginsRepository(db: Db | DbOrTx) {
  return {
    all: (): Promise<BrandMarginStored[]> => db.select().from(brandMargins).orderBy(asc(brandMargins.appId)),

    /** The row of this key, locked until the transaction ends. */
    async lock(key: BrandMarginKey): Promise<BrandMarginStored | null> {
      const [row] = await db.select().from(brandMargins).where(keyWhere(key)).for('update');
      return row ?? null;
    },

    async delete(key: BrandMarginKey): Promise<void> {
      await db.delete(brandMargins).where(keyWhere(key));
    },

    async upsert(row: typeof brandMargins.$inferInsert): Promise<void> {
      await db
        .insert(brandMargins)
        .values(row)
        .onConflictDoUpdate({
          target: [brandMargins.appId, brandMargins.sportId, brandMargins.family],
          set: { marginBp: row.marginBp, updatedAt: row.updatedAt },
        });
    },
  };
}
