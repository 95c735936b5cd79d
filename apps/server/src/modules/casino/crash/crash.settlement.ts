// The crash game's settlement: a bet closed on its locked row (paid at a point, lost, or its stake returned) through
// the seamless wallet or the fun-money balance; the leader's passes over a round's bets (in flight, after the crash,
// and for a round nobody flew).
import type { DbOrTx } from '../../../db/database';
import { createPlatformRepository } from '../platform/platform.repository';
import { createCrashRepository, type CrashBetRow, type CrashRoundRow } from './crash.repository';
import { payoutOf } from './crash.fair';
import type { CrashContext } from './crash.state';
import { betUuid, limitOf, roundRef, SETTLE_GRACE_MS } from './crash.views';

export type CrashOutcome = { point: number } | 'lost' | 'void';

/** Pays an open bet at `point` (or closes it lost at null) on its locked row; false if it was not open. */
export async function closeBet(
  ctx: CrashContext,
  tx: DbOrTx,
  bet: CrashBetRow,
  round: CrashRoundRow,
  outcome: CrashOutcome,
): Promise<CrashBetRow> {
  const r = createCrashRepository(tx);
  const payout = outcome === 'lost' ? 0 : outcome === 'void' ? bet.stake : payoutOf(bet.stake, outcome.point);
  if (bet.demo) {
    if (payout > 0) await createPlatformRepository(tx).moveDemoBalance(bet.sessionId, payout);
  } else if (outcome === 'void') {
    await ctx.wallet.rollback(
      {
        transaction_uuid: `cr:${bet.id}:rollback`,
        reference_transaction_uuid: betUuid(bet.id),
        session: bet.sessionId,
        round: roundRef(round.id),
      },
      tx,
    );
  } else {
    await ctx.wallet.win(
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
    settledAt: new Date(ctx.clock.now()),
  };
  await r.finishBet(bet.id, patch);
  return { ...bet, ...patch };
}

/** Closes each still open (or claimed) bet, one transaction each; a bet that fails is retried next tick. */
export async function settleEach(
  ctx: CrashContext,
  round: CrashRoundRow,
  bets: CrashBetRow[],
  outcome: (bet: CrashBetRow) => CrashOutcome,
  announce: boolean,
): Promise<void> {
  for (const bet of bets) {
    try {
      const row = await ctx.db.transaction(async (tx) => {
        const locked = await createCrashRepository(tx).lockBet(bet.id);
        // A claimed cash-out is paid at its claim, whatever the pass would have done with an open bet.
        if (locked?.status === 'cashing') return closeBet(ctx, tx, locked, round, { point: locked.cashout! });
        return locked?.status === 'open' ? closeBet(ctx, tx, locked, round, outcome(locked)) : null;
      });
      if (row && announce) void ctx.out.publishBet(row);
    } catch (error) {
      ctx.log?.(`crash bet ${bet.id} not settled (retried next tick)`, error);
    }
  }
}

/** After the crash: bets whose own limit was reached are paid at it, every other open bet lost. */
export async function settleCrashed(ctx: CrashContext, round: CrashRoundRow, now: number): Promise<void> {
  const { repo } = ctx;
  if (now < round.crashAt!.getTime() + SETTLE_GRACE_MS) return;
  const open = await repo.openBets(round.id);
  await settleEach(
    ctx,
    round,
    open,
    (bet) => {
      const limit = limitOf(bet, round);
      return limit <= round.crashPoint ? { point: limit } : 'lost';
    },
    false,
  );
  if ((await repo.openBets(round.id)).length === 0) {
    if (await repo.transition(round.id, 'crashed', { status: 'settled' })) await ctx.out.publishState();
  }
}

/** A round nobody flew in time: every bet's stake goes back (a rollback each), exactly once. */
export async function voidRound(ctx: CrashContext, round: CrashRoundRow): Promise<void> {
  const voided = (await ctx.repo.transition(round.id, 'betting', { status: 'void' })) ?? round;
  await settleEach(ctx, voided, await ctx.repo.openBets(round.id), () => 'void', false);
  await ctx.out.publishState();
}
