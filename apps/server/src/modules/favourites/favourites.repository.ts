import { and, asc, eq, sql } from 'drizzle-orm';
import type { Favourite, FavouriteType } from '@sb/contract';
import type { Db, DbOrTx } from '../../db/database';
import { favourites } from './favourites.tables';

export interface FavouriteKey {
  appId: number;
  userId: number;
  type: FavouriteType;
  itemId: number;
}

/** Advisory lock namespace of a client's favourites (the cap is counted and kept under it). */
const FAVOURITES_LOCK_NAMESPACE = 7_201_008;

export function createFavouritesRepository(db: Db) {
  return {
    async list(appId: number, userId: number, tx: DbOrTx = db): Promise<Favourite[]> {
      const rows = await tx
        .select({ type: favourites.type, id: favourites.itemId })
        .from(favourites)
        .where(and(eq(favourites.appId, appId), eq(favourites.userId, userId)))
        .orderBy(asc(favourites.createdAt), asc(favourites.type), asc(favourites.itemId));
      return rows.map((r) => ({ type: r.type as FavouriteType, id: r.id }));
    },

    /**
     * Inserts unless present or the client already has `cap` favourites; runs in one transaction holding the
     * client's lock, so two racing saves cannot both pass the count. Returns false when the cap refused it.
     */
    async add(key: FavouriteKey, cap: number, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${FAVOURITES_LOCK_NAMESPACE}, ${key.userId})`);
        const mine = and(eq(favourites.appId, key.appId), eq(favourites.userId, key.userId));
        const [present] = await tx
          .select({ n: sql<number>`1` })
          .from(favourites)
          .where(and(mine, eq(favourites.type, key.type), eq(favourites.itemId, key.itemId)));
        if (present) return true;
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(favourites)
          .where(mine);
        if ((count?.n ?? 0) >= cap) return false;
        await tx
          .insert(favourites)
          .values({ ...key, createdAt: at })
          .onConflictDoNothing();
        return true;
      });
    },

    async remove(key: FavouriteKey): Promise<void> {
      await db
        .delete(favourites)
        .where(
          and(
            eq(favourites.appId, key.appId),
            eq(favourites.userId, key.userId),
            eq(favourites.type, key.type),
            eq(favourites.itemId, key.itemId),
          ),
        );
    },
  };
}

export type FavouritesRepository = ReturnType<typeof createFavouritesRepository>;
