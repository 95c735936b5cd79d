import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { DomainMetrics } from '../../observability/metrics';
import type { Database, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import {
  CASINO_TABLES_LOCK_KEY,
  CRASH_LOCK_KEY,
  sleepUnlessAborted,
  startLeaderElection,
  type LeaderElection,
} from '../../lib/leader-election';
import type { EventBus } from '../../plugins/bus';
import type { Auth, UserRow } from '../identity/index';
import type { WalletService } from '../wallet/index';
import { createCatalogueRepository } from './catalogue/catalogue.repository';
import { catalogueRoutes } from './catalogue/catalogue.routes';
import { createCatalogueService } from './catalogue/catalogue.service';
import { brandCatalogueOpsRoutes, type CasinoOpsContext } from './catalogue/brand-catalogue.routes';
import { createBrandCatalogueService } from './catalogue/brand-catalogue.service';
import { createThumbnailStore } from './catalogue/thumbnail-store';
import { platformRoutes } from './platform/platform.routes';
import { createSeamlessWallet, type SeamlessWallet } from './platform/seamless-wallet';
import { createSessionsService } from './platform/sessions.service';
import { createSlotGame } from './platform/slot-game';
import { createRouletteRunner, type RouletteRunner } from './roulette/roulette.runner';
import { createRouletteService, scheduleOf } from './roulette/roulette.service';
import type { Rng } from './slots/rng';
import { createCrashGame, type CrashGame, type CrashSettings } from './crash/crash.game';
import { crashRoutes } from './crash/crash.routes';
import { createCrashRepository } from './crash/crash.repository';
import type { RouteRateLimit } from '../../plugins/rate-limit';

export type { CrashGame, CrashSettings } from './crash/crash.game';
export type { CatalogueService } from './catalogue/catalogue.service';
export type { SeamlessWallet } from './platform/seamless-wallet';
export { WalletRefusal } from './platform/wallet-refusals';
export { stakesOf } from './platform/sessions.service';

/** How often the crash game's leader ticks (bets' auto cash-outs are paid within this of their target). */
const CRASH_LOOP_MS = 25;
/** How often the tables' leader ticks, and how often a follower asks for the lock. */
const TICK_MS = 250;
const RETRY_MS = 1_000;
/** A seamless-wallet bet no game closed within this long is rolled back. */
const STALE_BET_MS = 10 * 60_000;

export interface CasinoModuleDeps {
  database: Database;
  clock: Clock;
  bus: EventBus;
  wallet: WalletService;
  auth: Auth;
  /** The client of an access token on the request's app, or null (playnow's token comes in the query). */
  clientOfToken: (request: FastifyRequest, token: string) => Promise<UserRow | null>;
  appOf: (request: FastifyRequest) => Promise<{ id: number; defaultLocale: string }>;
  /** Whether a brand (app) of this id exists (the desk's catalogue per brand). */
  brandExists: (appId: number) => Promise<boolean>;
  assertCanStake: (userId: number, amount: number, tx?: DbOrTx) => Promise<void>;
  rouletteSpinMs: number;
  /** Demo sessions one address may open per hour (DEMO_SESSIONS_PER_ADDRESS_HOUR, default 60). */
  demoSessionsPerHour?: number;
  /** The crash game's timings and limits. */
  crash: CrashSettings;
  /** Spins and roulette placements per client (demo: per address) per minute. */
  playLimit: RouteRateLimit;
  /** Outcomes of slots and the wheel (default: the CSPRNG). */
  rng?: Rng;
  log?: (msg: string, err?: unknown) => void;
  metrics?: DomainMetrics;
}

/** The casino: catalogue, game sessions, the seamless wallet, slots and the shared roulette tables. */
export function createCasinoModule(deps: CasinoModuleDeps) {
  const { database, clock } = deps;
  const parts = createCasinoParts(deps);
  const { db, repo, catalogue, wallet, sessions, slots, schedule, roulette, runner, crash, brandCatalogue } =
    parts;
  let leadership: LeaderElection | null = null;
  let crashLeadership: LeaderElection | null = null;

  return {
    routes: casinoRoutes(deps, parts),
    /** `/ops/v1/brands/{id}/casino`: registered by the ops module under its authentication and role checks. */
    opsRoutes: (ops: CasinoOpsContext): FastifyPluginAsync => brandCatalogueOpsRoutes(brandCatalogue, ops),
    catalogue,
    wallet,
    sessions,
    slots,
    roulette,
    runner,
    schedule,
    catalogueRepository: repo,
    crash,
    /** Seeds the catalogue when the database has none, and adds the crash game to it once. */
    seed: async () => {
      await catalogue.seed();
      await createCrashRepository(db).ensureGame(new Date(clock.now()));
    },
    /** Competes for the tables' leadership (exactly one instance deals every roulette table). */
    startTables(): void {
      leadership ??= startLeaderElection({
        database,
        name: 'roulette',
        lockKey: CASINO_TABLES_LOCK_KEY,
        retryMs: RETRY_MS,
        lead: (signal) => leadTables(deps, runner, wallet, signal),
        log: deps.log,
      });
    },
    isTableLeader: () => leadership?.isLeader() ?? false,
    /** Competes for the crash game's loop (exactly one instance runs it). */
    startCrash(): void {
      crashLeadership ??= startLeaderElection({
        database,
        name: 'crash',
        lockKey: CRASH_LOCK_KEY,
        retryMs: RETRY_MS,
        lead: (signal) => leadCrash(deps, crash, signal),
        log: deps.log,
      });
    },
    isCrashLeader: () => crashLeadership?.isLeader() ?? false,
    async stop(): Promise<void> {
      await leadership?.stop();
      leadership = null;
      await crashLeadership?.stop();
      crashLeadership = null;
      roulette.close();
      crash.close();
    },
  };
}

/** The casino's services, made in the order they depend on each other (the roulette service joins the bus). */
function createCasinoParts(deps: CasinoModuleDeps) {
  const { database, clock, bus } = deps;
  const db = database.db;
  const repo = createCatalogueRepository(db);
  const catalogue = createCatalogueService({ repo, clock });
  const wallet = createSeamlessWallet({
    db,
    clock,
    wallet: deps.wallet,
    assertCanStake: deps.assertCanStake,
    gameName: cachedGameNames(),
  });
  const sessions = createSessionsService({
    db,
    clock,
    wallet: deps.wallet,
    catalogue,
    demoSessionsPerHour: deps.demoSessionsPerHour ?? 60,
  });
  const slots = createSlotGame({ db, clock, wallet, rng: deps.rng, metrics: deps.metrics });
  const schedule = scheduleOf(deps.rouletteSpinMs);
  const roulette = createRouletteService({ db, clock, bus, wallet, schedule });
  const runner = createRouletteRunner({
    db,
    clock,
    bus,
    wallet,
    schedule,
    rng: deps.rng,
    log: deps.log,
    metrics: deps.metrics,
    tables: async () => (await repo.games({ isLive: true }, 100, 0)).rows.map((r) => r.game.id),
  });
  const crash = createCrashGame({ db, clock, bus, wallet, settings: deps.crash, log: deps.log });
  const brandCatalogue = createBrandCatalogueService({ db, brandExists: deps.brandExists });
  return { db, repo, catalogue, wallet, sessions, slots, schedule, roulette, runner, crash, brandCatalogue };
}

/** The game's name for the transactions list, kept by this instance once read (in the request's transaction). */
function cachedGameNames(): (gameId: number, tx: DbOrTx) => Promise<string> {
  const gameNames = new Map<number, string>();
  return async (gameId, tx) => {
    const name =
      gameNames.get(gameId) ?? (await createCatalogueRepository(tx).game({ id: gameId }))?.game.name;
    if (name === undefined) throw new Error(`no casino game ${gameId}`);
    gameNames.set(gameId, name);
    return name;
  };
}

/** The player's routes: the catalogue, game sessions with slots and the roulette table, and the crash game. */
function casinoRoutes(
  deps: CasinoModuleDeps,
  parts: ReturnType<typeof createCasinoParts>,
): FastifyPluginAsync {
  const { repo, catalogue, sessions, slots, roulette, schedule, crash } = parts;
  return async (app) => {
    await app.register(
      catalogueRoutes({
        catalogue,
        auth: deps.auth,
        thumbnails: createThumbnailStore(repo),
        brandOf: async (request) => (await deps.appOf(request).catch(() => null))?.id ?? null,
      }),
    );
    await app.register(
      platformRoutes({
        auth: deps.auth,
        clientOfToken: deps.clientOfToken,
        appOf: deps.appOf,
        catalogue,
        sessions,
        slots,
        roulette,
        schedule,
        playLimit: deps.playLimit,
      }),
    );
    await app.register(
      crashRoutes({
        auth: deps.auth,
        appOf: deps.appOf,
        catalogue,
        sessions,
        crash,
        playLimit: deps.playLimit,
      }),
    );
  };
}

/** The crash game's loop: a pass every CRASH_LOOP_MS while this instance leads. */
async function leadCrash(deps: CasinoModuleDeps, crash: CrashGame, signal: AbortSignal): Promise<void> {
  // A new leader's clients and every instance's views start from the database's state.
  await crash.reload().catch((error: unknown) => deps.log?.('crash state not reloaded', error));
  while (!signal.aborted) {
    await crash.tick().catch((error: unknown) => deps.log?.('crash tick failed', error));
    await sleepUnlessAborted(CRASH_LOOP_MS, signal);
  }
}

/** The leader's loop: a table tick every TICK_MS, stale seamless-wallet bets rolled back once a minute. */
async function leadTables(
  deps: CasinoModuleDeps,
  runner: RouletteRunner,
  wallet: SeamlessWallet,
  signal: AbortSignal,
): Promise<void> {
  const { clock } = deps;
  let staleCheckAt = 0;
  while (!signal.aborted) {
    await runner.tick().catch((error: unknown) => deps.log?.('roulette tick failed', error));
    if (clock.now() >= staleCheckAt) {
      staleCheckAt = clock.now() + 60_000;
      await wallet
        .rollbackStale(STALE_BET_MS)
        .catch((error: unknown) => deps.log?.('stale casino bets not rolled back', error));
    }
    await sleepUnlessAborted(TICK_MS, signal);
  }
}

export type CasinoModule = ReturnType<typeof createCasinoModule>;
