import {
  and,
  arrayContains,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  max,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { CASINO_DISABLED_VENDOR_IDS, CASINO_POPULAR_CATEGORIES } from '@sb/contract/constants';
import type { DbOrTx } from '../../../db/database';
import {
  casinoBrandGames,
  casinoBrandProviders,
  casinoFavorites,
  casinoGames,
  casinoProviders,
  casinoSessions,
} from '../casino.tables';
import type { GameRow, ProviderRow } from './catalogue.seed';

export type GameRecord = typeof casinoGames.$inferSelect;
export type ProviderRecord = typeof casinoProviders.$inferSelect;
export type BrandGameRecord = typeof casinoBrandGames.$inferSelect;
export interface GameWithProvider {
  game: GameRecord;
  provider: ProviderRecord;
  /** The brand's overlay on the game (issue 35 §1), when a brand asked and has one. */
  brand?: BrandGameRecord | null;
}

export interface GameFilter {
  isPopular?: boolean;
  category?: number;
  providers?: number[];
  isLive?: boolean;
  text?: string;
  /** The brand whose overlay applies (none: the shared catalogue as it is). */
  appId?: number | null;
}

/** What the shared catalogue lists: enabled games of enabled providers, never a declared disabled vendor. */
export const sharedListable = () =>
  and(
    eq(casinoGames.enabled, true),
    eq(casinoProviders.enabled, true),
    notInArray(casinoProviders.id, [...CASINO_DISABLED_VENDOR_IDS]),
  );

/** What a player of the brand may see: the shared listable games the brand's overlay does not hide. */
const listable = () =>
  and(
    sharedListable(),
    sql`coalesce(${casinoBrandGames.enabled}, true)`,
    sql`coalesce(${casinoBrandProviders.enabled}, true)`,
  );

/** The brand's lobby order: its positioned games first, then the shared order. */
export const lobbyOrder = () => [
  sql`${casinoBrandGames.position} asc nulls last`,
  asc(casinoProviders.sort),
  asc(casinoGames.sort),
  asc(casinoGames.id),
];

const POPULAR = new Set<number>(CASINO_POPULAR_CATEGORIES);

/** LIKE wildcards in the player's text are matched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(filter: GameFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [listable()];
  if (filter.isPopular !== undefined)
    parts.push(sql`coalesce(${casinoBrandGames.popular}, ${casinoGames.isPopular}) = ${filter.isPopular}`);
  if (filter.category !== undefined)
    parts.push(
      POPULAR.has(filter.category)
        ? sql`coalesce(${casinoBrandGames.popularCategories}, ${casinoGames.categories}) @> array[${filter.category}]::int[]`
        : arrayContains(casinoGames.categories, [filter.category]),
    );
  if (filter.providers && filter.providers.length > 0)
    parts.push(inArray(casinoGames.providerId, filter.providers));
  if (filter.isLive !== undefined) parts.push(eq(casinoProviders.isLive, filter.isLive));
  if (filter.text) {
    const pattern = `%${escapeLike(filter.text)}%`;
    parts.push(or(ilike(casinoGames.name, pattern), ilike(casinoProviders.name, pattern)));
  }
  return and(...parts);
}

/** The brand's rows join on its id; no brand joins nothing (app ids start at 1). */
const brandGameOn = (appId: number | null | undefined) =>
  and(eq(casinoBrandGames.gameId, casinoGames.id), eq(casinoBrandGames.appId, appId ?? 0));
const brandProviderOn = (appId: number | null | undefined) =>
  and(eq(casinoBrandProviders.providerId, casinoProviders.id), eq(casinoBrandProviders.appId, appId ?? 0));

/** The shared catalogue's games joined to their provider and the brand's overlay (no brand: none). */
const joined = (db: DbOrTx, appId?: number | null) =>
  db
    .select({ game: casinoGames, provider: casinoProviders, brand: casinoBrandGames })
    .from(casinoGames)
    .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
    .leftJoin(casinoBrandGames, brandGameOn(appId))
    .leftJoin(casinoBrandProviders, brandProviderOn(appId));

/** The SQL of the shared casino catalogue, its brand overlays as players see them, and clients' game lists. */
export function createCatalogueRepository(db: DbOrTx) {
  return { ...catalogueUpkeep(db), ...lobbyReads(db), ...playerGameLists(db) };
}

/** The catalogue's seeding and the operator's reads and edits of the shared rows. */
function catalogueUpkeep(db: DbOrTx) {
  return {
    async isSeeded(): Promise<boolean> {
      const [row] = await db.select({ id: casinoProviders.id }).from(casinoProviders).limit(1);
      return Boolean(row);
    },

    /** Inserts what is missing; rows already there (another instance, an operator's edits) are kept. */
    async insertCatalogue(providers: ProviderRow[], games: GameRow[]): Promise<void> {
      await db.insert(casinoProviders).values(providers).onConflictDoNothing();
      for (let i = 0; i < games.length; i += 100)
        await db
          .insert(casinoGames)
          .values(games.slice(i, i + 100))
          .onConflictDoNothing();
    },

    /** Every game (listed or not), for the operator. */
    async allGames(providerId?: number): Promise<GameWithProvider[]> {
      return joined(db)
        .where(providerId === undefined ? undefined : eq(casinoGames.providerId, providerId))
        .orderBy(asc(casinoProviders.sort), asc(casinoGames.sort), asc(casinoGames.id));
    },

    async allProviders(): Promise<ProviderRecord[]> {
      return db.select().from(casinoProviders).orderBy(asc(casinoProviders.sort), asc(casinoProviders.id));
    },

    async updateGame(id: number, patch: Partial<GameRow>): Promise<boolean> {
      const rows = await db
        .update(casinoGames)
        .set(patch)
        .where(eq(casinoGames.id, id))
        .returning({ id: casinoGames.id });
      return rows.length === 1;
    },

    async updateProvider(id: number, patch: Partial<ProviderRow>): Promise<boolean> {
      const rows = await db
        .update(casinoProviders)
        .set(patch)
        .where(eq(casinoProviders.id, id))
        .returning({ id: casinoProviders.id });
      return rows.length === 1;
    },
  };
}

/** What the lobby lists and what may be played, with the brand's overlay. */
function lobbyReads(db: DbOrTx) {
  return {
    async providers(appId?: number | null): Promise<ProviderRecord[]> {
      const rows = await db
        .select({ provider: casinoProviders })
        .from(casinoProviders)
        .leftJoin(casinoBrandProviders, brandProviderOn(appId))
        .where(
          and(
            eq(casinoProviders.enabled, true),
            notInArray(casinoProviders.id, [...CASINO_DISABLED_VENDOR_IDS]),
            sql`coalesce(${casinoBrandProviders.enabled}, true)`,
          ),
        )
        .orderBy(asc(casinoProviders.sort), asc(casinoProviders.id));
      return rows.map((r) => r.provider);
    },

    async games(
      filter: GameFilter,
      limit: number,
      offset: number,
    ): Promise<{ rows: GameWithProvider[]; total: number }> {
      const condition = where(filter);
      const [rows, [count]] = await Promise.all([
        joined(db, filter.appId)
          .where(condition)
          .orderBy(...lobbyOrder())
          .limit(limit)
          .offset(offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(casinoGames)
          .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
          .leftJoin(casinoBrandGames, brandGameOn(filter.appId))
          .leftJoin(casinoBrandProviders, brandProviderOn(filter.appId))
          .where(condition),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    /** A game by id or extended id, listable or not (the caller decides). */
    async game(by: { id: number } | { extendedId: string }): Promise<GameWithProvider | null> {
      const [row] = await joined(db).where(
        'id' in by ? eq(casinoGames.id, by.id) : eq(casinoGames.extendedId, by.extendedId),
      );
      return row ?? null;
    },

    /** Whether a game may be played (on the brand, when given): listed and enabled. */
    async playable(gameId: number, appId?: number | null): Promise<GameWithProvider | null> {
      const [row] = await joined(db, appId).where(and(eq(casinoGames.id, gameId), listable()));
      return row ?? null;
    },
  };
}

/** A client's favourite and recently played games. */
function playerGameLists(db: DbOrTx) {
  return {
    async favorites(userId: number, appId?: number | null): Promise<GameWithProvider[]> {
      return joined(db, appId)
        .innerJoin(casinoFavorites, eq(casinoFavorites.gameId, casinoGames.id))
        .where(and(eq(casinoFavorites.userId, userId), listable()))
        .orderBy(desc(casinoFavorites.createdAt), desc(casinoGames.id))
        .then((rows) => rows.map(({ game, provider, brand }) => ({ game, provider, brand })));
    },

    async addFavorite(userId: number, gameId: number, at: Date): Promise<void> {
      await db.insert(casinoFavorites).values({ userId, gameId, createdAt: at }).onConflictDoNothing();
    },

    async removeFavorite(userId: number, gameId: number): Promise<void> {
      await db
        .delete(casinoFavorites)
        .where(and(eq(casinoFavorites.userId, userId), eq(casinoFavorites.gameId, gameId)));
    },

    /** Games the client launched, latest first. */
    async recent(userId: number, limit: number, appId?: number | null): Promise<GameWithProvider[]> {
      const last = db
        .select({ gameId: casinoSessions.gameId, at: max(casinoSessions.startedAt).as('at') })
        .from(casinoSessions)
        .where(eq(casinoSessions.userId, userId))
        .groupBy(casinoSessions.gameId)
        .as('last');
      const rows = await joined(db, appId)
        .innerJoin(last, eq(last.gameId, casinoGames.id))
        .where(listable())
        .orderBy(desc(last.at), desc(casinoGames.id))
        .limit(limit);
      return rows.map(({ game, provider, brand }) => ({ game, provider, brand }));
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
