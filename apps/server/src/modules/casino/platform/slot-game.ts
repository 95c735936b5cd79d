import { randomUUID } from 'node:crypto';
import type { DomainMetrics } from '../../../observability/metrics';
import type { RoundSummary, SlotLayout, SlotRound, SpinRequest } from '@sb/contract';
import type { Db } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import { HttpError, badRequest } from '../../../plugins/errors';
import type { GameWithProvider } from '../catalogue/catalogue.repository';
import { LOW_SYMBOLS, SCATTER_SYMBOL, THEMES, WILD_SYMBOL } from '../catalogue/themes';
import { SCATTER, compileSlot, playRound, type CompiledSlot } from '../slots/slot-engine';
import { FAMILIES, familyMath, type FamilyId } from '../slots/slot-families';
import { cryptoRng, type Rng } from '../slots/rng';
import {
  createPlatformRepository,
  type PlatformRepository,
  type SessionRow,
  type SlotRoundRow,
} from './platform.repository';
import type { SeamlessWallet } from './seamless-wallet';
import { isUniqueViolation } from '../../../lib/db-errors';

/** Rounds the game page's history shows. */
export const HISTORY_LIMIT = 20;

const compiled = new Map<string, CompiledSlot>();
/** The compiled mathematics of a slot game (family and variant), built once per process. */
export function slotOf(game: GameWithProvider): CompiledSlot {
  const { family, variant } = game.game.config;
  const key = `${family}:${variant}`;
  let c = compiled.get(key);
  if (!c) {
    c = compileSlot(familyMath(family as FamilyId, variant ?? 0));
    compiled.set(key, c);
  }
  return c;
}

/** What the page needs to draw the game: the theme's symbols, the lines and the paytable. */
export function slotLayout(game: GameWithProvider): SlotLayout {
  const c = slotOf(game);
  const theme = THEMES[game.game.config.theme ?? 0] ?? THEMES[0]!;
  const symbols = [WILD_SYMBOL, SCATTER_SYMBOL, ...theme.high, ...LOW_SYMBOLS].map((s, id) => ({
    id,
    ...s,
    kind: id === 0 ? ('wild' as const) : id === SCATTER ? ('scatter' as const) : ('regular' as const),
  }));
  return {
    reels: c.reels,
    rows: 3,
    lines: c.math.lines,
    symbols,
    paytable: c.math.pays.map((pays, symbol) => ({ symbol, pays })).filter((p) => p.symbol !== SCATTER),
    scatterPays: c.math.scatterPays,
    freeSpins: c.math.freeSpins,
    theme: game.game.config.colours,
  };
}

/** A repeat of a round the session already played (a second tab, a retry): answered with that round. */
class RoundExists extends Error {}

const toRound = (row: SlotRoundRow): SlotRound => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  stake: row.stake,
  win: row.win,
  balanceAfter: row.balanceAfter,
  spins: row.outcome.spins as SlotRound['spins'],
  freeSpinsAwarded: row.outcome.freeSpins,
});

/** What the slot game is made of. */
interface SlotGameDeps {
  db: Db;
  clock: Clock;
  wallet: SeamlessWallet;
  rng?: Rng;
  metrics?: DomainMetrics;
}

/** The deps with the random source settled and the platform repository on the module's database. */
interface SlotCtx extends SlotGameDeps {
  rng: Rng;
  repo: PlatformRepository;
}

/**
 * Slot rounds. A spin is decided on the server (CSPRNG), then debited, paid and recorded in ONE database
 * transaction through the seamless wallet: a closed tab, a crash or a refused stake leaves either the whole round
 * or nothing. The page's round key makes a repeated request answer with the first round.
 */
export function createSlotGame(deps: SlotGameDeps) {
  const ctx: SlotCtx = { ...deps, rng: deps.rng ?? cryptoRng, repo: createPlatformRepository(deps.db) };
  return {
    spin: (session: SessionRow, game: GameWithProvider, req: SpinRequest) => spin(ctx, session, game, req),
    async history(session: SessionRow): Promise<RoundSummary[]> {
      return (await ctx.repo.slotRounds(session.id, HISTORY_LIMIT)).map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        stake: row.stake,
        win: row.win,
        detail: row.outcome.freeSpins > 0 ? String(row.outcome.freeSpins) : null,
        status: 'settled',
      }));
    },
  };
}

