import { createHash, randomBytes } from 'node:crypto';
import {
  crashClientSeedRequestSchema,
  type CrashBetRequest,
  type CrashBetView,
  type CrashBusMessage,
  type CrashRoundView,
  type CrashRules,
  type CrashState,
} from '@sb/contract';
import { GROWTH_PER_MS, multiplierAt, timeOf } from '@sb/crash';
import type { Db, DbOrTx } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../plugins/bus';
import { HttpError, badRequest } from '../../../plugins/errors';
import { createPlatformRepository, type SessionRow } from '../platform/platform.repository';
import type { SeamlessWallet } from '../platform/seamless-wallet';
import { isUniqueViolation } from '../../../lib/db-errors';
import {
  CRASH_EXTENDED_ID,
  createCrashRepository,
  type ChainRow,
  type CrashBetRow,
  type CrashRoundRow,
} from './crash.repository';

export type { ChainRow, ClientSeedRow } from './crash.repository';

/** The crash game's id in the catalogue (its sessions are opened for it). */
export { CRASH_GAME_ID } from './crash.repository';
import { chainHash, crashPointOf, payoutOf, saltOf, terminatingHashOf } from './crash.fair';

export interface CrashSettings {
  bettingMs: number;
  pauseMs: number;
  /** How often the leader sends the flight's multiplier. */
  tickMs: number;
  chainLength: number;
  /** A chain's client seeds are collected at least this long after its commitment before it is sealed. */
  seedingMs: number;
  maxRoundPayout: number;
  minStake: number;
  maxStake: number;
}

/** Highest auto cash-out target (hundredths): 10,000×. */
export const MAX_AUTO_CASHOUT = 1_000_000;
/** The highest force point stored (hundredths). */
const MAX_FORCE_POINT = 1_000_000_000;
/** A round whose betting window ended this long ago without a flight (no leader then) is void: stakes go back. */
export const VOID_AFTER_MS = 2_000;
/**
 * The leader settles the losers this long after the crash: a cash-out that arrived before the crash and is still
 * being worked on (a crowd cashing out in the last second) commits at its arrival multiplier. Shorter than the 3 s
 * pause, so rounds keep their rhythm.
 */
export const SETTLE_GRACE_MS = 2_000;
/** Rounds of crash points kept for the history strip. */
export const HISTORY_SIZE = 20;
/** Bets a `crash_state` message lists (the largest stakes first beyond that are left to the round's page). */
export const BETS_SHOWN = 500;

export const rulesOf = (s: CrashSettings): CrashRules => ({
  bettingMs: s.bettingMs,
  pauseMs: s.pauseMs,
  growthPerMs: GROWTH_PER_MS,
  betsPerRound: 2,
  minStake: s.minStake,
  maxStake: s.maxStake,
  maxAutoCashout: MAX_AUTO_CASHOUT,
  maxRoundPayout: s.maxRoundPayout,
});

const revealed = (row: CrashRoundRow) =>
  row.status === 'crashed' || row.status === 'settled' || row.status === 'void';

export function roundView(row: CrashRoundRow): CrashRoundView {
  const open = !revealed(row);
  return {
    id: row.id,
    phase: row.status === 'settled' ? 'crashed' : row.status,
    bettingEndsAt: row.bettingEndsAt.getTime(),
    startedAt: row.startedAt?.getTime() ?? null,
    forcePoint: row.forcePoint,
    crashPoint: open ? null : row.crashPoint,
    hash: open ? null : row.hash,
  };
}

export function betView(row: CrashBetRow): CrashBetView {
  return {
    id: row.id,
    roundId: row.roundId,
    player: row.player,
    slot: row.slot,
    stake: row.stake,
    currency: row.currency,
    autoCashout: row.autoCashout,
    cashout: row.cashout,
    payout: row.payout,
    // A claimed cash-out is accepted: players see it cashed at its point while its payout is posted.
    status: row.status === 'cashing' ? 'cashed' : row.status,
  };
}

export const betUuid = (id: number) => `cr:${id}:bet`;
const roundRef = (id: number) => `crash:${id}`;

