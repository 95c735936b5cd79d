import {
  cents,
  isDecidedLoss,
  isLegResult,
  oddsOf,
  resultOf,
  type Cents,
  type LegResult,
  type Odds,
} from '@sb/betting';
import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { BettingView } from '../sports/index';
import type { ClientTransfer, WalletService } from '../wallet/index';
import type { BonusStakes } from './bonus-stakes';
import { payoutOf, shapeOf } from './bet-view';
import { freeBetWinnings, isFreeBet, isInsured, isOddsBoost, type BetRewards } from './rewards';
import {
  createBettingRepository,
  type BetRow,
  type BettingRepository,
  type LegRow,
} from './betting.repository';

const SETTLED: string[] = ['win', 'loss', 'refund'];

/** What an operator's action did to one bet's money (minor units; `paid` counts payouts and cash-outs). */
export interface BetMoneyChange {
  betId: number;
  appId: number;
  userId: number;
  currency: string;
  /** The bet's total stake. */
  stake: number;
  statusBefore: string;
  statusAfter: string;
  paidBefore: number;
  paidAfter: number;
  /** The earlier round's payout taken back (0 when it paid nothing). */
  reversed: number;
  /** The new round's payout (0 while the bet waits for other legs, or lost). */
  paidNow: number;
  /** Of `reversed`, what the client's cash could not cover: booked as the client's debt. */
  debt: number;
}

/** What an operator's void of one bet did (minor units). */
export interface BetVoidChange {
  betId: number;
  appId: number;
  userId: number;
  currency: string;
  statusBefore: string;
  status: string;
  /** The settlement payout taken back (0 for an open bet, or one that paid nothing). */
  reversed: number;
  /** The stake given back (what is still staked: a partial cash-out took the rest out earlier). */
  refunded: number;
  /** Of `reversed`, what the client's cash could not cover: booked as the client's debt. */
  debt: number;
  /** It was void already: nothing moved. */
  unchanged: boolean;
}

/** Statuses a bet can be voided from: open (in its live delay or accepted) or settled. */
const VOIDABLE: string[] = ['pending', 'waiting', ...SETTLED];

/** Settled bets this recent are watched for corrected results. */
const RESETTLE_WINDOW_MS = 7 * 24 * 3_600_000;
/** Bets whose legs the settlement pass reads at once. */
const PAGE_SIZE = 1_000;

/**
 * Settlement: a waiting bet whose every leg has a result is paid exactly once through the ledger, by `betPayout`
 * of `packages/betting` (win: stake × the returns of its combinations, halves of Asian lines included; all void:
 * the stake back; loss: nothing); a bet whose every combination holds a lost leg is settled lost at once.
 * Exactly once even with several instances, crashes and replays: the bet row is locked and moved out of
 * `waiting` conditionally in the same transaction as the ledger movement, whose idempotency key names the bet and
 * the settlement round. A corrected result reverses the round's payout first, then settles the next round.
 */
/** What settlement reads and writes of bets (the unit tests hand in an in-memory one). */
export type SettlementRepository = Pick<
  BettingRepository,
  | 'byId'
  | 'lock'
  | 'legsOf'
  | 'transition'
  | 'update'
  | 'setLegResult'
  | 'openLegSelections'
  | 'betsWithSelections'
  | 'settledLegSelections'
  | 'betsWithChangedResults'
>;

