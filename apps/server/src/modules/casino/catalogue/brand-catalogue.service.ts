import type { OpsBrandCasinoGame, OpsBrandCasinoGamePatch, OpsBrandCasinoProvider } from '@sb/contract';
import { CASINO_POPULAR_CATEGORIES } from '@sb/contract/constants';
import type { Db, DbOrTx } from '../../../db/database';
import { notFound } from '../../../plugins/errors';
import { createBrandCatalogueRepository, type BrandGameRow } from './brand-catalogue.repository';

/** Records a change in its transaction (the ops audit), with what it was and what it became. */
export type CatalogueAudit<T> = (tx: DbOrTx, before: T, after: T) => Promise<void>;

const POPULAR = new Set<number>(CASINO_POPULAR_CATEGORIES);

const gameView = (row: BrandGameRow, index: number): OpsBrandCasinoGame => {
  const gameEnabled = row.brand?.enabled ?? true;
  return {
    id: row.game.id,
    name: row.game.name,
    provider: { id: row.provider.id, name: row.provider.name },
    enabled: gameEnabled && (row.providerEnabled ?? true),
    gameEnabled,
    place: index + 1,
    popular: row.brand?.popular ?? row.game.isPopular,
    popularCategories: row.brand?.popularCategories ?? row.game.categories.filter((c) => POPULAR.has(c)),
  };
};

/**
 * A brand's casino catalogue for the desk (issue 35 §1): the shared catalogue with the brand's overlay. Edits run
 * in one transaction per change, under the brand's lock, audited there. The player's calls read the overlay from
 * the database on every request (the catalogue has no cache), so every instance answers the change at once.
 */
export function createBrandCatalogueService(deps: BrandCatalogueDeps) {
  return {
    catalogue: (appId: number) => brandCatalogue(deps, appId),
    /** Switches, marks or moves one game on the brand; `position` puts it at that place (the rest shift by one). */
    updateGame: (
      appId: number,
      gameId: number,
      patch: OpsBrandCasinoGamePatch,
      audit: CatalogueAudit<OpsBrandCasinoGame>,
    ) => updateGame(deps, appId, gameId, patch, audit),
    updateProvider: (
      appId: number,
      providerId: number,
      enabled: boolean,
      audit: CatalogueAudit<OpsBrandCasinoProvider>,
    ) => updateProvider(deps, appId, providerId, enabled, audit),
  };
}

/** What the brand catalogue service is made of. */
interface BrandCatalogueDeps {
  db: Db;
  brandExists: (appId: number) => Promise<boolean>;
}

/** The brand, or a 404. */
async function existing(deps: BrandCatalogueDeps, appId: number): Promise<void> {
  if (!(await deps.brandExists(appId))) throw notFound('brand');
}

/** One change of the brand's overlay: its own transaction, under the brand's lock. */
async function locked<T>(
  deps: BrandCatalogueDeps,
  appId: number,
  work: (tx: DbOrTx, repo: ReturnType<typeof createBrandCatalogueRepository>) => Promise<T>,
): Promise<T> {
  await existing(deps, appId);
  return deps.db.transaction(async (tx) => {
    const repo = createBrandCatalogueRepository(tx);
    await repo.lock(appId);
    return work(tx, repo);
  });
}

/** The game in the brand's lobby order (or a 404), with the whole order and its place in it. */
async function gameOf(tx: DbOrTx, appId: number, gameId: number) {
  const rows = await createBrandCatalogueRepository(tx).games(appId);
  const index = rows.findIndex((r) => r.game.id === gameId);
  if (index < 0) throw notFound('game');
  return { rows, index, view: gameView(rows[index]!, index) };
}

/** The brand's providers and games with its switches, places and popular marks. */
async function brandCatalogue(
  deps: BrandCatalogueDeps,
  appId: number,
): Promise<{ providers: OpsBrandCasinoProvider[]; games: OpsBrandCasinoGame[] }> {
  await existing(deps, appId);
  const repo = createBrandCatalogueRepository(deps.db);
  const [providers, games] = await Promise.all([repo.providers(appId), repo.games(appId)]);
  return {
    providers: providers.map(({ provider, enabled }) => ({
      id: provider.id,
      name: provider.name,
      isLive: provider.isLive,
      enabled: enabled ?? true,
    })),
    games: games.map(gameView),
  };
}

/** Switches, marks or moves one game on the brand; `position` puts it at that place (the rest shift by one). */
async function updateGame(
  deps: BrandCatalogueDeps,
  appId: number,
  gameId: number,
  patch: OpsBrandCasinoGamePatch,
  audit: CatalogueAudit<OpsBrandCasinoGame>,
): Promise<OpsBrandCasinoGame> {
  return locked(deps, appId, async (tx, repo) => {
    const { rows, index, view: before } = await gameOf(tx, appId, gameId);
    const { position, popularCategories, ...flags } = patch;
    const categories = popularCategories && [...new Set(popularCategories)].sort((a, b) => a - b);
    if (Object.keys(flags).length > 0 || categories)
      await repo.setGame(appId, gameId, {
        ...flags,
        ...(categories ? { popularCategories: categories } : {}),
      });
    if (position !== undefined) {
      const ids = rows.map((r) => r.game.id);
      ids.splice(index, 1);
      const to = Math.min(position, rows.length) - 1;
      ids.splice(to, 0, gameId);
      await repo.setPlaces(appId, ids.slice(0, Math.max(index, to) + 1));
    }
    const after = (await gameOf(tx, appId, gameId)).view;
    await audit(tx, before, after);
    return after;
  });
}

/** Switches a provider's games on or off for the brand. */
async function updateProvider(
  deps: BrandCatalogueDeps,
  appId: number,
  providerId: number,
  enabled: boolean,
  audit: CatalogueAudit<OpsBrandCasinoProvider>,
): Promise<OpsBrandCasinoProvider> {
  return locked(deps, appId, async (tx, repo) => {
    const found = (await repo.providers(appId)).find((p) => p.provider.id === providerId);
    if (!found) throw notFound('provider');
    const { provider } = found;
    const view = (on: boolean): OpsBrandCasinoProvider => ({
      id: provider.id,
      name: provider.name,
      isLive: provider.isLive,
      enabled: on,
    });
    await repo.setProvider(appId, providerId, enabled);
    await audit(tx, view(found.enabled ?? true), view(enabled));
    return view(enabled);
  });
}

export type BrandCatalogueService = ReturnType<typeof createBrandCatalogueService>;
