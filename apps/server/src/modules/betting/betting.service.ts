import { createHash } from 'node:crypto';
import { oddsOf } from '@sb/betting';
import type { CheckBetsResponse, OddsChangePolicy, SlipRequest } from '@sb/contract';
import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { HttpError, badRequest } from '../../plugins/errors';
import type { BettingView, SelectionContext } from '../fixtures/index';
import type { UserRow } from '../identity/index';
import type { WalletService } from '../wallet/index';
import { createBettingRepository, type BetRow } from './betting.repository';
import { acceptsOdd, checkSlip, type SlipCheck } from './slip-check';

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
  cashOutBlocked(userId: number, tx?: DbOrTx): Promise<boolean>;
}

export interface BettingDeps {
  db: Db;
  clock: Clock;
  wallet: WalletService;
  fixtures: BettingView;
  /** Responsible-gambling check (403 when excluded or over a limit); called after the debit, in its transaction. */
  assertCanStake: (userId: number, amount: number, tx?: DbOrTx) => Promise<void>;
  /** How long a live bet waits before it is checked again and accepted or rejected. */
  liveDelayMs: number;
  risk?: BetRisk;
  /** Waits (tests pass one that resolves at once). */
  sleep?: (ms: number) => Promise<void>;
}

/** A slip that cannot be placed as asked: 400 `bet_error` with the per-selection errors and current odds. */
export function betError(check: SlipCheck): HttpError {
  const first = check.general[0] ?? Object.values(check.perBet)[0];
  return new HttpError(
    400,
    'bet_error',
    first?.message ?? 'the bet cannot be placed',
    first && 'field' in first ? first.field : undefined,
    undefined,
    {
      errors: { bets: check.perBet, general: check.general },
      bets: checkedSelections(check),
      maxStake: check.maxStake,
    },
  );
}

const checkedSelections = (check: SlipCheck) =>
  check.legs.map((l) => ({
    entity: { id: l.oddId, playable_max_stake: l.maxStake },
    eventId: l.eventId,
    value: l.odd,
    status: l.status,
  }));

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.cause?.code ?? e.code) === '23505';
};

/** Bet checks and placement: every rule checked again inside the transaction that debits the stake. */
export function createBettingService(deps: BettingDeps) {
  const { db, clock } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const repo = createBettingRepository(db);
  const policyOf = (user: UserRow): OddsChangePolicy => user.oddsChange;
  /** The selections as this client may bet them (operator limits, stake factor, block flags). */
  async function selectionsFor(
    client: { id: number; appId: number } | null,
    ids: number[],
    tx?: DbOrTx,
    brandId: number | null = client?.appId ?? null,
  ) {
    // The client's brand (a visitor's: the site's): its margin prices the selections as they were served to it.
    const raw = await deps.fixtures.selections(ids, tx, brandId);
    if (!deps.risk) return { selections: raw, stakeFactor: 1 };
    return deps.risk.selections(client && { id: client.id, appId: client.appId }, raw, tx);
  }

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
    const result = checkSlip(request, selections, user ? policyOf(user) : 'none', stakeFactor);
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

  /** The transaction of a placement: check against the current state, record, debit, check limits. */
  async function record(user: UserRow, request: SlipRequest, key: string, hash: string): Promise<BetRow> {
    return db.transaction(async (tx) => {
      const { selections, stakeFactor } = await selectionsFor(
        user,
        request.bets.map((b) => b.oddId),
        tx,
      );
      const result = checkSlip(request, selections, policyOf(user), stakeFactor);
      if (result.general.length > 0 || Object.keys(result.perBet).length > 0) throw betError(result);
      const live = request.bets.some((b) => selections.get(b.oddId)?.isLive);
      const now = clock.now();
      const total = result.stakePerBet * result.combinations.length;
      const bet = await createBettingRepository(tx).insertBet(
        {
          appId: user.appId,
          userId: user.id,
          type: request.type,
          systems: request.type === 3 ? request.systems : [],
          status: live ? 'pending' : 'waiting',
          currency: user.currencyIso,
          stakePerBet: result.stakePerBet,
          placedStakePerBet: result.stakePerBet,
          totalStake: total,
          combinations: result.combinations.length,
          oddsPolicy: policyOf(user),
          confirmationType: request.confirmationType,
          idempotencyKey: key,
          requestHash: hash,
          createdAt: new Date(now),
          acceptAt: live ? new Date(now + deps.liveDelayMs) : null,
        },
        request.bets.map((item, idx) => {
          const s = selections.get(item.oddId)!;
          return {
            idx,
            selectionId: item.oddId,
            eventId: item.eventId,
            marketType: s.marketType,
            special: s.special,
            outcome: s.outcome,
            selectionName: s.name,
            oddsThousandths: oddsOf(result.legs[idx]!.accepted ?? s.odd),
            isLive: s.isLive,
            banker: item.banker,
            result: null,
          };
        }),
      );
      await deps.wallet.debit(
        {
          appId: user.appId,
          userId: user.id,
          currency: user.currencyIso,
          amount: total,
          type: 'bet_stake',
          idempotencyKey: `bet:${bet.id}:stake`,
          info: { key: 'transaction.bet_stake', params: { bet: String(bet.id) } },
        },
        tx,
      );
      // Race-free: the stake is already debited in this transaction, so concurrent bets see each other.
      await deps.assertCanStake(user.id, 0, tx);
      return bet;
    });
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
        else if (!acceptsOdd(bet.oddsPolicy, leg.oddsThousandths / 1000, s.odd)) reason = 'odd_changed';
        if (reason) break;
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

    /**
     * Places a slip once per Idempotency-Key: a retry with the same key and request gets the first answer and
     * debits nothing more; the same key with another request is refused. A live bet waits out its delay here
     * and answers accepted or rejected.
     */
    async place(user: UserRow, request: SlipRequest, key: string | undefined): Promise<BetRow> {
      if (!key || !/^[\w.:-]{8,100}$/.test(key))
        throw badRequest(
          'Idempotency-Key',
          'send an Idempotency-Key header (8–100 letters, digits, - _ . :) per attempt',
        );
      const hash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
      const existing = await repo.byKey(user.id, key);
      let bet: BetRow;
      if (existing) bet = existing;
      else {
        try {
          bet = await record(user, request, key, hash);
        } catch (error) {
          // A concurrent attempt with the same key won the unique index: answer with its bet.
          const winner = isUniqueViolation(error) ? await repo.byKey(user.id, key) : null;
          if (!winner) throw error;
          bet = winner;
        }
      }
      if (bet.requestHash !== hash)
        throw new HttpError(
          409,
          'idempotency_conflict',
          'this Idempotency-Key was used for another bet',
          'Idempotency-Key',
        );
      if (bet.status !== 'pending') return bet;
      await sleep(Math.max(0, (bet.acceptAt?.getTime() ?? 0) - clock.now()));
      return (await accept(bet.id)) ?? bet;
    },

    /** Live bets whose delay is over and that no request is waiting for (a crash, a closed tab). */
    async acceptDue(limit = 50): Promise<number> {
      const due = await repo.duePending(new Date(clock.now()), limit);
      for (const bet of due) await accept(bet.id);
      return due.length;
    },

    openCount: (userId: number) => repo.countOpen(userId),
  };
}

export type BettingService = ReturnType<typeof createBettingService>;