export function createSettlementService(deps: {
  db: Db;
  clock: Clock;
  wallet: Pick<WalletService, 'credit' | 'debit' | 'clawback'>;
  sports: Pick<BettingView, 'selections'> & Partial<Pick<BettingView, 'builderVoidOdd'>>;
  /** Whether a brand settles a bet builder with a void leg at the price of the rest (else: the builder voids). */
  builderVoidReprice?: (appId: number) => boolean;
  log?: (msg: string, err?: unknown) => void;
  /** The promotions engine: what a free bet's settlement, correction or void does to its reward. */
  rewards?: BetRewards;
  /** Bonus money: a bet with a bonus stake has its payouts split; every settled bet may count to wagering. */
  bonusStakes?: BonusStakes;
  /** The bets' repository on a connection or transaction (default: the SQL one). */
  repository?: (db: DbOrTx) => SettlementRepository;
}) {
  const { db, clock } = deps;
  const repositoryOf = deps.repository ?? createBettingRepository;
  const repo = repositoryOf(db);

  /**
   * The payout of a bet and its result key, through `betPayout` (the one payout rule), or null while it is not
   * decided: every leg has a result, or every combination holds a lost leg (lost whatever the open legs do, so
   * settled at once; its open legs count as lost for the payout, which is 0 either way).
   */
  function outcome(bet: BetRow, legs: LegRow[], results: (string | null)[]) {
    if (results.some((r) => r !== null && !isLegResult(r)))
      throw new Error(`bet ${bet.id}: unknown leg result ${String(results.find((r) => !isLegResult(r)))}`);
    const known = results as (LegResult | null)[];
    if (known.some((r) => r === null)) {
      // An insured multiple waits for every leg: whether it lost by exactly one leg is not known before.
      if (isInsured(bet)) return null;
      const { systemK, bankers } = shapeOf(bet, legs);
      const partial = legs.map((l, i) => ({ eventId: l.eventId, result: known[i]! }));
      if (!isDecidedLoss(partial, systemK, bankers)) return null;
      return { payout: cents(0), status: 'loss' as const };
    }
    const decided = known as LegResult[];
    const payout = payoutOf(bet, legs, decided).payoutCents;
    const status = resultOf(
      decided.map((result) => ({ result })),
      payout,
    );
    if (isOddsBoost(bet)) return { payout, status, boostPaid: boostPaidOf(bet, legs, decided, payout) };
    if (!isFreeBet(bet)) return { payout, status };
    // A free bet: the same payout less the stake (stake not returned); every leg void gives the reward back.
    if (status === 'refund') return { payout: cents(0), status };
    const winnings = freeBetWinnings(payout, bet.totalStake);
    return { payout: winnings, status: winnings > 0 ? ('win' as const) : ('loss' as const) };
  }

  /**
   * An odds boost's bet: what its payout (at the boosted price, floored once by the one payout rule) holds above
   * the payout the same legs would make at their normal prices — the bonus cost, paid as `odds_boost`.
   */
  function boostPaidOf(bet: BetRow, legs: LegRow[], decided: LegResult[], payout: Cents): Cents {
    const normal = payoutOf(
      bet,
      legs.map((l) => ({ ...l, oddsThousandths: l.baseOddsThousandths ?? l.oddsThousandths })),
      decided,
    ).payoutCents;
    return cents(Math.max(0, payout - normal));
  }

  /** The movement type of a bet's payout: a free bet's winnings are the operator's bonus cost. */
  const payoutType = (bet: BetRow, status: string) =>
    isFreeBet(bet) ? 'freebet_win' : status === 'refund' ? 'bet_refund' : 'bet_payout';

  /** What settling (or reopening) a bet holding a reward does to it, in the bet's transaction. */
  async function rewardAfter(
    tx: DbOrTx,
    bet: BetRow,
    step: 'settled' | 'reopened',
    settled?: { status: string; paid: Cents; round: number; results: (string | null)[]; boostPaid?: Cents },
  ) {
    if (bet.rewardId === null) return;
    if (!deps.rewards) throw new Error(`bet ${bet.id} holds a reward and no promotions engine is wired`);
    if (step === 'reopened')
      return deps.rewards.reopened(tx, bet.rewardId, {
        id: bet.id,
        round: bet.settlementRound,
        boostPaid: bet.boostPaid,
      });
    if (settled?.status === 'refund') return deps.rewards.release(tx, bet.rewardId, bet);
    return deps.rewards.settled(tx, bet.rewardId, {
      betId: bet.id,
      round: settled?.round ?? bet.settlementRound,
      status: settled?.status ?? 'loss',
      paid: settled?.paid ?? cents(0),
      totalStake: bet.totalStake,
      lostLegs: (settled?.results ?? []).filter((r) => r === 'loss' || r === 'half_loss').length,
      boostPaid: settled?.boostPaid ?? cents(0),
    });
  }

  /** Pays a bet's payout or refund: split between cash and bonus when it has a bonus stake. */
  const pay = (tx: DbOrTx, bet: BetRow, t: ClientTransfer) =>
    bet.bonusStake > 0 && deps.bonusStakes ? deps.bonusStakes.pay(tx, bet, t) : deps.wallet.credit(t, tx);

  /** Takes a paid amount back (`debt`: what cash cannot cover is owed), split like its payout. */
  async function takeBack(tx: DbOrTx, bet: BetRow, t: ClientTransfer, shortfall: 'refuse' | 'debt') {
    if (bet.bonusStake > 0 && deps.bonusStakes) return deps.bonusStakes.takeBack(tx, bet, t, shortfall);
    if (shortfall === 'debt') return { debt: (await deps.wallet.clawback(t, tx)).debt };
    await deps.wallet.debit(t, tx);
    return { debt: 0 };
  }

  const movement = (
    bet: BetRow,
    amount: Cents,
    key: string,
    type: 'bet_payout' | 'bet_refund' | 'freebet_win' | 'odds_boost',
    info: string,
  ) => ({
    appId: bet.appId,
    userId: bet.userId,
    currency: bet.currency,
    amount,
    type,
    idempotencyKey: key,
    info: { key: info, params: { bet: String(bet.id) } },
  });

  /** Settles one bet if all its legs have results; in `tx` (locked) or a transaction of its own. */
  async function settleLocked(r: SettlementRepository, tx: DbOrTx, bet: BetRow): Promise<boolean> {
    if (bet.status !== 'waiting') return false;
    const { legs, current: results } = await legResults(tx, bet, await r.legsOf([bet.id]));
    const decided = outcome(bet, legs, results);
    if (!decided) return false;
    const { payout, status } = decided;
    const boostPaid = ('boostPaid' in decided && decided.boostPaid) || cents(0);
    const round = bet.settlementRound + 1;
    const moved = await r.transition(bet.id, ['waiting'], {
      status,
      paid: cents(bet.paid + payout),
      settledPayout: payout,
      boostPaid,
      settlementRound: round,
      settledAt: new Date(clock.now()),
    });
    if (!moved) return false;
    // Legs still open when a bet is settled lost early keep no result (filled in when they are decided).
    for (const [i, leg] of legs.entries()) await r.setLegResult(bet.id, leg.idx, results[i] ?? null);
    if (payout - boostPaid > 0) {
      const type = payoutType(bet, status);
      const base = cents(payout - boostPaid);
      await pay(tx, bet, movement(bet, base, `bet:${bet.id}:settle:${round}`, type, `transaction.${type}`));
    }
    // An odds boost's extra over the normal price: the same payout, its bonus cost as a movement of its own.
    if (boostPaid > 0)
      await pay(
        tx,
        bet,
        movement(bet, boostPaid, `bet:${bet.id}:odds-boost:${round}`, 'odds_boost', 'transaction.odds_boost'),
      );
    await rewardAfter(tx, bet, 'settled', { status, paid: payout, round, results, boostPaid });
    await deps.bonusStakes?.settled(
      tx,
      { ...bet, status },
      legs.map((l) => l.oddsThousandths),
    );
    return true;
  }

  async function settle(betId: number): Promise<boolean> {
    return db.transaction(async (tx) => {
      const r = repositoryOf(tx);
      const bet = await r.lock(betId);
      return bet ? settleLocked(r, tx, bet) : false;
    });
  }

  /**
   * A bet settled lost early whose open legs were decided since: only the results are filled in when the outcome
   * stands (no reversal, no new round). True when that was all there was to do.
   */
  async function fillInLocked(
    r: SettlementRepository,
    bet: BetRow,
    legs: LegRow[],
    current: (string | null)[],
  ): Promise<boolean> {
    if (!legs.every((l, i) => l.result === null || l.result === current[i])) return false;
    const next = outcome(bet, legs, current);
    if (!next || next.status !== bet.status || next.payout !== bet.settledPayout) return false;
    for (const [i, leg] of legs.entries())
      if (leg.result === null) await r.setLegResult(bet.id, leg.idx, current[i] ?? null);
    return true;
  }

  /**
   * Takes back a settled bet's round payout (an odds boost's extra as its own movement), answering the debt left
   * (`debt`: what the cash cannot cover is owed; `refuse`: a shortfall fails).
   */
  async function takeBackRound(tx: DbOrTx, bet: BetRow, shortfall: 'refuse' | 'debt'): Promise<number> {
    let debt = 0;
    const base = cents(bet.settledPayout - bet.boostPaid);
    if (base > 0) {
      const transfer = movement(
        bet,
        base,
        `bet:${bet.id}:reverse:${bet.settlementRound}`,
        payoutType(bet, bet.status),
        'transaction.bet_payout_reversal',
      );
      debt += (await takeBack(tx, bet, transfer, shortfall)).debt;
    }
    if (bet.boostPaid > 0) {
      const transfer = movement(
        bet,
        bet.boostPaid,
        `bet:${bet.id}:odds-boost-reverse:${bet.settlementRound}`,
        'odds_boost',
        'transaction.bet_payout_reversal',
      );
      debt += (await takeBack(tx, bet, transfer, shortfall)).debt;
    }
    return debt;
  }

  /**
   * Takes back the locked, settled bet's round payout and reopens it with the current results on its legs (a
   * reopened bet that stays open must not keep a stale 'loss'). `refuse`: a client who has spent the winnings
   * makes it fail (409, retried later); `debt`: the cash goes to 0 and the rest is the client's debt.
   */
  async function reopenLocked(
    r: SettlementRepository,
    tx: DbOrTx,
    bet: BetRow,
    legs: LegRow[],
    current: (string | null)[],
    shortfall: 'refuse' | 'debt',
  ): Promise<{ reopened: BetRow; debt: number }> {
    const debt = await takeBackRound(tx, bet, shortfall);
    const reopened = {
      ...bet,
      status: 'waiting' as const,
      paid: cents(bet.paid - bet.settledPayout),
      settledPayout: cents(0),
      boostPaid: cents(0),
    };
    await r.update(bet.id, {
      status: 'waiting',
      paid: reopened.paid,
      settledPayout: reopened.settledPayout,
      boostPaid: reopened.boostPaid,
      settledAt: null,
    });
    for (const [i, leg] of legs.entries()) await r.setLegResult(bet.id, leg.idx, current[i] ?? null);
    await rewardAfter(tx, bet, 'reopened');
    return { reopened, debt };
  }

  /**
   * The legs of a bet and their selections' current results (in `tx`). A bet builder leg that voids (no leg
   * lost, one void) under a brand that settles the rest (`builderVoidReprice`) is won at the exact price of
   * its other legs from the model inputs stored at placement, never above the price it was placed at; else it
   * is void (the stake of that leg back), the default.
   */
  async function legResults(tx: DbOrTx, bet: BetRow, stored: LegRow[]) {
    const selections = await deps.sports.selections(
      stored.map((l) => l.selectionId),
      tx,
    );
    const legs = [...stored];
    const current = stored.map((l) => selections.get(l.selectionId)?.result ?? null);
    if (!deps.builderVoidReprice?.(bet.appId) || !deps.sports.builderVoidOdd) return { legs, current };
    for (const [i, leg] of stored.entries()) {
      if (!leg.builder || current[i] !== 'void') continue;
      const odd = await deps.sports.builderVoidOdd(leg.builder, tx);
      if (odd === null || odd <= 1) continue;
      legs[i] = { ...leg, oddsThousandths: Math.min(oddsOf(odd), leg.oddsThousandths) as Odds };
      current[i] = 'win';
    }
    return { legs, current };
  }

  /** The legs of a locked bet and their current results (in `tx`). */
  async function currentResults(r: SettlementRepository, tx: DbOrTx, bet: BetRow) {
    return legResults(tx, bet, await r.legsOf([bet.id]));
  }

  /**
   * A settled bet whose legs' results changed (an operator corrected a result): the round's payout is taken
   * back, the bet is open again and settles on the corrected results, all in one transaction. When the client
   * has spent the winnings the reversal cannot go through (no negative balances): it is retried later.
   */
  async function resettle(betId: number): Promise<boolean> {
    return db.transaction(async (tx) => {
      const r = repositoryOf(tx);
      const bet = await r.lock(betId);
      if (!bet || !SETTLED.includes(bet.status)) return false;
      const { legs, current } = await currentResults(r, tx, bet);
      if (legs.every((l, i) => current[i] === l.result)) return false;
      if (await fillInLocked(r, bet, legs, current)) return false;
      const { reopened } = await reopenLocked(r, tx, bet, legs, current, 'refuse');
      await settleLocked(r, tx, reopened);
      return true;
    });
  }

  /**
   * An operator's result, void or resettlement of a market (its `selectionIds`), in the operator's transaction:
   * the bets holding them (waiting or settled; a cashed-out bet is final) are locked in
   * id order first (before any money moves, so no lock cycle with a settlement pass), then a settled bet whose
   * legs' results changed is reversed and settled again — what the cash cannot cover of the reversal becomes the
   * client's debt — and a waiting bet now decided is settled. Exactly once: the bet rows are locked and the
   * ledger keys name the round. Returns what moved for each bet that changed.
   */
  async function settleBetsIn(tx: DbOrTx, selectionIds: number[]): Promise<BetMoneyChange[]> {
    const r = repositoryOf(tx);
    const locked: BetRow[] = [];
    for (const id of await r.betsWithSelections(selectionIds, ['waiting', 'win', 'loss', 'refund'])) {
      const bet = await r.lock(id);
      if (bet) locked.push(bet);
    }
    const changes: BetMoneyChange[] = [];
    for (const bet of locked) {
      let open = bet;
      let debt = 0;
      let reversed = 0;
      if (SETTLED.includes(bet.status)) {
        const { legs, current } = await currentResults(r, tx, bet);
        if (legs.every((l, i) => current[i] === l.result)) continue;
        if (await fillInLocked(r, bet, legs, current)) continue;
        ({ reopened: open, debt } = await reopenLocked(r, tx, bet, legs, current, 'debt'));
        reversed = bet.settledPayout;
      } else if (bet.status !== 'waiting') continue;
      const settled = await settleLocked(r, tx, open);
      if (!settled && open === bet) continue;
      const after = (await r.byId(bet.id))!;
      changes.push({
        betId: bet.id,
        appId: bet.appId,
        userId: bet.userId,
        currency: bet.currency,
        stake: bet.totalStake,
        statusBefore: bet.status,
        statusAfter: after.status,
        paidBefore: bet.paid,
        paidAfter: after.paid,
        reversed,
        paidNow: after.settledPayout,
        debt,
      });
    }
    return changes;
  }

  /**
   * An operator's void of one bet, in the operator's transaction, exactly once: the bet row is locked and moved to
   * `cancelled` conditionally (settlement, resettlement, cash-out and the live-delay check leave a cancelled bet
   * alone). A settled bet's round payout is taken back first (what the cash cannot cover becomes the client's
   * debt, as an operator's resettlement does), then what is still staked comes back; ledger keys name the bet.
   * A repeated void changes nothing (`unchanged`); a cashed-out or rejected bet is refused (`refused`, its money
   * is final). Null for an unknown bet.
   */
  async function voidBetIn(tx: DbOrTx, betId: number): Promise<BetVoidChange | { refused: string } | null> {
    const r = repositoryOf(tx);
    const bet = await r.lock(betId);
    if (!bet) return null;
    const base = { betId, appId: bet.appId, userId: bet.userId, currency: bet.currency };
    if (bet.status === 'cancelled')
      return {
        ...base,
        statusBefore: 'cancelled',
        status: 'cancelled',
        reversed: 0,
        refunded: 0,
        debt: 0,
        unchanged: true,
      };
    if (!VOIDABLE.includes(bet.status)) return { refused: bet.status };
    const reversed = SETTLED.includes(bet.status) ? bet.settledPayout : cents(0);
    // A free bet's stake was never cash: its void gives the reward back (if unexpired), no money.
    const refunded = isFreeBet(bet) ? cents(0) : cents(bet.stakePerBet * bet.combinations);
    const moved = await r.transition(bet.id, [bet.status], {
      status: 'cancelled',
      paid: cents(bet.paid - reversed + refunded),
      settledPayout: cents(0),
      boostPaid: cents(0),
      settledAt: new Date(clock.now()),
    });
    if (!moved) throw new Error(`bet ${bet.id}: locked yet not moved from ${bet.status}`);
    const debt = reversed > 0 ? await takeBackRound(tx, bet, 'debt') : 0;
    if (bet.rewardId !== null) {
      // Settled and used: reopened first (held again), then given back like an open one's.
      if (SETTLED.includes(bet.status)) await rewardAfter(tx, bet, 'reopened');
      await deps.rewards?.release(tx, bet.rewardId, bet);
    }
    if (refunded > 0)
      await pay(
        tx,
        bet,
        movement(bet, refunded, `bet:${bet.id}:void`, 'bet_refund', 'transaction.bet_refund'),
      );
    return {
      ...base,
      statusBefore: bet.status,
      status: 'cancelled',
      reversed,
      refunded,
      debt,
      unchanged: false,
    };
  }

  /** The current result of each selection (null while undecided). */
  async function resultsOf(selectionIds: number[]): Promise<Map<number, string | null>> {
    const selections = await deps.sports.selections(selectionIds);
    return new Map(selectionIds.map((id) => [id, selections.get(id)?.result ?? null]));
  }

  /** The legs of `betIds` by bet, a page at a time. */
  async function* legsByBet(betIds: number[]): AsyncGenerator<[number, LegRow[]]> {
    for (let i = 0; i < betIds.length; i += PAGE_SIZE) {
      const legs = new Map<number, LegRow[]>();
      for (const leg of await repo.legsOf(betIds.slice(i, i + PAGE_SIZE)))
        legs.set(leg.betId, [...(legs.get(leg.betId) ?? []), leg]);
      yield* legs;
    }
  }

  /** One bet's settlement step; a failure is logged and the bet is tried again on the next pass. */
  async function attempt(what: string, step: () => Promise<boolean>): Promise<boolean> {
    try {
      return await step();
    } catch (error) {
      deps.log?.(what, error);
      return false;
    }
  }

  return {
    settle,
    resettle,
    settleBetsIn,
    voidBetIn,

    /**
     * Settles every waiting bet whose selections all have results now; returns the ids it settled. Only bets
     * holding a decided selection are read, and bets with a leg still open are not touched (no transaction, no
     * lock): a multiple waits for its last event quietly.
     */
    async settleDue(): Promise<number[]> {
      const results = await resultsOf(await repo.openLegSelections());
      const decided = [...results].filter(([, result]) => result !== null).map(([id]) => id);
      const settled: number[] = [];
      for await (const [betId, legs] of legsByBet(await repo.betsWithSelections(decided, ['waiting']))) {
        // A leg not among the open ones read above (a bet placed meanwhile) waits for the next pass.
        const known = legs.map((l) => l.result ?? results.get(l.selectionId) ?? null);
        // Settled early only when lost whatever its open legs do (checked again on the locked row).
        const early = async () => {
          const bet = await repo.byId(betId);
          return bet?.status === 'waiting' && outcome(bet, legs, known) !== null;
        };
        if (known.some((r) => r === null)) {
          if (!known.includes('loss')) continue;
          if (!(await attempt(`checking bet ${betId} failed`, early))) continue;
        }
        if (await attempt(`settling bet ${betId} failed`, () => settle(betId))) settled.push(betId);
      }
      return settled;
    },

    /** Resettles recently settled bets whose results were corrected; returns the ids it resettled. */
    async resettleChanged(): Promise<number[]> {
      const since = new Date(clock.now() - RESETTLE_WINDOW_MS);
      const results = await resultsOf(await repo.settledLegSelections(since));
      const pairs = [...results];
      const changed = new Set<number>();
      for (let i = 0; i < pairs.length; i += PAGE_SIZE)
        for (const id of await repo.betsWithChangedResults(since, pairs.slice(i, i + PAGE_SIZE)))
          changed.add(id);
      const resettled: number[] = [];
      for (const betId of changed) {
        if (await attempt(`resettling bet ${betId} failed (retried later)`, () => resettle(betId)))
          resettled.push(betId);
      }
      return resettled;
    },
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
