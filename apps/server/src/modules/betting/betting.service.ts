import { createHash } from 'node:crypto';
import { combinationsReturn, DEFAULT_PAYOUT_CAP, oddsAboveMax, oddsOf, decimalOf } from '@sb/betting';
import type { CheckBetsResponse, OddsChangePolicy, SlipRequest } from '@sb/contract';
import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { HttpError, badRequest } from '../../plugins/errors';
import type { BettingView, SelectionContext } from '../sports/index';
import type { UserRow } from '../identity/index';
import type { WalletService } from '../wallet/index';
import { createBettingRepository, type BetRow } from './betting.repository';
import { combinationsOf } from './bet-view';
import type { PayoutCapOf } from './payout-cap';
import { createPlacementWriter, type Placed, type Placement } from './placement.service';
import { acceptsOdd, checkedSelections, checkSlip } from './slip-check';

export { betError } from './slip-check';
export type { Placed } from './placement.service';

/**
 * A client's risk settings as betting applies them (the back office's limits, ops/risk.ts): each selection's max
 * stake through the limit hierarchy × the client's stake factor (naming the limit), live selections refused for a
 * client blocked from live betting, cash-out refused for one blocked from it. Without it, the prices' own limits.
 */
export interface BetRisk {
  selections(
    client: { id: number; appId: number } | null,
    selections: Map<number, SelectionContext>,
    tx?: DbOrTx,
  ): Promise<{ selections: Map<number, SelectionContext>; stakeFactor: number }>;
  /**
   * `selections` for many clients at once (a batch of placements), in a fixed number of statements; read outside
   * any transaction (on the pool, in parallel).
   */
  forClients(
    /** Each client with the selections its slips name (only those are judged for it). */
    clients: { id: number; appId: number; selectionIds: number[] }[],
    selections: Map<number, SelectionContext>,
  ): Promise<Map<number, { selections: Map<number, SelectionContext>; stakeFactor: number }>>;
  cashOutBlocked(userId: number, tx?: DbOrTx): Promise<boolean>;
}

/** Group commit of placements (see placement-batcher.ts); `false` places every bet in its own transaction. */
export interface PlacementBatching {
  lanes: number;
  windowMs: number;
  maxBatch: number;
}

export interface BettingDeps {
  db: Db;
  clock: Clock;
  wallet: WalletService;
  sports: BettingView;
  /** Responsible-gambling check (403 when excluded or over a limit); called after the debit, in its transaction. */
  assertCanStake: (userId: number, amount: number, tx?: DbOrTx) => Promise<void>;
  /** How long a live bet waits before it is checked again and accepted or rejected. */
  liveDelayMs: number;
  risk?: BetRisk;
  /** The maximum payout and combined odds of a bet per brand and currency (default: 1,000,000.00 and 100,000). */
  payoutCap?: PayoutCapOf;
  /**
   * Of these clients, those `assertCanStake` might refuse (limits, exclusions): their bets skip the batch. Without
   * it every bet is placed alone.
   */
  clientsWithRules?: (userIds: number[]) => Promise<Set<number>>;
  batching?: PlacementBatching | false;
  /** Waits (tests pass one that resolves at once). */
  sleep?: (ms: number) => Promise<void>;
}

