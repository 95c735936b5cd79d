// The crash game's players: bets placed in a round's betting window (two panels a round, a retry answered with the
// first bet) and manual cash-outs judged at their arrival, from any instance.
import type { CrashBetRequest } from '@sb/contract';
import { multiplierAt } from '@sb/crash';
import type { DbOrTx } from '../../../db/database';
import { HttpError, badRequest } from '../../../plugins/errors';
import { isUniqueViolation } from '../../../lib/db-errors';
import { createPlatformRepository, type SessionRow } from '../platform/platform.repository';
import { createCrashRepository, type CrashBetRow, type CrashRoundRow } from './crash.repository';
import { payoutOf } from './crash.fair';
import { closeBet } from './crash.settlement';
import type { CrashContext } from './crash.state';
import {
  MAX_AUTO_CASHOUT,
  betUuid,
  conflict,
  limitOf,
  notOpen,
  playerKeyOf,
  playerOf,
  roundRef,
} from './crash.views';

class SlotRace extends Error {}

function checkStake(ctx: CrashContext, req: CrashBetRequest): void {
  const { settings } = ctx;
  if (req.stake < settings.minStake || req.stake > settings.maxStake)
    throw badRequest('stake', `the stake must be between ${settings.minStake} and ${settings.maxStake}`);
  if (req.autoCashout != null && req.autoCashout > MAX_AUTO_CASHOUT)
    throw badRequest('autoCashout', `the auto cash-out is at most ${MAX_AUTO_CASHOUT / 100}×`);
}

const sameBet = (row: CrashBetRow, req: CrashBetRequest) =>
  row.stake === req.stake && row.autoCashout === (req.autoCashout ?? null);

interface Placing {
  session: SessionRow;
  gameCode: string;
  req: CrashBetRequest;
  round: CrashRoundRow;
  now: number;
}

/** The bet's row and its stake taken, in one transaction under the round's share lock. */
async function stakeBet(ctx: CrashContext, tx: DbOrTx, { session, gameCode, req, round, now }: Placing) {
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
    await ctx.wallet.bet(
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
}

export async function placeBet(
  ctx: CrashContext,
  session: SessionRow,
  gameCode: string,
  req: CrashBetRequest,
): Promise<CrashBetRow> {
  const { repo } = ctx;
  checkStake(ctx, req);
  const now = ctx.clock.now();
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
    const row = await ctx.db.transaction((tx) => stakeBet(ctx, tx, { session, gameCode, req, round, now }));
    void ctx.out.publishBet(row);
    return row;
  } catch (error) {
    if (!(error instanceof SlotRace) && !isUniqueViolation(error)) throw error;
    const winner = await repo.betInSlot(round.id, playerKeyOf(session), req.slot);
    if (winner && sameBet(winner, req)) return winner;
    throw conflict('slot_taken', 'this bet panel already has a bet in this round', 'slot');
  }
}

/**
 * A manual cash-out, judged at `now`: when the request reached the server (its clock, never the client's). It
 * is claimed first, in one conditional statement (the bet becomes `cashing` at the multiplier of its arrival),
 * so a crowd cashing out in the last second is not held up by each other's ledger work; the payout is then
 * posted in its own transaction. A claim whose payout did not commit (the instance died) is paid by the
 * leader's next settlement pass at the claimed point; the seamless wallet's transaction id keeps it once.
 */
export async function cashout(
  ctx: CrashContext,
  session: SessionRow,
  betId: number,
  now = ctx.clock.now(),
): Promise<CrashBetRow> {
  const { repo } = ctx;
  const bet = await repo.bet(betId);
  if (!bet || bet.sessionId !== session.id) throw new HttpError(404, 'bet_not_found', 'no such bet', 'betId');
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
  const row = await ctx.db
    .transaction(async (tx) => {
      const locked = await createCrashRepository(tx).lockBet(betId);
      // Paid meanwhile by the leader's settlement pass: the same claim, paid once.
      if (!locked || locked.status !== 'cashing') return locked ?? claimed;
      return closeBet(ctx, tx, locked, round, { point: locked.cashout! });
    })
    .catch((error: unknown) => {
      // The claim stands (the player's cash-out is accepted); the settlement pass posts its payout.
      ctx.log?.(`crash cash-out ${betId} claimed, its payout left to the settlement`, error);
      return claimed;
    });
  void ctx.out.publishBet(row);
  return row;
}
