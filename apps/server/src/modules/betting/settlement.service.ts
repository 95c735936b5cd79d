import { combinationsReturn, resultOf } from '@sb/betting';
import type { BetStatusKey } from '@sb/contract';
import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { BettingView } from '../fixtures/index';
import type { WalletService } from '../wallet/index';
import { combinationsOf } from './bet-view';
import {
  createBettingRepository,
  type BetRow,
  type BettingRepository,
  type LegRow,
} from './betting.repository';

/** Settled bets this recent are watched for corrected results. */
const RESETTLE_WINDOW_MS = 7 * 24 * 3_600_000;
/** Bets read per page by the settlement passes. */
const PAGE_SIZE = 1_000;

/**
 * Settlement: a waiting bet whose every leg has a result is paid exactly once through the ledger (win: stake ×
 * the odds of its winning combinations; all void: the stake back; loss: nothing). Exactly once even with several
 * instances, crashes and replays: the bet row is locked and moved out of `waiting` conditionally in the same
 * transaction as the ledger movement, whose idempotency key names the bet and the settlement round. A corrected
 * result reverses the round's payout first, then settles the next round.
 */
export function createSettlementService(deps: {
  db: Db;
  clock: Clock;
  wallet: WalletService;
  fixtures: BettingView;
  log?: (msg: string, err?: unknown) => void;
}) {
  const { db, clock } = deps;
  const repo = createBettingRepository(db);

  /** The payout of a bet whose legs all have results, and its result key. */
  function outcome(bet: BetRow, legs: LegRow[], results: (string | null)[]) {
    const combos = combinationsOf(bet, legs);
    const legOdds = legs.map((l, i) =>
      results[i] === 'loss' ? null : results[i] === 'void' ? 1 : l.oddsThousandths / 1000,
    );
    const payout = combinationsReturn(legOdds, combos, bet.stakePerBet);
    const settled = legs.map((l, i) => ({
      odds: l.oddsThousandths / 1000,
      result: results[i] as 'win' | 'loss' | 'void',
    }));
    return { payout, status: resultOf(settled, payout) };
  }

  const movement = (
    bet: BetRow,
    amount: number,
    key: string,
    type: 'bet_payout' | 'bet_refund',
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
  async function settleLocked(r: BettingRepository, tx: DbOrTx, bet: BetRow): Promise<boolean> {
    if (bet.status !== 'waiting') return false;
    const legs = await r.legsOf([bet.id]);
    const selections = await deps.fixtures.selections(
      legs.map((l) => l.selectionId),
      tx,
    );
    const results = legs.map((l) => selections.get(l.selectionId)?.result ?? null);
    if (results.some((x) => x === null)) return false;
    const { payout, status } = outcome(bet, legs, results);
    const round = bet.settlementRound + 1;
    const moved = await r.transition(bet.id, ['waiting'], {
      status,
      paid: bet.paid + payout,
      settledPayout: payout,
      settlementRound: round,
      settledAt: new Date(clock.now()),
    });
    if (!moved) return false;
    for (const [i, leg] of legs.entries()) await r.setLegResult(bet.id, leg.idx, results[i]!);
    if (payout > 0) {
      const refund = status === 'refund';
      await deps.wallet.credit(
        movement(
          bet,
          payout,
          `bet:${bet.id}:settle:${round}`,
          refund ? 'bet_refund' : 'bet_payout',
          refund ? 'transaction.bet_refund' : 'transaction.bet_payout',
        ),
        tx,
      );
    }
    return true;
  }

  async function settle(betId: number): Promise<boolean> {
    return db.transaction(async (tx) => {
      const r = createBettingRepository(tx);
      const bet = await r.lock(betId);
      return bet ? settleLocked(r, tx, bet) : false;
    });
  }

  /**
   * A settled bet whose legs' results changed (an operator corrected a result): the round's payout is taken
   * back, the bet is open again and settles on the corrected results, all in one transaction. When the client
   * has spent the winnings the reversal cannot go through (no negative balances): it is retried later.
   */
  async function resettle(betId: number): Promise<boolean> {
    return db.transaction(async (tx) => {
      const r = createBettingRepository(tx);
      const bet = await r.lock(betId);
      if (!bet || !['win', 'loss', 'refund'].includes(bet.status)) return false;
      const legs = await r.legsOf([betId]);
      const selections = await deps.fixtures.selections(
        legs.map((l) => l.selectionId),
        tx,
      );
      if (legs.every((l) => (selections.get(l.selectionId)?.result ?? null) === l.result)) return false;
      if (bet.settledPayout > 0)
        await deps.wallet.debit(
          movement(
            bet,
            bet.settledPayout,
            `bet:${bet.id}:reverse:${bet.settlementRound}`,
            bet.status === 'refund' ? 'bet_refund' : 'bet_payout',
            'transaction.bet_payout_reversal',
          ),
          tx,
        );
      const reopened = {
        ...bet,
        status: 'waiting' as const,
        paid: bet.paid - bet.settledPayout,
        settledPayout: 0,
      };
      await r.update(betId, { status: 'waiting', paid: reopened.paid, settledPayout: 0, settledAt: null });
      await settleLocked(r, tx, reopened);
      return true;
    });
  }

  /**
   * Walks every bet in `statuses` (settled since `since`) a page at a time, handing each page's legs by bet and
   * the current result of their selections (null while undecided).
   */
  async function eachPage(
    statuses: BetStatusKey[],
    since: Date | undefined,
    handle: (legs: Map<number, LegRow[]>, results: Map<number, string | null>) => Promise<void>,
  ): Promise<void> {
    for (let after = 0; ;) {
      const ids = await repo.betIdsPage(statuses, after, PAGE_SIZE, since);
      if (ids.length === 0) return;
      after = ids[ids.length - 1]!;
      const legs = new Map<number, LegRow[]>();
      for (const leg of await repo.legsOf(ids)) legs.set(leg.betId, [...(legs.get(leg.betId) ?? []), leg]);
      const selections = await deps.fixtures.selections([
        ...new Set([...legs.values()].flat().map((l) => l.selectionId)),
      ]);
      const results = new Map([...selections].map(([id, s]) => [id, s.result ?? null]));
      await handle(legs, results);
      if (ids.length < PAGE_SIZE) return;
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

    /**
     * Settles every waiting bet whose selections all have results now; returns how many were settled. Bets with a
     * leg still open are not touched (no transaction, no lock): a multiple waits for its last event quietly.
     */
    async settleDue(): Promise<number> {
      let settled = 0;
      await eachPage(['waiting'], undefined, async (legs, results) => {
        for (const [betId, betLegs] of legs) {
          if (betLegs.some((l) => (l.result ?? results.get(l.selectionId)) == null)) continue;
          if (await attempt(`settling bet ${betId} failed`, () => settle(betId))) settled++;
        }
      });
      return settled;
    },

    /** Resettles recently settled bets whose results were corrected; returns how many. */
    async resettleChanged(): Promise<number> {
      let count = 0;
      const since = new Date(clock.now() - RESETTLE_WINDOW_MS);
      await eachPage(['win', 'loss', 'refund'], since, async (legs, results) => {
        for (const [betId, betLegs] of legs) {
          if (betLegs.every((l) => (results.get(l.selectionId) ?? null) === l.result)) continue;
          if (await attempt(`resettling bet ${betId} failed (retried later)`, () => resettle(betId))) count++;
        }
      });
      return count;
    },
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
