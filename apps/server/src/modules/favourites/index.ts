import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Auth } from '../identity/index';
import { createFavouritesRepository } from './favourites.repository';
import { favouritesRoutes } from './favourites.routes';
import { createFavouritesService, type FavouriteTargets } from './favourites.service';

export type { FavouritesService, FavouriteTargets } from './favourites.service';
export { FAVOURITES_CAP } from './favourites.service';

/** A client's favourite matches and competitions (spec §7 favs, favorite/save, favorite/remove). */
export function createFavouritesModule(deps: {
  db: Db;
  clock: Clock;
  auth: Auth;
  targets: FavouriteTargets;
  cap?: number;
}) {
  const service = createFavouritesService({
    repo: createFavouritesRepository(deps.db),
    clock: deps.clock,
    targets: deps.targets,
    cap: deps.cap,
  });
  return { service, routes: favouritesRoutes(service, deps.auth) };
}

export type FavouritesModule = ReturnType<typeof createFavouritesModule>;