/** A spin, once per round key: a repeat (second tab, retry) gets the first round. */
async function spin(
  ctx: SlotCtx,
  session: SessionRow,
  game: GameWithProvider,
  req: SpinRequest,
): Promise<SlotRound> {
  if (game.game.config.kind !== 'slot') throw badRequest('sessionId', 'this session is not a slot game');
  checkStake(game, req.stake);
  const existing = await ctx.repo.slotRoundByKey(session.id, req.roundKey);
  if (existing) return replayOf(existing, req);
  const id = randomUUID();
  try {
    const row = session.demo
      ? await playDemo(ctx, session, game, req, id)
      : await playReal(ctx, session, game, req, id);
    ctx.metrics?.casinoRound('slot');
    return toRound(row);
  } catch (error) {
    if (!(error instanceof RoundExists) && !isUniqueViolation(error)) throw error;
    const winner = await ctx.repo.slotRoundByKey(session.id, req.roundKey);
    if (!winner) throw error;
    return replayOf(winner, req);
  }
}

/** The stake must be one of the slot family's stakes. */
function checkStake(game: GameWithProvider, stake: number): void {
  const stakes = FAMILIES[game.game.config.family as FamilyId].stakes;
  if (!stakes.includes(stake))
    throw badRequest('stake', `stake must be one of ${stakes.join(', ')} (minor units)`);
}

/** Real money: the stake and the win through the seamless wallet, and the round, in one transaction. */
async function playReal(
  ctx: SlotCtx,
  session: SessionRow,
  game: GameWithProvider,
  req: SpinRequest,
  id: string,
) {
  const outcome = playRound(slotOf(game), ctx.rng, req.stake);
  return ctx.db.transaction(async (tx) => {
    const common = { session: session.id, round: id, currency: session.currency };
    await ctx.wallet.bet(
      { ...common, transaction_uuid: `${id}:bet`, game_code: game.game.extendedId, amount: req.stake },
      tx,
    );
    const paid = await ctx.wallet.win(
      {
        ...common,
        transaction_uuid: `${id}:win`,
        reference_transaction_uuid: `${id}:bet`,
        amount: outcome.win,
      },
      tx,
    );
    const row = await createPlatformRepository(tx).insertSlotRound(
      roundRow(ctx.clock, session, req, id, outcome, paid.balance),
    );
    if (!row) throw new RoundExists();
    return row;
  });
}

/** Fun money: the session's own balance, moved by conditional updates; the ledger is never touched. */
async function playDemo(
  ctx: SlotCtx,
  session: SessionRow,
  game: GameWithProvider,
  req: SpinRequest,
  id: string,
) {
  const outcome = playRound(slotOf(game), ctx.rng, req.stake);
  return ctx.db.transaction(async (tx) => {
    const r = createPlatformRepository(tx);
    if ((await r.moveDemoBalance(session.id, -req.stake)) === null)
      throw new HttpError(
        409,
        'insufficient_funds',
        'your fun-money balance is too low for this stake',
        'stake',
      );
    const balance = await r.moveDemoBalance(session.id, outcome.win);
    const row = await r.insertSlotRound(roundRow(ctx.clock, session, req, id, outcome, balance ?? 0));
    if (!row) throw new RoundExists();
    return row;
  });
}

/** The round's row, stamped now. */
const roundRow = (
  clock: Clock,
  session: SessionRow,
  req: SpinRequest,
  id: string,
  outcome: ReturnType<typeof playRound>,
  balanceAfter: number,
) => ({
  id,
  sessionId: session.id,
  roundKey: req.roundKey,
  stake: req.stake,
  win: outcome.win,
  balanceAfter,
  outcome: { spins: outcome.spins, freeSpins: outcome.freeSpins },
  createdAt: new Date(clock.now()),
});

/** A repeated round key answers with its first round, unless it now asks for another stake (as betPlace). */
function replayOf(row: SlotRoundRow, req: SpinRequest): SlotRound {
  if (row.stake !== req.stake)
    throw new HttpError(
      409,
      'idempotency_conflict',
      'this round key was used for a spin with another stake',
      'roundKey',
    );
  return toRound(row);
}

export type SlotGame = ReturnType<typeof createSlotGame>;
