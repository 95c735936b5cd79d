// What the betting service is given (its dependencies and the risk and batching settings they carry), apart from
// the service so that the placement writer can name them without importing the service that builds it.
import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { BettingView, SelectionContext } from '../sports/index';
import type { WalletService } from '../wallet/index';
import type { ClientBetPolicy, ReferralThresholdOf } from './bet-policy';
import type { BonusStakes } from './bonus-stakes';
import type { PayoutCapOf } from './payout-cap';
import type { BetRewards } from './rewards';

/** The selections as one client may bet them, their stake factor and the desk's policy for them. */
export interface ClientSelections {
  selections: Map<number, SelectionContext>;
  stakeFactor: number;
  /** The delay, odds-change policy and referral thresholds of the client's risk profile (none: the brand's). */
  policy?: ClientBetPolicy;
}

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
  ): Promise<ClientSelections>;
  /**
   * `selections` for many clients at once (a batch of placements), in a fixed number of statements; read outside
   * any transaction (on the pool, in parallel).
   */
  forClients(
    /** Each client with the selections its slips name (only those are judged for it). */
    clients: { id: number; appId: number; selectionIds: number[] }[],
    selections: Map<number, SelectionContext>,
  ): Promise<Map<number, ClientSelections>>;
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
  /** Whether a brand settles a bet builder with a void leg at the price of the rest (else it voids). */
  builderVoidReprice?: (appId: number) => boolean;
  /** The promotions engine: free bets as a bet's stake (without it, `bonusId` is refused). */
  rewards?: BetRewards;
  /** Bonus money (issue 36): a running bonus pays what the cash cannot of a stake. */
  bonusStakes?: BonusStakes;
  /** Waits (tests pass one that resolves at once). */
  sleep?: (ms: number) => Promise<void>;
  /** The referral thresholds per brand and currency (issue 34; none: no bet is referred but by its client's). */
  referrals?: ReferralThresholdOf;
  /** How long a referral (or the desk's counter-offer) waits before it is rejected by itself. */
  referralTimeoutMs?: number;
  /**
   * Called once a bet is committed as placed, or its referral moved by its client (an offer taken or declined):
   * the composition root wakes the desk's ticker on every instance. Must not throw; betting waits for nothing.
   */
  betChanged?: (betId: number) => void;
}
