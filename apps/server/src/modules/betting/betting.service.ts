import { createHash } from 'node:crypto';
import { cents, combinationsReturn, DEFAULT_PAYOUT_CAP, oddsAboveMax, oddsOf, decimalOf } from '@sb/betting';
import type { CheckBetsResponse, OddsChangePolicy, SlipInput, SlipRequest } from '@sb/contract';
import type { DbOrTx } from '../../db/database';
import { HttpError, badRequest } from '../../plugins/errors';
import { BUILDER_ID_BASE } from '../sports/index';
import type { UserRow } from '../identity/index';
import { createBettingRepository, type BetRow } from './betting.repository';
import { combinationsOf } from './bet-view';
import type { PayoutCapOf } from './payout-cap';
import type { ClientBetPolicy } from './bet-policy';
import {
  createPlacementWriter,
  DEFAULT_REFERRAL_TIMEOUT_MS,
  type Placed,
  type Placement,
} from './placement.service';
import { NO_CLIENT_POLICY, NO_REFERRALS, stricterPolicy, thresholdsFor } from './bet-policy';
import { createReferrals } from './referral.service';
import { rewardSlipOf, withBoost } from './reward-slip';
import { isFreeBet } from './rewards';
import { acceptsOdd, checkedSelections, checkSlip } from './slip-check';
import type { BettingDeps, ClientSelections } from './betting.deps';

export { betError } from './slip-check';
export type { Placed } from './placement.service';