/** Bet checks and placement: every rule checked again inside the transaction that debits the stake. */
export function createBettingService(deps: BettingDeps) {
  const { db, clock } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const repo = createBettingRepository(db);
  const policyOf = (user: UserRow): OddsChangePolicy => user.oddsChange;
  const capOf: PayoutCapOf = deps.payoutCap ?? (() => DEFAULT_PAYOUT_CAP);
  /** The selections as this client may bet them (operator limits, stake factor, block flags). */
  async function selectionsFor(
    client: { id: number; appId: number } | null,
    ids: number[],
    tx?: DbOrTx,
    brandId: number | null = client?.appId ?? null,
  ) {
    // The client's brand (a visitor's: the site's): its margin prices the selections as they were served to it.
    const raw = await deps.sports.selections(ids, tx, brandId);
    if (!deps.risk) return { selections: raw, stakeFactor: 1 };
    return deps.risk.selections(client && { id: client.id, appId: client.appId }, raw, tx);
  }

  const writer = createPlacementWriter({ ...deps, selectionsFor, policyOf, capOf });

  /** `visitorBrand`: the site's brand when there is no client (its prices are the ones the visitor saw). */
  async function check(
    user: UserRow | null,
    request: SlipRequest,
    visitorBrand: number | null = null,
  ): Promise<CheckBetsResponse> {
    const { selections, stakeFactor } = await selectionsFor(
      user,
      request.bets.map((b) => b.oddId),
      undefined,
      user?.appId ?? visitorBrand,
    );
    const cap = capOf(user?.appId ?? visitorBrand, user?.currencyIso ?? null);
    const result = checkSlip(request, selections, user ? policyOf(user) : 'none', stakeFactor, cap);
    if (user) {
      const { cash } = await deps.wallet.balances(user);
      if (request.amount > cash)
        result.general.push({
          code: 'insufficient_funds',
          field: 'amount',
          message: 'your balance is too low for this stake',
        });
      await deps.assertCanStake(user.id, request.amount).catch((error: unknown) => {
        if (!(error instanceof HttpError)) throw error;
        result.general.push({ code: error.code, field: 'amount', message: error.message });
      });
    }
    const failed = result.general.length > 0 || Object.keys(result.perBet).length > 0;
    return {
      maxStake: result.maxStake,
      bets: checkedSelections(result),
      error: failed ? 'bet_error' : null,
      errors: { bets: result.perBet, general: result.general },
      betCount: result.combinations.length,
      amountPerBet: result.stakePerBet,
      possibleEarnings: result.earnings,
    };
  }

  /**
   * Places a slip once per Idempotency-Key: a retry with the same key and request gets the first answer and
   * debits nothing more; the same key with another request is refused. A live bet waits out its delay here
   * and answers accepted or rejected. With the legs as written when this call wrote them (null: read them).
   */
  async function placeWithLegs(
    user: UserRow,
    request: SlipRequest,
    key: string | undefined,
  ): Promise<Placed> {
    if (!key || !/^[\w.:-]{8,100}$/.test(key))
      throw badRequest(
        'Idempotency-Key',
        'send an Idempotency-Key header (8–100 letters, digits, - _ . :) per attempt',
      );
    const hash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
    const placement: Placement = { user, request, key, hash };
    const placed = await writer.write(placement);
    const { bet } = placed;
    if (bet.requestHash !== hash)
      throw new HttpError(
        409,
        'idempotency_conflict',
        'this Idempotency-Key was used for another bet',
        'Idempotency-Key',
      );
    if (bet.status !== 'pending') return placed;
    await sleep(Math.max(0, (bet.acceptAt?.getTime() ?? 0) - clock.now()));
    return { bet: (await accept(bet.id)) ?? bet, legs: null };
  }

  /**
   * A live bet after its delay: accepted if every selection is still open at a price its policy allows (at the
   * current price), else rejected with the stake returned. Exactly once: only the actor that moves it out of
   * `pending` on the locked row acts.
   */
  async function accept(betId: number): Promise<BetRow | null> {
    return db.transaction(async (tx) => {
      const r = createBettingRepository(tx);
      const bet = await r.lock(betId);
      if (!bet || bet.status !== 'pending') return bet;
      const legs = await r.legsOf([betId]);
      const { selections } = await selectionsFor(
        { id: bet.userId, appId: bet.appId },
        legs.map((l) => l.selectionId),
        tx,
      );
      let reason: string | null = null;
      for (const leg of legs) {
        const s = selections.get(leg.selectionId);
        if (!s || s.state !== 'ok') reason = s?.state ?? 'not_found';
        else if (!acceptsOdd(bet.oddsPolicy, decimalOf(leg.oddsThousandths), s.odd)) reason = 'odd_changed';
        if (reason) break;
      }
      if (!reason) {
        // A better price the policy accepts must still keep the bet within its brand's payout and odds bounds.
        const cap = capOf(bet.appId, bet.currency);
        const odds = legs.map((l) => selections.get(l.selectionId)!.odd);
        const combos = combinationsOf(bet, legs);
        if (
          oddsAboveMax(odds, combos, cap.maxOddsThousandths) ||
          combinationsReturn(odds, combos, bet.stakePerBet) > cap.maxPayoutCents
        )
          reason = 'payout_above_max';
      }
      if (reason) {
        await r.transition(betId, ['pending'], {
          status: 'rejected',
          rejectReason: reason,
          paid: bet.totalStake,
          settledAt: new Date(clock.now()),
        });
        await deps.wallet.credit(
          {
            appId: bet.appId,
            userId: bet.userId,
            currency: bet.currency,
            amount: bet.totalStake,
            type: 'bet_refund',
            idempotencyKey: `bet:${betId}:rejected`,
            info: { key: 'transaction.bet_refund', params: { bet: String(betId) } },
          },
          tx,
        );
      } else {
        // Accepted at the price of the moment (equal, or a change the policy allows).
        for (const leg of legs) {
          const now = oddsOf(selections.get(leg.selectionId)!.odd);
          if (now !== leg.oddsThousandths) await r.setLegOdds(betId, leg.idx, now);
        }
        await r.transition(betId, ['pending'], { status: 'waiting', acceptAt: null });
      }
      return r.byId(betId);
    });
  }

  return {
    check,
    accept,

    placeWithLegs,
    /** `placeWithLegs` without the legs. */
    place: async (user: UserRow, request: SlipRequest, key: string | undefined): Promise<BetRow> =>
      (await placeWithLegs(user, request, key)).bet,

    /** Live bets whose delay is over and that no request is waiting for (a crash, a closed tab). */
    async acceptDue(limit = 50): Promise<number> {
      const due = await repo.duePending(new Date(clock.now()), limit);
      for (const bet of due) await accept(bet.id);
      return due.length;
    },

    openCount: (userId: number) => repo.countOpen(userId),
    /** Batches written so far on this instance (group commit), for tests and benchmarks. */
    batchStats: writer.stats,
  };
}

export type BettingService = ReturnType<typeof createBettingService>;
