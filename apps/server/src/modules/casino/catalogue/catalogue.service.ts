import { createHash } from 'node:crypto';
import type { CasinoGame, CasinoProvider } from '@sb/contract';
import { CASINO_NEW_DAYS, CASINO_POPULAR_CATEGORIES } from '@sb/contract/constants';
import type { Clock } from '../../../lib/clock';
import { HttpError, notFound } from '../../../plugins/errors';
import type { CatalogueRepository, GameFilter, GameRecord, GameWithProvider } from './catalogue.repository';
import { generateCatalogue } from './catalogue.seed';

const DAY_MS = 86_400_000;
/** Recently played games listed (spec §9's popular strip size). */
export const RECENT_LIMIT = 14;
/** Search answers at most this many games. */
export const SEARCH_LIMIT = 60;
/** The catalogue's seed: the same seed, the same catalogue. */
export const CATALOGUE_SEED = 20_261_010;

/** What the thumbnail looks like depends on these; their digest is in the path, so an edit changes the URL. */
export function thumbnailVersion(game: GameRecord, providerName: string): string {
  return createHash('sha256')
    .update(JSON.stringify([game.name, providerName, game.config, game.isPopular]))
    .digest('hex')
    .slice(0, 10);
}

export const thumbnailPath = (game: GameRecord, providerName: string) =>
  `/api/v1/casino/thumbnails/${game.id}-${thumbnailVersion(game, providerName)}.gif`;

const POPULAR = new Set<number>(CASINO_POPULAR_CATEGORIES);

/** The game's categories on a brand: its own, with the brand's popular categories in place of the shared ones. */
export function brandCategories(game: GameRecord, brandPopular: number[] | null | undefined): number[] {
  if (!brandPopular) return game.categories;
  return [...game.categories.filter((c) => !POPULAR.has(c)), ...brandPopular];
}

/** A game as the player's API shows it; `is_new` counts from the clock's now. */
const gameViewAt =
  (clock: Clock) =>
  ({ game, provider, brand }: GameWithProvider): CasinoGame => ({
    id: game.id,
    extended_id: game.extendedId,
    name: game.name,
    thumbnail: thumbnailPath(game, provider.name),
    is_popular: brand?.popular ?? game.isPopular,
    is_new: clock.now() - game.releasedAt.getTime() < CASINO_NEW_DAYS * DAY_MS,
    is_live: provider.isLive,
    vendor: { id: provider.id, name: provider.name },
    categories: brandCategories(game, brand?.popularCategories),
    rtp: game.rtpBp / 100,
    volatility: game.volatility,
    demo: game.demo,
  });

export function createCatalogueService(deps: { repo: CatalogueRepository; clock: Clock }) {
  const { repo, clock } = deps;
  const view = gameViewAt(clock);

  return {
    view,

    /** Seeds the catalogue once (any instance; concurrent seeding inserts nothing twice). */
    async seed(): Promise<void> {
      if (await repo.isSeeded()) return;
      const { providers, games } = generateCatalogue(CATALOGUE_SEED, clock.now());
      await repo.insertCatalogue(providers, games);
    },

    async providers(appId?: number | null): Promise<CasinoProvider[]> {
      return (await repo.providers(appId)).map((p) => ({ id: p.id, name: p.name, is_live: p.isLive }));
    },

    async games(filter: GameFilter, page: number, perPage: number) {
      const { rows, total } = await repo.games(filter, perPage, (page - 1) * perPage);
      return { result: rows.map(view), pagination: { page, per_page: perPage, totalCount: total } };
    },

    async search(text: string, filter: Omit<GameFilter, 'text'>): Promise<CasinoGame[]> {
      const { rows } = await repo.games({ ...filter, text }, SEARCH_LIMIT, 0);
      return rows.map(view);
    },

    /**
     * A game a player may open, by the id playnow takes; 404 when unknown or not listed, 403 `game_disabled` when
     * the shared catalogue lists it and the brand (or its provider on the brand) does not.
     */
    async playableByExtendedId(extendedId: string, appId?: number | null): Promise<GameWithProvider> {
      const found = await repo.game({ extendedId });
      if (!found) throw notFound('game');
      return this.playableById(found.game.id, appId);
    },

    async playableById(id: number, appId?: number | null): Promise<GameWithProvider> {
      const playable = await repo.playable(id, appId);
      if (playable) return playable;
      if (appId != null && (await repo.playable(id)))
        throw new HttpError(403, 'game_disabled', 'this game is not offered on this site');
      throw notFound('game');
    },

    /** Any game row by id (sessions of a game disabled since still show it). */
    async byId(id: number): Promise<GameWithProvider> {
      const found = await repo.game({ id });
      if (!found) throw notFound('game');
      return found;
    },

    favorites: async (userId: number, appId?: number | null) =>
      (await repo.favorites(userId, appId)).map(view),
    async addFavorite(userId: number, gameId: number, appId?: number | null): Promise<CasinoGame[]> {
      await this.playableById(gameId, appId);
      await repo.addFavorite(userId, gameId, new Date(clock.now()));
      return this.favorites(userId, appId);
    },
    async removeFavorite(userId: number, gameId: number, appId?: number | null): Promise<CasinoGame[]> {
      await this.byId(gameId);
      await repo.removeFavorite(userId, gameId);
      return this.favorites(userId, appId);
    },
    recent: async (userId: number, appId?: number | null) =>
      (await repo.recent(userId, RECENT_LIMIT, appId)).map(view),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
