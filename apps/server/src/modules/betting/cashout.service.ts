import { cashOutQuote, cents, isLegResult, partialCashOut, type CashOutLeg, decimalOf } from '@sb/betting';
import type { CashOutQuote } from '@sb/contract';
import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { HttpError, notFound } from '../../plugins/errors';
import type { BettingView } from '../sports/index';
import type { BetRisk } from './betting.deps';
import type { WalletService } from '../wallet/index';
import { combinationsOf } from './bet-view';
import { createBettingRepository, type BetRow, type BettingRepository } from './betting.repository';

/** The smallest partial cash-out, and the least value a bet may keep in play after one (minor units). */
export const MIN_PARTIAL_CENTS = 100;

export interface CashOutConfig {
  /** The house's cut of the fair value, basis points. */
  marginBasisPoints: number;
  /** How far below the price the player saw an execution may still go (basis points). */
  toleranceBasisPoints: number;
}

/**
 * Cash-out: a quote from the live model's fair probability of the open legs, less the cash-out margin (never
 * above fair value); nothing for a bet with a lost leg, a leg in a suspended or closed (undecided) market; executing re-prices on the locked bet and pays only if the price still holds within the
 * tolerance. Partial cash-out sells a share: the stake left in play shrinks in proportion. Cash-out and
 * settlement lock the same row and both need the bet `waiting`, so exactly one of them pays.
 */
/** What cash-out reads and writes of a bet: its row (locked in a transaction), its legs and its move. */
export type CashOutRepository = Pick<BettingRepository, 'byId' | 'lock' | 'legsOf' | 'transition'>;

