import { cents } from '@sb/betting';
import type { ReferralState } from '@sb/contract';
import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { HttpError, badRequest } from '../../plugins/errors';
import type { WalletService } from '../wallet/index';
import { createBettingRepository, type BetRow, type BettingRepository } from './betting.repository';
import { MIN_STAKE_PER_BET } from './slip-check';

/**
 * What may happen to a referred bet: the desk accepts, rejects or offers a lower stake; the client takes or
 * declines that offer; its time runs out.
 */
export type ReferralDecision =
  | { kind: 'accept' }
  | { kind: 'reject' }
  | { kind: 'offer'; stake: number }
  | { kind: 'take'; userId: number }
  | { kind: 'decline'; userId: number }
  | { kind: 'expire' };

/** A decision's outcome: the bet after it, the referral's state before, and whether anything changed. */
export interface ReferralOutcome {
  bet: BetRow;
  before: ReferralState;
  changed: boolean;
  /** Stake returned by this decision (a rejection, or the part an offer taken gave back). */
  refunded: number;
}

/** The states each decision moves a referral out of, and the state it moves it to. */
const MOVES: Record<ReferralDecision['kind'], { from: ReferralState[]; to: ReferralState }> = {
  accept: { from: ['open', 'offered'], to: 'accepted' },
  reject: { from: ['open', 'offered'], to: 'rejected' },
  offer: { from: ['open'], to: 'offered' },
  take: { from: ['offered'], to: 'taken' },
  decline: { from: ['offered'], to: 'declined' },
  expire: { from: ['open', 'offered'], to: 'expired' },
};

/** Why the bet was rejected, as its `reject_reason` (the player's slip translates it). */
const REJECT_REASONS: Partial<Record<ReferralDecision['kind'], string>> = {
  reject: 'referral_rejected',
  decline: 'offer_declined',
  expire: 'referral_timeout',
};

/** Every call referrals make of the bets' repository (the unit tests hand in an in-memory one). */
export type ReferralRepository = Pick<
  BettingRepository,
  'lock' | 'byId' | 'update' | 'referralTransition' | 'dueReferrals'
>;

const closed = () => new HttpError(409, 'referral_closed', 'this bet is no longer waiting for a decision');

/**
 * Referred bets (issue 34 item 3): a bet whose stake or potential payout reaches its threshold is stored
 * `pending` with `referral = open` and no `acceptAt`, its stake debited at placement as any bet's. Each decision
 * runs in the caller's transaction (the desk audits in it) on the locked bet row and moves the referral on with a
 * conditional update, so two instances, a retry or the timeout racing an operator act exactly once; the money
 * moves through the ledger under keys naming the bet (`bet:<id>:rejected`, `bet:<id>:offer`).
 */
export function createReferrals(deps: {
  db: Db;
  clock: Clock;
  wallet: WalletService;
  timeoutMs: number;
  /** The acceptance check of a pending bet on its locked row (betting.service). */
  finishPending: (tx: DbOrTx, bet: BetRow) => Promise<BetRow>;
  rejectPending: (tx: DbOrTx, bet: BetRow, reason: string) => Promise<BetRow>;
  /** The bets' repository on a connection or transaction (default: SQL). */
  repository?: (db: DbOrTx) => ReferralRepository;
  /** A referral `decide` moved, once committed (`decideIn`'s caller commits, and tells its own). */
  changed?: (betId: number) => void;
}) {
  const { clock } = deps;
  const repositoryOf = deps.repository ?? createBettingRepository;

  /** One decision on bet `betId` in `tx`; null when there is no such referred bet (or it is another client's). */
  async function decideIn(
    tx: DbOrTx,
    betId: number,
    decision: ReferralDecision,
  ): Promise<ReferralOutcome | null> {
    const r = repositoryOf(tx);
    const bet = await r.lock(betId);
    if (!bet || bet.referral === null) return null;
    if ('userId' in decision && bet.userId !== decision.userId) return null;
    const before = bet.referral;
    const move = MOVES[decision.kind];
    // The same decision again (a retried request, a double click): nothing more happens.
    if (before === move.to && decision.kind !== 'offer') return { bet, before, changed: false, refunded: 0 };
    if (!move.from.includes(before)) throw closed();
    const now = clock.now();
    if (decision.kind === 'expire' && (bet.referralDueAt?.getTime() ?? Infinity) > now)
      return { bet, before, changed: false, refunded: 0 };
    if (bet.status !== 'pending') {
      // Voided by the desk while it waited: the referral ends with it, nothing moves here.
      await r.referralTransition(betId, [before], { referral: 'void', referralDueAt: null });
      return { bet: (await r.byId(betId))!, before, changed: false, refunded: 0 };
    }
    if (decision.kind === 'offer') {
      const stake = decision.stake;
      if (stake >= bet.totalStake)
        throw badRequest('stake', 'stake: a counter-offer is lower than the stake placed');
      if (stake % bet.combinations !== 0)
        throw badRequest(
          'stake',
          `stake: a whole amount per combination (a multiple of ${bet.combinations})`,
        );
      if (stake / bet.combinations < MIN_STAKE_PER_BET)
        throw badRequest('stake', `stake: at least ${MIN_STAKE_PER_BET} per combination`);
      await r.referralTransition(betId, move.from, {
        referral: 'offered',
        offerStake: cents(stake),
        referralDueAt: new Date(now + deps.timeoutMs),
      });
      return { bet: (await r.byId(betId))!, before, changed: true, refunded: 0 };
    }
    await r.referralTransition(betId, move.from, { referral: move.to, referralDueAt: null });
    const reason = REJECT_REASONS[decision.kind];
    if (reason) {
      const done = await deps.rejectPending(tx, bet, reason);
      return { bet: done, before, changed: true, refunded: bet.totalStake };
    }
    if (decision.kind === 'take') {
      // The bet goes on at the offered stake: the difference comes back now, then the acceptance check.
      const offer = bet.offerStake!;
      const back = bet.totalStake - offer;
      const perBet = cents(offer / bet.combinations);
      await r.update(betId, { stakePerBet: perBet, placedStakePerBet: perBet, totalStake: cents(offer) });
      await deps.wallet.credit(
        {
          appId: bet.appId,
          userId: bet.userId,
          currency: bet.currency,
          amount: cents(back),
          type: 'bet_refund',
          idempotencyKey: `bet:${betId}:offer`,
          info: { key: 'transaction.bet_refund', params: { bet: String(betId) } },
        },
        tx,
      );
      const lowered = (await r.byId(betId))!;
      const done = await deps.finishPending(tx, lowered);
      return {
        bet: done,
        before,
        changed: true,
        refunded: back + (done.status === 'rejected' ? done.totalStake : 0),
      };
    }
    const done = await deps.finishPending(tx, bet);
    return {
      bet: done,
      before,
      changed: true,
      refunded: done.status === 'rejected' ? done.totalStake : 0,
    };
  }

  return {
    decideIn,
    /** One decision in its own transaction (the client's answer to an offer). */
    async decide(betId: number, decision: ReferralDecision): Promise<ReferralOutcome | null> {
      const done = await deps.db.transaction((tx) => decideIn(tx, betId, decision));
      if (done?.changed) deps.changed?.(betId);
      return done;
    },
    /** Referred bets whose time is up (the timeout job rejects each in its own transaction). */
    due: (limit = 50) => repositoryOf(deps.db).dueReferrals(new Date(clock.now()), limit),
  };
}

export type Referrals = ReturnType<typeof createReferrals>;