/** How a player is shown to others: a short digest of the account (or of the fun-money session). */
function playerOf(session: SessionRow): string {
  const who = session.userId !== null ? `u${session.userId}` : `s${session.id}`;
  const digest = createHash('sha256').update(who).digest('hex').slice(0, 6);
  return `${session.demo ? 'guest' : 'player'}-${digest}`;
}

/**
 * Whose bets the panels count (2 a round): a client's over all its sessions and instances, a fun-money session's
 * own (an anonymous demo has no account).
 */
const playerKeyOf = (session: SessionRow) =>
  !session.demo && session.userId !== null ? `u${session.userId}` : `s${session.id}`;

const conflict = (code: string, message: string, field?: string) => new HttpError(409, code, message, field);

/**
 * The crash game: rounds shared by every player of every instance, a bustabit v2 hash chain played
 * backwards, money through the seamless wallet. Any instance takes bets and cash-outs (their times are the
 * server's clock when they arrive); exactly one instance — the tables' leader — runs the loop (`tick`): opens
 * rounds, starts flights, pays auto and forced cash-outs, crashes and settles, voids rounds nobody flew.
 */
export function createCrashGame(deps: {
  db: Db;
  clock: Clock;
  bus: EventBus;
  wallet: SeamlessWallet;
  settings: CrashSettings;
  log?: (msg: string, err?: unknown) => void;
}) {
  const { db, clock, bus, settings } = deps;
  const repo = createCrashRepository(db);

  // ─── The instance's view of the game (feed snapshots), kept from the bus, rebuilt from the database ───────
  let view: CrashState = { round: null, bets: [], history: [], ts: 0 };
  const listeners = new Set<(message: CrashBusMessage) => void>();
  const emit = (message: CrashBusMessage) => listeners.forEach((listener) => listener(message));

  function apply(message: CrashBusMessage): void {
    if (message.type === 'crash_state') {
      if (view.round && message.round && message.round.id < view.round.id) return; // overtaken
      view = { round: message.round, bets: message.bets, history: message.history, ts: message.ts };
    } else if (message.type === 'crash_bets') {
      const changed = new Map(message.bets.filter((b) => b.roundId === view.round?.id).map((b) => [b.id, b]));
      if (changed.size === 0) return;
      const bets = view.bets.map((b) => changed.get(b.id) ?? b);
      const known = new Set(view.bets.map((b) => b.id));
      for (const bet of changed.values()) if (!known.has(bet.id) && bets.length < BETS_SHOWN) bets.push(bet);
      view = { ...view, bets };
    }
    emit(message);
  }

  async function stateFromDatabase(): Promise<CrashState> {
    const round = await repo.latestRound();
    const bets = round ? await repo.betsOf(round.id, BETS_SHOWN) : [];
    return {
      round: round ? roundView(round) : null,
      bets: bets.map(betView),
      history: await repo.crashPoints(HISTORY_SIZE),
      ts: clock.now(),
    };
  }

  /** After a bus gap the instance's view comes from the database, and its clients get it as a new state. */
  async function reload(): Promise<void> {
    const state = await stateFromDatabase();
    view = state;
    emit({ type: 'crash_state', ...state });
  }

  const stops = [
    bus.subscribe('casino.crash', (message) => apply(message)),
    bus.onGap(() => {
      reload().catch((error: unknown) => deps.log?.('crash state not reloaded', error));
    }),
  ];

  const publish = (message: CrashBusMessage) =>
    bus.publish('casino.crash', message).catch((error: unknown) => deps.log?.('crash message lost', error));

  async function publishState(): Promise<void> {
    await publish({ type: 'crash_state', ...(await stateFromDatabase()) });
  }

  // Bets placed or closed on this instance leave together, at most one message a tick (see `crash_bets`).
  const pendingBets = new Map<number, CrashBetRow>();
  let betsTimer: NodeJS.Timeout | null = null;
  function flushBets(): void {
    betsTimer = null;
    const bets = [...pendingBets.values()].map(betView);
    pendingBets.clear();
    if (bets.length > 0) void publish({ type: 'crash_bets', bets, ts: clock.now() });
  }
  const publishBet = (row: CrashBetRow) => {
    pendingBets.set(row.id, row);
    betsTimer ??= setTimeout(flushBets, settings.tickMs);
  };
  stops.push(() => {
    if (betsTimer) clearTimeout(betsTimer);
    betsTimer = null;
  });

  // ─── The chain ─────────────────────────────────────────────────────────────────────────────────────────────
  /** A new chain, committed: its terminating hash is published now, its salt fixed when it is sealed. */
  const newChain = (): Omit<ChainRow, 'id'> => {
    const seed = randomBytes(32).toString('hex');
    return {
      seed,
      salt: null,
      sealedAt: null,
      terminatingHash: terminatingHashOf(seed, settings.chainLength),
      length: settings.chainLength,
      createdAt: new Date(clock.now()),
    };
  };

  /**
   * What `/fairness` publishes: the chain rounds are played from (sealed: its salt and seeds) and the one committed
   * behind it, collecting the client seeds that will salt it (committed now if there is none yet).
   */
  async function chains(): Promise<{ current: ChainRow | null; next: ChainRow }> {
    const current = await repo.latestSealedChain();
    return { current, next: await repo.ensureCommittedAfter(current?.id ?? 0, newChain) };
  }

  /** A player's client seed, for the chain collecting them (stored once per session and chain). */
  async function giveClientSeed(session: SessionRow, seed: string) {
    const checked = crashClientSeedRequestSchema.shape.seed.safeParse(seed);
    if (!checked.success) throw badRequest('seed', checked.error.issues[0]?.message ?? 'not a client seed');
    return repo.addClientSeed(
      { sessionId: session.id, player: playerOf(session), seed, createdAt: new Date(clock.now()) },
      newChain,
    );
  }

  // ─── Players ───────────────────────────────────────────────────────────────────────────────────────────────
  function checkStake(req: CrashBetRequest): void {
    if (req.stake < settings.minStake || req.stake > settings.maxStake)
      throw badRequest('stake', `the stake must be between ${settings.minStake} and ${settings.maxStake}`);
    if (req.autoCashout != null && req.autoCashout > MAX_AUTO_CASHOUT)
      throw badRequest('autoCashout', `the auto cash-out is at most ${MAX_AUTO_CASHOUT / 100}×`);
  }

  const sameBet = (row: CrashBetRow, req: CrashBetRequest) =>
    row.stake === req.stake && row.autoCashout === (req.autoCashout ?? null);

  async function placeBet(session: SessionRow, gameCode: string, req: CrashBetRequest): Promise<CrashBetRow> {
    checkStake(req);
    const now = clock.now();
    const round = await repo.round(req.roundId);
    if (!round) throw new HttpError(404, 'round_not_found', 'no such round', 'roundId');
    const existing = await repo.betInSlot(round.id, playerKeyOf(session), req.slot);
    if (existing) {
      if (sameBet(existing, req)) return existing; // a retry or a second tab: the first bet
      throw conflict('slot_taken', 'this bet panel already has a bet in this round', 'slot');
    }
    if (round.status !== 'betting' || now >= round.bettingEndsAt.getTime())
      throw conflict('betting_closed', 'bets for this round are closed', 'roundId');
    try {
      const row = await db.transaction(async (tx) => {
        const r = createCrashRepository(tx);
        const locked = await r.lockRoundShared(round.id);
        if (locked?.status !== 'betting')
          throw conflict('betting_closed', 'bets for this round are closed', 'roundId');
        const bet = await r.insertBet({
          roundId: round.id,
          sessionId: session.id,
          playerKey: playerKeyOf(session),
          slot: req.slot,
          demo: session.demo,
          player: playerOf(session),
          stake: req.stake,
          currency: session.currency,
          autoCashout: req.autoCashout ?? null,
          cashout: null,
          payout: null,
          status: 'open',
          createdAt: new Date(now),
          settledAt: null,
        });
        if (!bet) throw new SlotRace();
        if (session.demo) {
          if ((await createPlatformRepository(tx).moveDemoBalance(session.id, -req.stake)) === null)
            throw conflict('insufficient_funds', 'your fun-money balance is too low for this stake', 'stake');
        } else {
          await deps.wallet.bet(
            {
              transaction_uuid: betUuid(bet.id),
              session: session.id,
              round: roundRef(round.id),
              game_code: gameCode,
              currency: session.currency,
              amount: req.stake,
            },
            tx,
          );
        }
        return bet;
      });
      void publishBet(row);
      return row;
    } catch (error) {
      if (!(error instanceof SlotRace) && !isUniqueViolation(error)) throw error;
      const winner = await repo.betInSlot(round.id, playerKeyOf(session), req.slot);
      if (winner && sameBet(winner, req)) return winner;
      throw conflict('slot_taken', 'this bet panel already has a bet in this round', 'slot');
    }
  }

  /** Pays an open bet at `point` (or closes it lost at null) on its locked row; false if it was not open. */
  async function close(
    tx: DbOrTx,
    bet: CrashBetRow,
    round: CrashRoundRow,
    outcome: { point: number } | 'lost' | 'void',
  ): Promise<CrashBetRow> {
    const r = createCrashRepository(tx);
    const payout =
      outcome === 'lost' ? 0 : outcome === 'void' ? bet.stake : payoutOf(bet.stake, outcome.point);
    if (bet.demo) {
      if (payout > 0) await createPlatformRepository(tx).moveDemoBalance(bet.sessionId, payout);
    } else if (outcome === 'void') {
      await deps.wallet.rollback(
        {
          transaction_uuid: `cr:${bet.id}:rollback`,
          reference_transaction_uuid: betUuid(bet.id),
          session: bet.sessionId,
          round: roundRef(round.id),
        },
        tx,
      );
    } else {
      await deps.wallet.win(
        {
          transaction_uuid: `cr:${bet.id}:win`,
          reference_transaction_uuid: betUuid(bet.id),
          session: bet.sessionId,
          round: roundRef(round.id),
          currency: bet.currency,
          amount: payout,
        },
        tx,
      );
    }
    const patch = {
      status:
        outcome === 'lost' ? ('lost' as const) : outcome === 'void' ? ('void' as const) : ('cashed' as const),
      cashout: typeof outcome === 'object' ? outcome.point : null,
      payout,
      settledAt: new Date(clock.now()),
    };
    await r.finishBet(bet.id, patch);
    return { ...bet, ...patch };
  }

  /** The point an open bet's own limits cash it out at: its auto target or the round's force point. */
  const limitOf = (bet: CrashBetRow, round: CrashRoundRow) =>
    Math.min(bet.autoCashout ?? Infinity, bet.demo ? Infinity : (round.forcePoint ?? Infinity));

  /** The refusal for a bet that is no longer open. */
  function notOpen(bet: CrashBetRow): HttpError {
    if (bet.status === 'cashed' || bet.status === 'cashing')
      return conflict('already_cashed_out', 'this bet was cashed out already', 'betId');
    if (bet.status === 'void')
      return conflict('round_void', 'this round was void: the stake was returned', 'betId');
    return conflict('round_crashed', 'too late: the round crashed', 'betId');
  }

  /**
   * A manual cash-out, judged at `now`: when the request reached the server (its clock, never the client's). It
   * is claimed first, in one conditional statement (the bet becomes `cashing` at the multiplier of its arrival),
   * so a crowd cashing out in the last second is not held up by each other's ledger work; the payout is then
   * posted in its own transaction. A claim whose payout did not commit (the instance died) is paid by the
   * leader's next settlement pass at the claimed point; the seamless wallet's transaction id keeps it once.
   */
  async function cashout(session: SessionRow, betId: number, now = clock.now()): Promise<CrashBetRow> {
    const bet = await repo.bet(betId);
    if (!bet || bet.sessionId !== session.id)
      throw new HttpError(404, 'bet_not_found', 'no such bet', 'betId');
    if (bet.status !== 'open') throw notOpen(bet);
    const round = await repo.round(bet.roundId);
    if (!round) throw new Error(`crash bet ${betId} without its round`);
    // Judged at the arrival time: a request that arrived in flight counts even if the round crashed since
    // (until the leader settles the losers, SETTLE_GRACE_MS after the crash). One arriving after the crash is too
    // late, unless the bet's own limit (auto target, force point) was passed in flight: it is cashed there, by the
    // leader's tick or its settlement, and the answer says so (at that point, below) rather than "too late".
    if (now >= (round.crashAt?.getTime() ?? Infinity) && limitOf(bet, round) > round.crashPoint)
      throw conflict('round_crashed', 'too late: the round crashed', 'betId');
    const inFlight = round.status === 'flying' || round.status === 'crashed';
    if (!inFlight || !round.startedAt || now < round.startedAt.getTime())
      throw conflict('not_flying', 'the round has not taken off yet', 'betId');
    const point = Math.min(multiplierAt(now - round.startedAt.getTime()), limitOf(bet, round));
    const claimed = await repo.claimCashout(bet.id, session.id, point, payoutOf(bet.stake, point));
    if (!claimed) {
      // The leader (auto target, force point, settlement) or another request closed it first.
      const current = await repo.bet(betId);
      throw notOpen(current ?? bet);
    }
    const row = await db
      .transaction(async (tx) => {
        const locked = await createCrashRepository(tx).lockBet(betId);
        // Paid meanwhile by the leader's settlement pass: the same claim, paid once.
        if (!locked || locked.status !== 'cashing') return locked ?? claimed;
        return close(tx, locked, round, { point: locked.cashout! });
      })
      .catch((error: unknown) => {
        // The claim stands (the player's cash-out is accepted); the settlement pass posts its payout.
        deps.log?.(`crash cash-out ${betId} claimed, its payout left to the settlement`, error);
        return claimed;
      });
    void publishBet(row);
    return row;
  }

  // ─── The leader's loop ─────────────────────────────────────────────────────────────────────────────────────
  let lastTickAt = 0;

  async function openRound(previous: CrashRoundRow | null, now: number): Promise<void> {
    let chain = previous ? await repo.chain(previous.chainId) : null;
    let index = previous && chain ? previous.chainIndex + 1 : 1;
    if (!chain || index > chain.length) {
      // The chain committed behind the one used up (or the first one): sealed now, salted by the seeds given
      // since its commitment, once it has collected for `seedingMs` (the first chain of an installation waits).
      const next = await repo.ensureCommittedAfter(chain?.id ?? 0, newChain);
      if (!next.sealedAt && now < next.createdAt.getTime() + settings.seedingMs) return;
      chain = await repo.seal(next.id, new Date(now), (c, seeds) => saltOf(c.terminatingHash, seeds));
      index = 1;
    }
    // The next chain is committed while this one plays: its terminating hash is out before any of its seeds.
    await repo.ensureCommittedAfter(chain.id, newChain);
    const hash = chainHash(chain.seed, chain.length, index);
    const row = await repo.insertRound({
      chainId: chain.id,
      chainIndex: index,
      hash,
      crashPoint: crashPointOf(hash, chain.salt!),
      status: 'betting',
      bettingEndsAt: new Date(now + settings.bettingMs),
      createdAt: new Date(now),
    });
    if (row) await publishState();
  }

  async function startFlight(round: CrashRoundRow, now: number): Promise<void> {
    const started = await db.transaction(async (tx) => {
      const r = createCrashRepository(tx);
      // Waits for bets holding the round's share lock; bets after it see it flying.
      const flying = await r.transition(round.id, 'betting', {
        status: 'flying',
        startedAt: new Date(now),
        crashAt: new Date(now + timeOf(round.crashPoint)),
      });
      if (!flying) return null;
      const stakes = await r.realStakes(round.id);
      if (stakes === 0) return flying;
      // bustabit's force point: where the real bets' potential payout reaches the round's maximum.
      const forcePoint = Math.max(100, Math.floor((settings.maxRoundPayout * 100) / stakes));
      // Beyond 10,000,000× (an int column's range is near) the cap cannot bind in practice: no force point.
      return forcePoint > MAX_FORCE_POINT ? flying : r.transition(round.id, 'flying', { forcePoint });
    });
    if (started) await publishState();
  }

  async function settleEach(
    round: CrashRoundRow,
    bets: CrashBetRow[],
    outcome: (bet: CrashBetRow) => { point: number } | 'lost' | 'void',
    announce: boolean,
  ): Promise<void> {
    for (const bet of bets) {
      try {
        const row = await db.transaction(async (tx) => {
          const locked = await createCrashRepository(tx).lockBet(bet.id);
          // A claimed cash-out is paid at its claim, whatever the pass would have done with an open bet.
          if (locked?.status === 'cashing') return close(tx, locked, round, { point: locked.cashout! });
          return locked?.status === 'open' ? close(tx, locked, round, outcome(locked)) : null;
        });
        if (row && announce) void publishBet(row);
      } catch (error) {
        deps.log?.(`crash bet ${bet.id} not settled (retried next tick)`, error);
      }
    }
  }

  async function fly(round: CrashRoundRow, now: number): Promise<void> {
    const crashAt = round.crashAt!.getTime();
    if (now >= crashAt) {
      const crashed = await repo.transition(round.id, 'flying', { status: 'crashed' });
      if (crashed) await publishState();
      return;
    }
    const m = multiplierAt(now - round.startedAt!.getTime());
    const due = (await repo.dueBets(round.id, m, round.forcePoint)).filter((bet) => limitOf(bet, round) <= m);
    await settleEach(round, due, (bet) => ({ point: limitOf(bet, round) }), true);
    if (now - lastTickAt >= settings.tickMs) {
      lastTickAt = now;
      void publish({
        type: 'crash_tick',
        roundId: round.id,
        multiplier: m,
        elapsedMs: now - round.startedAt!.getTime(),
        ts: now,
      });
    }
  }

  /** After the crash: bets whose own limit was reached are paid at it, every other open bet lost. */
  async function settle(round: CrashRoundRow, now: number): Promise<void> {
    if (now < round.crashAt!.getTime() + SETTLE_GRACE_MS) return;
    const open = await repo.openBets(round.id);
    await settleEach(
      round,
      open,
      (bet) => {
        const limit = limitOf(bet, round);
        return limit <= round.crashPoint ? { point: limit } : 'lost';
      },
      false,
    );
    if ((await repo.openBets(round.id)).length === 0) {
      if (await repo.transition(round.id, 'crashed', { status: 'settled' })) await publishState();
    }
  }

  /** A round nobody flew in time: every bet's stake goes back (a rollback each), exactly once. */
  async function voidRound(round: CrashRoundRow): Promise<void> {
    const voided = (await repo.transition(round.id, 'betting', { status: 'void' })) ?? round;
    await settleEach(voided, await repo.openBets(round.id), () => 'void', false);
    await publishState();
  }

  /** One pass of the loop; safe to run again at any time and on any instance (everything is conditional). */
  async function tick(): Promise<void> {
    const now = clock.now();
    const round = await repo.latestRound();
    if (!round) return openRound(null, now);
    switch (round.status) {
      case 'void':
      case 'settled': {
        // A leader that died mid-refund left some stakes to return: the next one finishes them.
        if (round.status === 'void')
          await settleEach(round, await repo.openBets(round.id), () => 'void', false);
        const endedAt = round.status === 'void' ? 0 : round.crashAt!.getTime();
        if (now >= endedAt + settings.pauseMs) await openRound(round, now);
        return;
      }
      case 'betting':
        if (now < round.bettingEndsAt.getTime()) return;
        if (now - round.bettingEndsAt.getTime() > VOID_AFTER_MS) return voidRound(round);
        return startFlight(round, now);
      case 'flying':
        return fly(round, now);
      case 'crashed':
        return settle(round, now);
    }
  }

  return {
    settings,
    rules: rulesOf(settings),
    now: () => clock.now(),
    tick,
    chains,
    giveClientSeed,
    placeBet,
    cashout,
    state: () => view,
    stateFromDatabase,
    reload,
    repo,
    gameCode: CRASH_EXTENDED_ID,
    /** The feed's source of the `crash` topic: this instance's view and every message of the game. */
    feedSource: {
      state: () => view,
      onMessage(listener: (message: CrashBusMessage) => void): () => void {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    close: () => stops.forEach((stop) => stop()),
  };
}

class SlotRace extends Error {}

export type CrashGame = ReturnType<typeof createCrashGame>;
