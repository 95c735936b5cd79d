import { randomBytes } from 'node:crypto';
import type { GameSession } from '@sb/contract';
import type { Db } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import { HttpError, notFound } from '../../../plugins/errors';
import type { UserRow } from '../../identity/index';
import { currencyOf } from '../../identity/index';
import type { WalletService } from '../../wallet/index';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { GameWithProvider } from '../catalogue/catalogue.repository';
import { FAMILIES, type FamilyId } from '../slots/slot-families';
import { createPlatformRepository, type PlatformRepository, type SessionRow } from './platform.repository';

const HOUR_MS = 3_600_000;
/** Retry-After of a refused demo session: the oldest of the hour's sessions may be an hour old. */
const DEMO_RETRY_AFTER_S = 600;

/** Fun money a demo session starts with (1,000.00). */
export const DEMO_START_BALANCE = 100_000;
/** The currency code fun money is shown with. */
export const DEMO_CURRENCY = 'FUN';
/** A session unused this long has ended: its page must be opened again through playnow. */
export const SESSION_IDLE_MS = 30 * 60_000;
/** Roulette chips, in minor units. */
export const ROULETTE_CHIPS = [100, 200, 500, 1_000, 2_500, 5_000, 10_000];
/** lastActiveAt is written at most this often (a spin does not pay for a write each time). */
const TOUCH_EVERY_MS = 60_000;

const sessionNotFound = () => notFound('game session');

/** The crash game's quick stakes, in minor units (any whole amount within its limits is accepted). */
export const CRASH_STAKES = [100, 200, 500, 1_000, 2_500, 5_000, 10_000];

export function stakesOf(game: GameWithProvider): number[] {
  if (game.game.config.kind === 'roulette') return ROULETTE_CHIPS;
  if (game.game.config.kind === 'crash') return CRASH_STAKES;
  return FAMILIES[game.game.config.family as FamilyId].stakes;
}

/** Who asks: the client of the request's token, or nobody (a visitor without one). */
export type Requester = UserRow | null;

/** What the sessions service is made of. */
interface SessionsDeps {
  db: Db;
  clock: Clock;
  wallet: WalletService;
  catalogue: CatalogueService;
  /** Demo sessions one address may open per hour (DEMO_SESSIONS_PER_ADDRESS_HOUR). */
  demoSessionsPerHour: number;
}

/** The deps and the platform repository on the module's database (no session call runs in a transaction). */
interface SessionsCtx extends SessionsDeps {
  repo: PlatformRepository;
}

/** Game sessions: one per launch, owned by its client (demo sessions by whoever holds their unguessable id). */
export function createSessionsService(deps: SessionsDeps) {
  const ctx: SessionsCtx = { ...deps, repo: createPlatformRepository(deps.db) };
  return {
    /** Opens a game session: real money for a client, fun money (at most so many per address and hour) without. */
    open: (game: GameWithProvider, user: UserRow | null, appId: number, address: string) =>
      openSession(ctx, game, user, appId, address),
    /** The session a request may use (see `loadSession`). */
    load: (id: string, requester: Requester | (() => Promise<Requester>)) => loadSession(ctx, id, requester),
    view: (session: SessionRow, game: GameWithProvider) => sessionView(ctx, session, game),
    balanceOf: (session: SessionRow) => balanceOf(ctx, session),
    end: (id: string, requester: Requester | (() => Promise<Requester>)) => endSession(ctx, id, requester),
  };
}

/** Opens a game session: real money for a client, fun money (at most so many per address and hour) without. */
async function openSession(
  ctx: SessionsCtx,
  game: GameWithProvider,
  user: UserRow | null,
  appId: number,
  address: string,
): Promise<SessionRow> {
  const { clock, repo } = ctx;
  const now = new Date(clock.now());
  const row = {
    id: randomBytes(16).toString('base64url'),
    appId: user?.appId ?? appId,
    userId: user?.id ?? null,
    gameId: game.game.id,
    currency: user ? user.currencyIso : DEMO_CURRENCY,
    demo: user === null,
    demoBalance: user ? null : DEMO_START_BALANCE,
    startedAt: now,
    lastActiveAt: now,
    endedAt: null,
  };
  if (user) return repo.insertSession(row);
  const since = new Date(now.getTime() - HOUR_MS);
  const demo = await repo.insertDemoSession({ ...row, address }, since, ctx.demoSessionsPerHour);
  if (!demo)
    throw new HttpError(
      429,
      'rate_limited',
      `at most ${ctx.demoSessionsPerHour} demo sessions an hour from one address`,
      undefined,
      DEMO_RETRY_AFTER_S,
    );
  return demo;
}

/**
 * The session a request may use: a demo session for anyone holding its id; a real one only for its own client
 * (a visitor gets 401; another client, like a forged id, gets 404). An idle session ends here.
 */
async function loadSession(
  ctx: SessionsCtx,
  id: string,
  requester: Requester | (() => Promise<Requester>),
): Promise<SessionRow> {
  const { clock, repo } = ctx;
  const session = await repo.session(id);
  if (!session) throw sessionNotFound();
  if (!session.demo) {
    const who = typeof requester === 'function' ? await requester() : requester;
    if (!who) throw new HttpError(401, 'unauthorized', 'log in to play this game for money');
    if (who.id !== session.userId) throw sessionNotFound();
  }
  const now = clock.now();
  if (!session.endedAt && now - session.lastActiveAt.getTime() > SESSION_IDLE_MS) {
    await repo.endSession(id, new Date(now));
    session.endedAt = new Date(now);
  }
  if (session.endedAt)
    throw new HttpError(410, 'session_ended', 'this game session has ended: open the game again');
  if (now - session.lastActiveAt.getTime() > TOUCH_EVERY_MS) await repo.touchSession(id, new Date(now));
  return session;
}

/** The session's balance: its fun money read afresh, or its client's cash. */
async function balanceOf(ctx: SessionsCtx, session: SessionRow): Promise<number> {
  if (session.demo || session.userId === null) {
    const fresh = await ctx.repo.session(session.id);
    return Number(fresh?.demoBalance ?? 0);
  }
  const { cash } = await ctx.wallet.balances({
    id: session.userId,
    appId: session.appId,
    currencyIso: session.currency,
  });
  return cash;
}

/** The session as the game page shows it, with its balance and stakes. */
async function sessionView(
  ctx: SessionsCtx,
  session: SessionRow,
  game: GameWithProvider,
): Promise<GameSession> {
  const stakes = stakesOf(game);
  return {
    id: session.id,
    kind: game.game.config.kind,
    demo: session.demo,
    game: ctx.catalogue.view(game),
    currency: currencyOf(session.currency),
    balance: await balanceOf(ctx, session),
    stakes,
    defaultStake: stakes[Math.min(2, stakes.length - 1)]!,
    startedAt: session.startedAt.toISOString(),
    endedAt: session.endedAt?.toISOString() ?? null,
  };
}

/** Ends the session the requester may use (see `loadSession`). */
async function endSession(
  ctx: SessionsCtx,
  id: string,
  requester: Requester | (() => Promise<Requester>),
): Promise<void> {
  const session = await loadSession(ctx, id, requester);
  await ctx.repo.endSession(session.id, new Date(ctx.clock.now()));
}

export type SessionsService = ReturnType<typeof createSessionsService>;
