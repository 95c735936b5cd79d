// The crash game's settings, limits and constants, and the views of its rows (what players and the feed see): pure
// functions shared by the round loop (crash.loop.ts), the bets (crash.bets.ts) and the settlement
// (crash.settlement.ts); and the fairness page's chain and seed views (crash.routes.ts; a chain counts its seeds).
import { createHash } from 'node:crypto';
import type { CrashBetView, CrashRoundView, CrashRules } from '@sb/contract';
import { GROWTH_PER_MS } from '@sb/crash';
import { HttpError } from '../../../plugins/errors';
import type { SessionRow } from '../platform/platform.repository';
import type {
  ChainRow,
  ClientSeedRow,
  CrashBetRow,
  CrashRepository,
  CrashRoundRow,
} from './crash.repository';

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
export const MAX_FORCE_POINT = 1_000_000_000;
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
export const roundRef = (id: number) => `crash:${id}`;

/** How a player is shown to others: a short digest of the account (or of the fun-money session). */
export function playerOf(session: SessionRow): string {
  const who = session.userId !== null ? `u${session.userId}` : `s${session.id}`;
  const digest = createHash('sha256').update(who).digest('hex').slice(0, 6);
  return `${session.demo ? 'guest' : 'player'}-${digest}`;
}

/**
 * Whose bets the panels count (2 a round): a client's over all its sessions and instances, a fun-money session's
 * own (an anonymous demo has no account).
 */
export const playerKeyOf = (session: SessionRow) =>
  !session.demo && session.userId !== null ? `u${session.userId}` : `s${session.id}`;

export const conflict = (code: string, message: string, field?: string) =>
  new HttpError(409, code, message, field);

/** The point an open bet's own limits cash it out at: its auto target or the round's force point. */
export const limitOf = (bet: CrashBetRow, round: CrashRoundRow) =>
  Math.min(bet.autoCashout ?? Infinity, bet.demo ? Infinity : (round.forcePoint ?? Infinity));

/** The refusal for a bet that is no longer open. */
export function notOpen(bet: CrashBetRow): HttpError {
  if (bet.status === 'cashed' || bet.status === 'cashing')
    return conflict('already_cashed_out', 'this bet was cashed out already', 'betId');
  if (bet.status === 'void')
    return conflict('round_void', 'this round was void: the stake was returned', 'betId');
  return conflict('round_crashed', 'too late: the round crashed', 'betId');
}

/** A chain as the fairness page shows it (its client seeds counted unless given). */
export const chainView = async (
  repo: Pick<CrashRepository, 'clientSeedCount'>,
  chain: ChainRow,
  seedCount?: number,
) => ({
  id: chain.id,
  terminatingHash: chain.terminatingHash,
  length: chain.length,
  committedAt: chain.createdAt.toISOString(),
  sealedAt: chain.sealedAt?.toISOString() ?? null,
  salt: chain.salt,
  clientSeedCount: seedCount ?? (await repo.clientSeedCount(chain.id)),
});

/** A client seed as the fairness page lists it. */
export const seedView = (row: ClientSeedRow) => ({
  seed: row.seed,
  player: row.player,
  at: row.createdAt.toISOString(),
});
