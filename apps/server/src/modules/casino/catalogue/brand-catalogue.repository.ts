import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { CASINO_DISABLED_VENDOR_IDS } from '@sb/contract/constants';
import type { DbOrTx } from '../../../db/database';
import { casinoBrandGames, casinoBrandProviders, casinoGames, casinoProviders } from '../casino.tables';
import {
  lobbyOrder,
  sharedListable,
  type BrandGameRecord,
  type GameRecord,
  type ProviderRecord,
} from './catalogue.repository';

/** Serialises one brand's catalogue edits (a move renumbers the places before it). */
const BRAND_CATALOGUE_LOCK = 7_201_035;

export interface BrandGameRow {
  game: GameRecord;
  provider: ProviderRecord;
  brand: BrandGameRecord | null;
  providerEnabled: boolean | null;
}

export type BrandGameOverlay = Partial<Pick<BrandGameRecord, 'enabled' | 'popular' | 'popularCategories'>>;

/** The SQL of a brand's overlay on the shared catalogue (issue 35 §1), for the desk. */
export function createBrandCatalogueRepository(db: DbOrTx) {
  return { ...brandCatalogueReads(db), ...brandCatalogueWrites(db) };
}

/** The brand's lock and what the desk reads of its overlay. */
function brandCatalogueReads(db: DbOrTx) {
  return {
    async lock(appId: number): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${BRAND_CATALOGUE_LOCK}, ${appId})`);
    },

    /** The providers the shared catalogue lists, with the brand's switch (null: never set). */
    async providers(appId: number): Promise<{ provider: ProviderRecord; enabled: boolean | null }[]> {
      return db
        .select({ provider: casinoProviders, enabled: casinoBrandProviders.enabled })
        .from(casinoProviders)
        .leftJoin(
          casinoBrandProviders,
          and(eq(casinoBrandProviders.providerId, casinoProviders.id), eq(casinoBrandProviders.appId, appId)),
        )
        .where(
          and(
            eq(casinoProviders.enabled, true),
            notInArray(casinoProviders.id, [...CASINO_DISABLED_VENDOR_IDS]),
          ),
        )
        .orderBy(asc(casinoProviders.sort), asc(casinoProviders.id));
    },

    /** The games the shared catalogue lists, with the brand's overlay, in the brand's lobby order. */
    async games(appId: number): Promise<BrandGameRow[]> {
      return db
        .select({
          game: casinoGames,
          provider: casinoProviders,
          brand: casinoBrandGames,
          providerEnabled: casinoBrandProviders.enabled,
        })
        .from(casinoGames)
        .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
        .leftJoin(
          casinoBrandGames,
          and(eq(casinoBrandGames.gameId, casinoGames.id), eq(casinoBrandGames.appId, appId)),
        )
        .leftJoin(
          casinoBrandProviders,
          and(eq(casinoBrandProviders.providerId, casinoProviders.id), eq(casinoBrandProviders.appId, appId)),
        )
        .where(sharedListable())
        .orderBy(...lobbyOrder());
    },
  };
}

/** The brand's overlay written: a game's switch, marks and place, a provider's switch. */
function brandCatalogueWrites(db: DbOrTx) {
  return {
    async setGame(appId: number, gameId: number, overlay: BrandGameOverlay): Promise<void> {
      await db
        .insert(casinoBrandGames)
        .values({ appId, gameId, ...overlay })
        .onConflictDoUpdate({ target: [casinoBrandGames.appId, casinoBrandGames.gameId], set: overlay });
    },

    /** Places 1..n for the games in this order (the lobby's first n). */
    async setPlaces(appId: number, gameIds: number[]): Promise<void> {
      for (let i = 0; i < gameIds.length; i += 200)
        await db
          .insert(casinoBrandGames)
          .values(gameIds.slice(i, i + 200).map((gameId, j) => ({ appId, gameId, position: i + j + 1 })))
          .onConflictDoUpdate({
            target: [casinoBrandGames.appId, casinoBrandGames.gameId],
            set: { position: sql`excluded.position` },
          });
    },

    async setProvider(appId: number, providerId: number, enabled: boolean): Promise<void> {
      await db
        .insert(casinoBrandProviders)
        .values({ appId, providerId, enabled })
        .onConflictDoUpdate({
          target: [casinoBrandProviders.appId, casinoBrandProviders.providerId],
          set: { enabled },
        });
    },
  };
}