export function createCashOutService(deps: {
  db: Db;
  clock: Clock;
  wallet: Pick<WalletService, 'credit'>;
  sports: Pick<BettingView, 'selections' | 'fairProbabilities'>;
  config: CashOutConfig;
  risk?: Pick<BetRisk, 'cashOutBlocked'> | undefined;
  /** The bets' repository on a connection or transaction (the unit tests hand in a fake). */
  repository?: (db: DbOrTx) => CashOutRepository;
}) {
  const { db } = deps;
  const repositoryOf = deps.repository ?? createBettingRepository;
  const unavailable = (betId: number, reason: string): CashOutQuote => ({
    betId,
    amount: 0,
    available: false,
    reason,
    minPartial: MIN_PARTIAL_CENTS,
  });

  async function quoteOf(r: CashOutRepository, tx: DbOrTx | undefined, bet: BetRow): Promise<CashOutQuote> {
    if (bet.status === 'pending') return unavailable(bet.id, 'live_delay');
    if (bet.status !== 'waiting') return unavailable(bet.id, 'settled');
    // A free bet is never cashed out (issue 36): its stake was never the client's money to take back.
    if (bet.rewardKind === 'free_bet') return unavailable(bet.id, 'free_bet');
    // An insured multiple is not cashed out either: the insurance is decided by the legs' results.
    if (bet.rewardKind === 'acca_insurance') return unavailable(bet.id, 'insured');
    // Nor a boosted bet: the boost is decided at settlement.
    if (bet.rewardKind === 'profit_boost' || bet.rewardKind === 'odds_boost')
      return unavailable(bet.id, 'boosted');
    // Nor a bet staked with bonus money: its payout is split at settlement, by the bonus's state then.
    if (bet.bonusStake > 0) return unavailable(bet.id, 'bonus_stake');
    // A back-office block flag: this client may not cash out.
    if (await deps.risk?.cashOutBlocked(bet.userId, tx)) return unavailable(bet.id, 'blocked');
    const legs = await r.legsOf([bet.id]);
    const ids = legs.map((l) => l.selectionId);
    const selections = await deps.sports.selections(ids, tx);
    const cashLegs: CashOutLeg[] = [];
    const open: number[] = [];
    for (const leg of legs) {
      const s = selections.get(leg.selectionId);
      const odds = decimalOf(leg.oddsThousandths);
      // A decided leg is valued at its result: a won leg counts as certain, halves at their half return.
      const result = s?.result;
      const settled = isLegResult(result) ? result : undefined;
      // A bet with any lost leg is offered nothing (even a system whose other combinations still run).
      if (settled === 'loss') return unavailable(bet.id, 'lost');
      if (settled) {
        cashLegs.push({ odds, state: settled });
        continue;
      }
      // A bet builder is valued from the live grid while its open legs are on sale (a leg already won is fine).
      const state = s?.builder?.cashOutState ?? s?.state;
      if (!s || state === 'closed' || state === 'event_ended') return unavailable(bet.id, 'market_closed');
      if (state !== 'ok') return unavailable(bet.id, 'suspended');
      open.push(cashLegs.length);
      cashLegs.push({ odds, state: 'open', fairPpb: 0 });
    }
    // The model's fair values, the ones the prices were made from (per outcome: multi-winner markets too).
    const fair = await deps.sports.fairProbabilities(ids, tx);
    for (const i of open) {
      const f = fair.get(legs[i]!.selectionId);
      cashLegs[i] = {
        odds: cashLegs[i]!.odds,
        state: 'open',
        fairPpb: f?.fairPpb ?? 0,
        refundPpb: f?.refundPpb ?? 0,
      };
    }
    const amount = cashOutQuote(
      cashLegs,
      combinationsOf(bet, legs),
      bet.stakePerBet,
      deps.config.marginBasisPoints,
    );
    if (amount <= 0) return unavailable(bet.id, 'lost');
    return { betId: bet.id, amount, available: true, reason: null, minPartial: MIN_PARTIAL_CENTS };
  }

  async function owned(r: CashOutRepository, betId: number, userId: number, lock: boolean): Promise<BetRow> {
    const bet = lock ? await r.lock(betId) : await r.byId(betId);
    // Another client's bet is as unknown as a missing one.
    if (!bet || bet.userId !== userId) throw notFound('bet');
    return bet;
  }

  return {
    async quote(userId: number, betId: number): Promise<CashOutQuote> {
      const r = repositoryOf(db);
      return quoteOf(r, undefined, await owned(r, betId, userId, false));
    },

    /**
     * Cashes out `amount` (default: all) if the price still holds: within the tolerance of `expected` when the
     * player sent the value they saw. Otherwise nothing moves and the new quote comes back.
     */
    async execute(
      userId: number,
      betId: number,
      request: { amount?: number; expected?: number },
      key: string | undefined,
    ) {
      return db.transaction(async (tx) => {
        const r = repositoryOf(tx);
        const bet = await owned(r, betId, userId, true);
        const quote = await quoteOf(r, tx, bet);
        // A retry of the last cash-out: nothing moves again, and it answers as the first time did (what was
        // paid; a full cash-out left the bet `cashout`, a partial one did not).
        if (key && bet.lastCashoutKey === key)
          return {
            status: bet.status === 'cashout' ? ('cashed_out' as const) : ('partial' as const),
            paid: bet.lastCashoutPaid ?? 0,
            quote,
            betId,
          };
        if (!quote.available) return { status: 'unavailable' as const, paid: 0, quote, betId };
        const floor = request.expected
          ? Math.floor((request.expected * (10_000 - deps.config.toleranceBasisPoints)) / 10_000)
          : 0;
        if (quote.amount < floor) return { status: 'price_changed' as const, paid: 0, quote, betId };
        const wanted = cents(request.amount ?? quote.amount);
        if (wanted > quote.amount) return { status: 'price_changed' as const, paid: 0, quote, betId };
        const partial = wanted < quote.amount;
        if (partial && (wanted < MIN_PARTIAL_CENTS || quote.amount - wanted < MIN_PARTIAL_CENTS))
          throw new HttpError(
            400,
            'validation',
            `a partial cash-out is at least ${MIN_PARTIAL_CENTS} and leaves at least as much in play`,
            'amount',
          );
        const remaining = partial
          ? partialCashOut(quote.amount, wanted, bet.stakePerBet).remainingStakePerBetCents
          : cents(0);
        const n = bet.cashedOut > 0 ? `${bet.cashedOut}` : '0';
        const moved = await r.transition(betId, ['waiting'], {
          status: partial ? 'waiting' : 'cashout',
          stakePerBet: partial ? remaining : bet.stakePerBet,
          cashedOut: cents(bet.cashedOut + wanted),
          paid: cents(bet.paid + wanted),
          settledAt: partial ? null : new Date(deps.clock.now()),
          lastCashoutKey: key ?? null,
          lastCashoutPaid: key ? wanted : null,
        });
        if (!moved) return { status: 'unavailable' as const, paid: 0, quote, betId };
        await deps.wallet.credit(
          {
            appId: bet.appId,
            userId: bet.userId,
            currency: bet.currency,
            amount: wanted,
            type: 'cashout',
            // Unique per cash-out of this bet: what had been cashed out before it names it.
            idempotencyKey: `bet:${betId}:cashout:${n}`,
            info: { key: 'transaction.cashout', params: { bet: String(betId) } },
          },
          tx,
        );
        return {
          status: partial ? ('partial' as const) : ('cashed_out' as const),
          paid: wanted,
          quote,
          betId,
        };
      });
    },
  };
}

export type CashOutService = ReturnType<typeof createCashOutService>;