/** Bet checks and placement: every rule checked again inside the transaction that debits the stake. */
export function createBettingService(deps: BettingDeps) {
  const { db, clock } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const repo = createBettingRepository(db);
  /** The client's own odds-change preference, tightened by the desk's policy on their risk profile. */
  const policyOf = (user: UserRow, client: ClientBetPolicy): OddsChangePolicy =>
    stricterPolicy(user.oddsChange, client.oddsPolicy);
  const referralsOf = deps.referrals ?? NO_REFERRALS;
  const thresholdsOf = (user: UserRow, client: ClientBetPolicy) =>
    thresholdsFor(referralsOf(user.appId, user.currencyIso), client);
  const capOf: PayoutCapOf = deps.payoutCap ?? (() => DEFAULT_PAYOUT_CAP);
  /** The selections as this client may bet them (operator limits, stake factor, block flags). */
  async function selectionsFor(
    client: { id: number; appId: number } | null,
    ids: number[],
    tx?: DbOrTx,
    brandId: number | null = client?.appId ?? null,
  ): Promise<ClientSelections> {
    // The client's brand (a visitor's: the site's): its margin prices the selections as they were served to it.
    const raw = await deps.sports.selections(ids, tx, brandId);
    if (!deps.risk) return { selections: raw, stakeFactor: 1 };
    return deps.risk.selections(client && { id: client.id, appId: client.appId }, raw, tx);
  }

  const writer = createPlacementWriter({ ...deps, selectionsFor, policyOf, capOf, thresholdsOf });

  /**
   * The slip with each bet builder entry given its builder's selection id (issue 37): from then on the builder
   * is one selection of its event. Legs that are not selections of the entry's event get an id no builder has,
   * so the entry is refused as `not_found` like an unknown selection.
   */
  async function resolveSlip(input: SlipInput): Promise<SlipRequest> {
    const bets = await Promise.all(
      input.bets.map(async ({ oddId, ...b }) => ({
        ...b,
        oddId:
          b.builder === undefined
            ? oddId!
            : ((await deps.sports.builderSelectionId(b.eventId, b.builder)) ?? BUILDER_ID_BASE),
      })),
    );
    return { ...input, bets };
  }

  /** `visitorBrand`: the site's brand when there is no client (its prices are the ones the visitor saw). */
  async function check(
    user: UserRow | null,
    input: SlipInput,
    visitorBrand: number | null = null,
  ): Promise<CheckBetsResponse> {
    const request = await resolveSlip(input);
    const {
      selections: current,
      stakeFactor,
      policy = NO_CLIENT_POLICY,
    } = await selectionsFor(
      user,
      request.bets.map((b) => b.oddId),
      undefined,
      user?.appId ?? visitorBrand,
    );
    // An odds boost: the slip is checked at the boosted price.
    const boost =
      user && request.bonusId !== undefined
        ? await deps.rewards?.boostedPrice(user.id, request.bonusId)
        : null;
    const { selections } = withBoost(current, boost ?? null);
    const cap = capOf(user?.appId ?? visitorBrand, user?.currencyIso ?? null);
    const result = checkSlip(request, selections, user ? policyOf(user, policy) : 'none', stakeFactor, cap);
    // An odds boost stakes cash like any bet; a free bet is the stake.
    const free = request.bonusId !== undefined && !boost;
    if (request.bonusId !== undefined) {
      // A reward: the slip qualifies or the reason why not; a free bet's winnings are shown without the stake.
      const refusal = !user
        ? { code: 'unauthorized', message: 'log in to use a free bet' }
        : !deps.rewards
          ? { code: 'bonus_unavailable', message: 'free bets are not offered here' }
          : await deps.rewards.check(user.id, request.bonusId, rewardSlipOf(request, result, selections));
      if (refusal) result.general.push({ ...refusal, field: 'bonusId' });
      if (free)
        result.earnings = {
          min: Math.max(0, result.earnings.min - request.amount),
          max: Math.max(0, result.earnings.max - request.amount),
        };
    }
    if (user) {
      const { cash } = await deps.wallet.balances(user);
      // Bonus money pays what the cash cannot (cash first, then bonus).
      const bonus = free || request.amount <= cash ? 0 : ((await deps.bonusStakes?.spendable(user)) ?? 0);
      if (!free && request.amount > cash + bonus)
        result.general.push({
          code: 'insufficient_funds',
          field: 'amount',
          message: 'your balance is too low for this stake',
        });
      await deps.assertCanStake(user.id, free ? 0 : request.amount).catch((error: unknown) => {
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
    input: SlipInput,
    key: string | undefined,
    origin?: Placement['origin'],
  ): Promise<Placed> {
    if (!key || !/^[\w.:-]{8,100}$/.test(key))
      throw badRequest(
        'Idempotency-Key',
        'send an Idempotency-Key header (8–100 letters, digits, - _ . :) per attempt',
      );
    const request = await resolveSlip(input);
    const hash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
    const placement: Placement = { user, request, key, hash, origin };
    const placed = await writer.write(placement);
    const { bet } = placed;
    if (bet.requestHash !== hash)
      throw new HttpError(
        409,
        'idempotency_conflict',
        'this Idempotency-Key was used for another bet',
        'Idempotency-Key',
      );
    // Committed: the desk's ticker may show it now (a retry's replay only costs a poll that finds nothing new).
    deps.betChanged?.(bet.id);
    // A referred bet (pending with no acceptAt) waits for the desk: answered at once, its client polls it.
    if (bet.status !== 'pending' || bet.acceptAt === null) return placed;
    await sleep(Math.max(0, (bet.acceptAt?.getTime() ?? 0) - clock.now()));
    return { bet: (await accept(bet.id)) ?? bet, legs: null };
  }

  /**
   * A pending bet's acceptance check on its locked row, in the caller's transaction: accepted (`waiting`, at the
   * current price) if every selection is still open at a price its policy allows, else rejected with the stake
   * returned. Run after a live bet's delay and when the desk accepts a referred bet (or its client takes an offer).
   */
  async function finishPending(tx: DbOrTx, bet: BetRow): Promise<BetRow> {
    const r = createBettingRepository(tx);
    const betId = bet.id;
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
    if (reason) return rejectPending(tx, bet, reason);
    // Accepted at the price of the moment (equal, or a change the policy allows).
    for (const leg of legs) {
      const now = oddsOf(selections.get(leg.selectionId)!.odd);
      if (now !== leg.oddsThousandths) await r.setLegOdds(betId, leg.idx, now);
    }
    await r.transition(betId, ['pending'], { status: 'waiting', acceptAt: null });
    return (await r.byId(betId))!;
  }

  /** A pending bet rejected on its locked row: the whole stake credited back once (`bet:<id>:rejected`). */
  async function rejectPending(tx: DbOrTx, bet: BetRow, reason: string): Promise<BetRow> {
    const r = createBettingRepository(tx);
    const free = isFreeBet(bet);
    const moved = await r.transition(bet.id, ['pending'], {
      status: 'rejected',
      rejectReason: reason,
      // A free bet staked no cash: nothing comes back but the reward.
      paid: free ? cents(0) : bet.totalStake,
      settledAt: new Date(clock.now()),
    });
    // The bet's reward (a free bet, an insurance, a boost) comes back while it is valid.
    if (moved && bet.rewardId !== null) await deps.rewards?.release(tx, bet.rewardId, bet);
    if (moved && !free)
      await deps.wallet.credit(
        {
          appId: bet.appId,
          userId: bet.userId,
          currency: bet.currency,
          amount: bet.totalStake,
          type: 'bet_refund',
          idempotencyKey: `bet:${bet.id}:rejected`,
          info: { key: 'transaction.bet_refund', params: { bet: String(bet.id) } },
        },
        tx,
      );
    return (await r.byId(bet.id))!;
  }

  /**
   * A live bet after its delay: accepted or rejected (`finishPending`). Exactly once: only the actor that moves it
   * out of `pending` on the locked row acts. A referred bet (no acceptAt) is the desk's to decide, not this job's.
   */
  async function accept(betId: number): Promise<BetRow | null> {
    return db.transaction(async (tx) => {
      const bet = await createBettingRepository(tx).lock(betId);
      if (!bet || bet.status !== 'pending' || bet.acceptAt === null) return bet;
      return finishPending(tx, bet);
    });
  }

  const referrals = createReferrals({
    db,
    clock,
    wallet: deps.wallet,
    timeoutMs: deps.referralTimeoutMs ?? DEFAULT_REFERRAL_TIMEOUT_MS,
    finishPending,
    rejectPending,
    changed: deps.betChanged,
  });

  return {
    check,
    accept,
    /** Referred bets: the desk's decisions, the client's answer to an offer, the timeout (`referral.service.ts`). */
    referrals,

    placeWithLegs,
    /** `placeWithLegs` without the legs. */
    place: async (user: UserRow, request: SlipInput, key: string | undefined): Promise<BetRow> =>
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
