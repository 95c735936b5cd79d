import type { RoulettePlacement, RoulettePlaceRequest, RoundSummary } from '@sb/contract';
import type { Db } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../plugins/bus';
import { HttpError, badRequest } from '../../../plugins/errors';
import type { GameWithProvider } from '../catalogue/catalogue.repository';
import { createPlatformRepository, type SessionRow } from '../platform/platform.repository';
import type { SeamlessWallet } from '../platform/seamless-wallet';
import { createRouletteRepository, type PlacementRow, type RouletteRepository } from './roulette.repository';
import { checkPlacement } from './roulette.rules';
import { isUniqueViolation } from '../../../lib/db-errors';

/** Results shown on the table's board. */
export const HISTORY_SIZE = 15;
/** A player's placements listed with the table's state (current and recent rounds). */
const PLACEMENTS_SHOWN = 10;

/** The table's clock: round `no` takes bets in [no·P, no·P + betting) and spins at (no + 1)·P. */
export function scheduleOf(periodMs: number) {
  const bettingMs = periodMs - Math.min(5_000, Math.floor(periodMs / 5));
  return {
    periodMs,
    bettingMs,
    roundAt: (now: number) => Math.floor(now / periodMs),
    closesAt: (no: number) => no * periodMs + bettingMs,
    spinAt: (no: number) => (no + 1) * periodMs,
  };
}
export type Schedule = ReturnType<typeof scheduleOf>;

export const roundId = (gameId: number, no: number) => `${gameId}:${no}`;
export const betUuid = (placementId: number) => `rl:${placementId}:bet`;

export function placementView(row: PlacementRow): RoulettePlacement {
  return {
    id: row.id,
    round: row.roundNo,
    bets: row.bets,
    stake: row.stake,
    payout: row.payout,
    status: row.status,
  };
}

/** What the roulette service is made of. */
interface RouletteDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  wallet: SeamlessWallet;
  schedule: Schedule;
}

/** The deps, the repository on the module's database, and this instance's cache of recent results per game. */
interface RouletteCtx extends RouletteDeps {
  repo: RouletteRepository;
  recent: Map<number, { no: number; number: number }[]>;
  refreshedAt: Map<number, number>;
}

/**
 * The player's side of a shared roulette table: its state as every player sees it, and placing bets on the open
 * round. Results come from the table's leader (roulette.runner.ts) over the bus into a small per-instance cache of
 * recent results, refreshed from the database whenever it is behind the clock.
 */
export function createRouletteService(deps: RouletteDeps) {
  const ctx: RouletteCtx = {
    ...deps,
    repo: createRouletteRepository(deps.db),
    recent: new Map(),
    refreshedAt: new Map(),
  };
  const { recent } = ctx;
  const stops = [
    deps.bus.subscribe('casino.roulette', ({ gameId, no, result }) => {
      const list = recent.get(gameId);
      if (!list || list.some((r) => r.no === no)) return;
      recent.set(
        gameId,
        [{ no, number: result }, ...list].sort((a, b) => b.no - a.no).slice(0, HISTORY_SIZE),
      );
    }),
    deps.bus.onGap(() => recent.clear()),
  ];

  return {
    history: (gameId: number) => history(ctx, gameId),
    state: (session: SessionRow, game: GameWithProvider) => tableState(ctx, session, game),
    /** Places bets on the open round once per key: a repeat (second tab, retry) gets the first placement. */
    place: (session: SessionRow, game: GameWithProvider, req: RoulettePlaceRequest) =>
      placeOnce(ctx, session, game, req),
    rounds: (session: SessionRow, gameId: number) => roundsOf(ctx, session, gameId),
    close: () => stops.forEach((stop) => stop()),
  };
}

/** Recent results; read from the database when the cache is empty or misses a round that should have spun. */
async function history(ctx: RouletteCtx, gameId: number) {
  const { clock, schedule, recent, refreshedAt } = ctx;
  const now = clock.now();
  const list = recent.get(gameId);
  const due = schedule.roundAt(now) - 1;
  const behind = !list || (list[0]?.no ?? -1) < due;
  if (behind && now - (refreshedAt.get(gameId) ?? 0) > 1_000) {
    refreshedAt.set(gameId, now);
    recent.set(gameId, await ctx.repo.results(gameId, HISTORY_SIZE));
  }
  return recent.get(gameId) ?? [];
}

