import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { BannerPlacement } from '@sb/contract';
import type { DbOrTx } from '../../db/database';
import { banners, type BannerRow, type NewBanner } from './banners.tables';

/** Serialises one brand's banner edits (a move renumbers the banners of its placement). */
const BANNERS_LOCK = 7_201_036;

/** A banner without its picture's bytes (what lists, caches and the audit hold). */
export type BannerMeta = Omit<BannerRow, 'image'>;

const { image: _image, ...metaColumns } = getTableColumns(banners);

/** The SQL of brands' banners (issue 35 §1). */
export function createBannersRepository(db: DbOrTx) {
  return {
    async lock(appId: number): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${BANNERS_LOCK}, ${appId})`);
    },

    /** A brand's banners, by placement then place. */
    async list(appId: number): Promise<BannerMeta[]> {
      return db
        .select(metaColumns)
        .from(banners)
        .where(eq(banners.appId, appId))
        .orderBy(asc(banners.placement), asc(banners.position), asc(banners.id));
    },

    async find(appId: number, id: number): Promise<BannerMeta | null> {
      const [row] = await db
        .select(metaColumns)
        .from(banners)
        .where(and(eq(banners.appId, appId), eq(banners.id, id)));
      return row ?? null;
    },

    /** A picture by its banner and hash (an old hash is a picture replaced since: none). */
    async image(id: number, hash: string): Promise<Pick<BannerRow, 'image' | 'imageType'> | null> {
      const [row] = await db
        .select({ image: banners.image, imageType: banners.imageType })
        .from(banners)
        .where(and(eq(banners.id, id), eq(banners.imageHash, hash)));
      return row ?? null;
    },

    async insert(row: NewBanner): Promise<number> {
      const [created] = await db.insert(banners).values(row).returning({ id: banners.id });
      return created!.id;
    },

    async update(id: number, set: Partial<NewBanner>): Promise<void> {
      if (Object.keys(set).length > 0) await db.update(banners).set(set).where(eq(banners.id, id));
    },

    async remove(id: number): Promise<void> {
      await db.delete(banners).where(eq(banners.id, id));
    },

    /** Places 1..n for these banners of one placement, in this order. */
    async setPlaces(appId: number, placement: BannerPlacement, ids: number[]): Promise<void> {
      for (const [i, id] of ids.entries())
        await db
          .update(banners)
          .set({ position: i + 1 })
          .where(and(eq(banners.appId, appId), eq(banners.placement, placement), eq(banners.id, id)));
    },
  };
}

export type BannersRepository = ReturnType<typeof createBannersRepository>;
