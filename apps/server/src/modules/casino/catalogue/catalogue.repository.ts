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
import { CASINO_DISABLED_VENDOR_IDS } from '@sb/contract/constants';
import type { DbOrTx } from '../../../db/database';
import { casinoFavorites, casinoGames, casinoProviders, casinoSessions } from '../casino.tables';
import type { GameRow, ProviderRow } from './catalogue.seed';

export type GameRecord = typeof casinoGames.$inferSelect;
export type ProviderRecord = typeof casinoProviders.$inferSelect;
export interface GameWithProvider {
  game: GameRecord;
  provider: ProviderRecord;
}

export interface GameFilter {
  isPopular?: boolean;
  category?: number;
  providers?: number[];
  isLive?: boolean;
  text?: string;
}

/** What a player may see: enabled games of enabled providers, never a declared disabled vendor. */
const listable = () =>
  and(
    eq(casinoGames.enabled, true),
    eq(casinoProviders.enabled, true),
    notInArray(casinoProviders.id, [...CASINO_DISABLED_VENDOR_IDS]),
  );

/** LIKE wildcards in the player's text are matched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(filter: GameFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [listable()];
  if (filter.isPopular !== undefined) parts.push(eq(casinoGames.isPopular, filter.isPopular));
  if (filter.category !== undefined) parts.push(arrayContains(casinoGames.categories, [filter.category]));
  if (filter.providers && filter.providers.length > 0)
    parts.push(inArray(casinoGames.providerId, filter.providers));
  if (filter.isLive !== undefined) parts.push(eq(casinoProviders.isLive, filter.isLive));
  if (filter.text) {
    const pattern = `%${escapeLike(filter.text)}%`;
    parts.push(or(ilike(casinoGames.name, pattern), ilike(casinoProviders.name, pattern)));
  }
  return and(...parts);
}

export function createCatalogueRepository(db: DbOrTx) {
  const joined = () =>
    db
      .select({ game: casinoGames, provider: casinoProviders })
      .from(casinoGames)
      .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId));

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

    async providers(): Promise<ProviderRecord[]> {
      return db
        .select()
        .from(casinoProviders)
        .where(
          and(
            eq(casinoProviders.enabled, true),
            notInArray(casinoProviders.id, [...CASINO_DISABLED_VENDOR_IDS]),
          ),
        )
        .orderBy(asc(casinoProviders.sort), asc(casinoProviders.id));
    },

    /** Every game (listed or not), for the operator. */
    async allGames(providerId?: number): Promise<GameWithProvider[]> {
      return joined()
        .where(providerId === undefined ? undefined : eq(casinoGames.providerId, providerId))
        .orderBy(asc(casinoProviders.sort), asc(casinoGames.sort), asc(casinoGames.id));
    },

    async allProviders(): Promise<ProviderRecord[]> {
      return db.select().from(casinoProviders).orderBy(asc(casinoProviders.sort), asc(casinoProviders.id));
    },

    async games(
      filter: GameFilter,
      limit: number,
      offset: number,
    ): Promise<{ rows: GameWithProvider[]; total: number }> {
      const condition = where(filter);
      const [rows, [count]] = await Promise.all([
        joined()
          .where(condition)
          .orderBy(asc(casinoProviders.sort), asc(casinoGames.sort), asc(casinoGames.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(casinoGames)
          .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
          .where(condition),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    /** A game by id or extended id, listable or not (the caller decides). */
    async game(by: { id: number } | { extendedId: string }): Promise<GameWithProvider | null> {
      const [row] = await joined().where(
        'id' in by ? eq(casinoGames.id, by.id) : eq(casinoGames.extendedId, by.extendedId),
      );
      return row ?? null;
    },

    /** Whether a game may be played: listed and enabled. */
    async playable(gameId: number): Promise<GameWithProvider | null> {
      const [row] = await joined().where(and(eq(casinoGames.id, gameId), listable()));
      return row ?? null;
    },

    async favorites(userId: number): Promise<GameWithProvider[]> {
      return joined()
        .innerJoin(casinoFavorites, eq(casinoFavorites.gameId, casinoGames.id))
        .where(and(eq(casinoFavorites.userId, userId), listable()))
        .orderBy(desc(casinoFavorites.createdAt), desc(casinoGames.id))
        .then((rows) => rows.map(({ game, provider }) => ({ game, provider })));
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
    async recent(userId: number, limit: number): Promise<GameWithProvider[]> {
      const last = db
        .select({ gameId: casinoSessions.gameId, at: max(casinoSessions.startedAt).as('at') })
        .from(casinoSessions)
        .where(eq(casinoSessions.userId, userId))
        .groupBy(casinoSessions.gameId)
        .as('last');
      const rows = await joined()
        .innerJoin(last, eq(last.gameId, casinoGames.id))
        .where(listable())
        .orderBy(desc(last.at), desc(casinoGames.id))
        .limit(limit);
      return rows.map(({ game, provider }) => ({ game, provider }));
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

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