/** The placement in its own transaction: the round ensured and share-locked, the stake taken with the row. */
async function placeInRound(
  ctx: RouletteCtx,
  session: SessionRow,
  game: GameWithProvider,
  req: RoulettePlaceRequest,
): Promise<PlacementRow> {
  const { clock, schedule } = ctx;
  const total = checkPlacement(req.bets);
  const now = clock.now();
  if (req.round !== schedule.roundAt(now) || now >= schedule.closesAt(req.round))
    throw new HttpError(409, 'betting_closed', 'bets for this round are closed', 'round');
  const gameId = game.game.id;
  return ctx.db.transaction(async (tx) => {
    const r = createRouletteRepository(tx);
    await r.ensureRound({
      gameId,
      no: req.round,
      closesAt: new Date(schedule.closesAt(req.round)),
      spinAt: new Date(schedule.spinAt(req.round)),
    });
    const round = await r.lockRoundShared(gameId, req.round);
    if (round?.status !== 'open')
      throw new HttpError(409, 'betting_closed', 'bets for this round are closed', 'round');
    const row = await r.insertPlacement({
      gameId,
      roundNo: req.round,
      sessionId: session.id,
      placementKey: req.key,
      bets: req.bets,
      stake: total,
      payout: null,
      status: 'open',
      createdAt: new Date(now),
      settledAt: null,
    });
    if (!row) throw new PlacementExists();
    if (session.demo) {
      if ((await createPlatformRepository(tx).moveDemoBalance(session.id, -total)) === null)
        throw new HttpError(
          409,
          'insufficient_funds',
          'your fun-money balance is too low for these bets',
          'stake',
        );
    } else {
      await ctx.wallet.bet(
        {
          transaction_uuid: betUuid(row.id),
          session: session.id,
          round: roundId(gameId, req.round),
          game_code: game.game.extendedId,
          currency: session.currency,
          amount: total,
        },
        tx,
      );
    }
    return row;
  });
}

/** The table as the player sees it: the round, its phase and times, recent results and their placements. */
async function tableState(ctx: RouletteCtx, session: SessionRow, game: GameWithProvider) {
  const { clock, schedule } = ctx;
  const now = clock.now();
  const no = schedule.roundAt(now);
  const rows = await ctx.repo.placementsOf(session.id, PLACEMENTS_SHOWN);
  return {
    serverTime: new Date(now).toISOString(),
    round: {
      no,
      phase: now < schedule.closesAt(no) ? ('betting' as const) : ('closed' as const),
      closesAt: new Date(schedule.closesAt(no)).toISOString(),
      spinAt: new Date(schedule.spinAt(no)).toISOString(),
    },
    history: await history(ctx, game.game.id),
    placements: rows.map(placementView),
  };
}

/** Places bets on the open round once per key: a repeat (second tab, retry) gets the first placement. */
async function placeOnce(
  ctx: RouletteCtx,
  session: SessionRow,
  game: GameWithProvider,
  req: RoulettePlaceRequest,
): Promise<RoulettePlacement> {
  if (game.game.config.kind !== 'roulette')
    throw badRequest('sessionId', 'this session is not a roulette table');
  const existing = await ctx.repo.placementByKey(session.id, req.key);
  if (existing) return replayOf(existing, req);
  try {
    return placementView(await placeInRound(ctx, session, game, req));
  } catch (error) {
    if (!(error instanceof PlacementExists) && !isUniqueViolation(error)) throw error;
    const winner = await ctx.repo.placementByKey(session.id, req.key);
    if (!winner) throw error;
    return replayOf(winner, req);
  }
}

/** The session's last placements as rounds, with the numbers their rounds drew. */
async function roundsOf(ctx: RouletteCtx, session: SessionRow, gameId: number): Promise<RoundSummary[]> {
  const { repo } = ctx;
  const rows = await repo.placementsOf(session.id, 20);
  const results = await repo.resultsOf(gameId, [...new Set(rows.map((r) => r.roundNo))]);
  return rows.map((row) => ({
    id: String(row.id),
    createdAt: row.createdAt.toISOString(),
    stake: row.stake,
    win: row.payout ?? 0,
    detail: results.has(row.roundNo) ? String(results.get(row.roundNo)) : null,
    status: row.status === 'open' ? 'open' : row.status === 'void' ? 'void' : 'settled',
  }));
}

class PlacementExists extends Error {}

/** A repeated key answers with its first placement, unless it now carries other bets or round (409, as betPlace). */
function replayOf(row: PlacementRow, req: RoulettePlaceRequest): RoulettePlacement {
  const canonical = (bets: RoulettePlaceRequest['bets']) =>
    bets.map((b) => `${b.type}:${[...b.numbers].sort((x, y) => x - y).join(',')}:${b.amount}`).join('|');
  if (row.roundNo !== req.round || canonical(row.bets) !== canonical(req.bets))
    throw new HttpError(409, 'idempotency_conflict', 'this key was used for another placement', 'key');
  return placementView(row);
}

export type RouletteService = ReturnType<typeof createRouletteService>;
