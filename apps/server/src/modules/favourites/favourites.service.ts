import { FAVOURITE_TYPES, type Favourite, type FavouriteType } from '@sb/contract';
import type { Clock } from '../../lib/clock';
import { HttpError, notFound } from '../../plugins/errors';
import type { FavouritesRepository } from './favourites.repository';

/** Most favourites one client keeps (matches and competitions together); spec silent, see README. */
export const FAVOURITES_CAP = 200;

/** Whether the thing a favourite names exists (the sports module answers). */
export interface FavouriteTargets {
  eventExists(id: number): Promise<boolean>;
  competitionExists(id: number): Promise<boolean>;
}

/** The client a request is for: favourites are always the caller's own. */
export interface FavouriteOwner {
  id: number;
  appId: number;
}

export interface FavouritesDeps {
  repo: FavouritesRepository;
  clock: Clock;
  targets: FavouriteTargets;
  cap?: number;
}

export function createFavouritesService(deps: FavouritesDeps) {
  const { repo, clock, targets } = deps;
  const cap = deps.cap ?? FAVOURITES_CAP;

  async function assertExists(type: FavouriteType, id: number): Promise<void> {
    const match = type === FAVOURITE_TYPES.match;
    const exists = match ? await targets.eventExists(id) : await targets.competitionExists(id);
    if (!exists) throw notFound(match ? 'event' : 'competition');
  }

  const keyOf = (owner: FavouriteOwner, f: Favourite) => ({
    appId: owner.appId,
    userId: owner.id,
    type: f.type,
    itemId: f.id,
  });

  return {
    list: (owner: FavouriteOwner) => repo.list(owner.appId, owner.id),

    /** Adds a favourite (again: no change); 404 for an id that names nothing, 409 past the cap. */
    async save(owner: FavouriteOwner, favourite: Favourite): Promise<Favourite[]> {
      await assertExists(favourite.type, favourite.id);
      const added = await repo.add(keyOf(owner, favourite), cap, new Date(clock.now()));
      if (!added)
        throw new HttpError(409, 'favourites_full', `at most ${cap} favourites; remove one first`, 'id');
      return repo.list(owner.appId, owner.id);
    },

    /**
     * Removes a favourite of the caller. One the caller has is removed even if its event has since been purged;
     * an id that is neither the caller's favourite nor an existing event or competition is a 404.
     */
    async remove(owner: FavouriteOwner, favourite: Favourite): Promise<Favourite[]> {
      const before = await repo.list(owner.appId, owner.id);
      const held = before.some((f) => f.type === favourite.type && f.id === favourite.id);
      if (!held) {
        await assertExists(favourite.type, favourite.id);
        return before;
      }
      await repo.remove(keyOf(owner, favourite));
      return repo.list(owner.appId, owner.id);
    },
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
