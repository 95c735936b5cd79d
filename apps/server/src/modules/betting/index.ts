import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { DomainMetrics } from '../../observability/metrics';
import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../plugins/bus';
import type { BettingView } from '../sports/index';
import type { Auth } from '../identity/index';
import type { WalletService } from '../wallet/index';
import { createBetViews } from './bet-views';
import { bettingRoutes, type BettingRateLimits } from './betting.routes';
import { createBettingRepository } from './betting.repository';
import { createBettingService } from './betting.service';
import type { BetRisk, PlacementBatching } from './betting.deps';
import { createCashOutService, type CashOutConfig } from './cashout.service';
import type { PayoutCapOf } from './payout-cap';
import type { ReferralThresholdOf } from './bet-policy';
import { createSettlementService } from './settlement.service';
import type { BetRewards } from './rewards';
import type { BonusStakes } from './bonus-stakes';

export type { BettingService } from './betting.service';
export type { BetRisk, ClientSelections } from './betting.deps';
export {
  referralThresholds,
  type ClientBetPolicy,
  type ReferralOverride,
  type ReferralThresholdOf,
} from './bet-policy';
export type { BetRewards, RewardKind, RewardSlip, SettledOutcome } from './rewards';
export type { BonusBet, BonusStakes } from './bonus-stakes';
/**
 * What a stored bet pays for given leg results (`betPayout`) and its combinations: the back office's ticker and
 * liability use them.
 */
export { combinationsOf, payoutOf } from './bet-view';
export { payoutCaps, type PayoutCapOf, type PayoutOverride } from './payout-cap';
export type { ReferralDecision, ReferralOutcome, Referrals } from './referral.service';
export type { BetMoneyChange, BetVoidChange, SettlementService } from './settlement.service';

/** How often the background jobs run on every instance (each bet is still handled exactly once). */
const ACCEPT_EVERY_MS = 1_000;
const SETTLE_EVERY_MS = 5_000;
const RESETTLE_EVERY_MS = 60_000;

/**
 * What other modules read of a client's bets (the wallet's cashback, the session's `waiting_bets`): reads only, on
 * the database alone, so they are made before the modules betting itself needs (no construction cycle).
 */
export function createBetQueries(db: Db) {
  const repo = createBettingRepository(db);
  return {
    /** A client's bets finally settled in [from, to): stake and what they returned (sports cashback). */
    settledBetween: (userId: number, from: number, to: number) =>
      repo.settledBetween(userId, new Date(from), new Date(to)),
    /** The same with their bonus stake and reward kind (promotions' cashback counts cash only). */
    cashbackBets: (userId: number, from: number, to: number) =>
      repo.cashbackBets(userId, new Date(from), new Date(to)),
    /** Open bets of a client (waiting or in their live delay). */
    openCount: (userId: number) => repo.countOpen(userId),
  };
}

export interface BettingModuleDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  wallet: WalletService;
  sports: BettingView;
  auth: Auth;
  assertCanStake: (userId: number, amount: number, tx?: DbOrTx) => Promise<void>;
  liveDelayMs: number;
  /** Whether a brand settles a bet builder with a void leg at the price of the rest (default: it voids). */
  builderVoidReprice?: (appId: number) => boolean;
  /** The back office's limits, stake factors and block flags (ops module). */
  risk?: BetRisk;
  /** The maximum payout and combined odds per brand and currency (`payout-cap.ts`). */
  payoutCap?: PayoutCapOf;
  /** The referral thresholds per brand and currency (`bet-policy.ts`; none: only clients' own thresholds). */
  referrals?: ReferralThresholdOf;
  /** How long a referral or a counter-offer waits before it is rejected by itself (default 60 s). */
  referralTimeoutMs?: number;
  /** A bet placed or its referral moved by its client, once committed (the desk's ticker; `BettingDeps`). */
  betChanged?: (betId: number) => void;
  /** Of these clients, those the responsible-gambling limits might refuse (their bets skip the group commit). */
  clientsWithRules?: (userIds: number[]) => Promise<Set<number>>;
  /** The promotions engine: free bets as a bet's stake (issue 36). */
  rewards?: BetRewards;
  /** Bonus money (issue 36): stakes cash first, then bonus; split payouts; wagering counted on settlement. */
  bonusStakes?: BonusStakes;
  /** Group commit of placements; false places every bet in its own transaction. */
  batching?: PlacementBatching | false;
  cashOut: CashOutConfig;
  /** Per-client limits of placement, slip checks and cash-outs. */
  rateLimits: BettingRateLimits;
  sleep?: (ms: number) => Promise<void>;
  log?: (msg: string, err?: unknown) => void;
  metrics?: DomainMetrics;
  /** A visitor's brand (the site's): checkBets answers in that brand's prices. */
  brandOf?: (request: FastifyRequest) => Promise<number | null>;
  /** A brand's name by its app id (the printed receipt names the client's brand). */
  brandName?: (appId: number) => Promise<string | null>;
}

/** Bets: the slip's checks, placement, live acceptance, settlement, cash-out and the client's bet history. */
export function createBettingModule(deps: BettingModuleDeps) {
  const betting = createBettingService(deps);
  const settlement = createSettlementService(deps);
  const cashOut = createCashOutService({ ...deps, config: deps.cashOut });
  const views = createBetViews(deps);
  const timers: ReturnType<typeof setInterval>[] = [];
  const stops: (() => void)[] = [];
  let settling: Promise<unknown> | null = null;
  /** When the oldest result not yet through a settlement pass reached this instance (sb_settlement_lag_seconds). */
  let resultSince: number | null = null;
  const log = (what: string) => (error: unknown) => deps.log?.(what, error);
  /** One settlement pass at a time per instance; a request while one runs is folded into the next. */
  const settleSoon = () => {
    const since = resultSince;
    settling ??= settlement
      .settleDue()
      .then((settled) => {
        if (since === null) return;
        if (resultSince === since) resultSince = null;
        const lag = (deps.clock.now() - since) / 1000;
        for (let i = 0; i < settled.length; i++) deps.metrics?.settlementLag(lag);
      })
      .catch(log('settlement pass failed'))
      .finally(() => (settling = null));
  };
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(
      bettingRoutes({
        auth: deps.auth,
        betting,
        cashOut,
        views,
        rateLimits: deps.rateLimits,
        metrics: deps.metrics,
        brandOf: deps.brandOf,
        brandName: deps.brandName,
        clock: deps.clock,
      }),
    );
  };

  return {
    routes,
    service: betting,
    settlement,
    cashOut,
    /** Starts the background jobs: live bets' acceptance, settlement (also on every decided market), corrections. */
    start(): void {
      timers.push(
        setInterval(
          () => void betting.acceptDue().catch(log('live acceptance pass failed')),
          ACCEPT_EVERY_MS,
        ),
        setInterval(settleSoon, SETTLE_EVERY_MS),
        setInterval(
          () => void settlement.resettleChanged().catch(log('resettlement pass failed')),
          RESETTLE_EVERY_MS,
        ),
      );
      timers.forEach((t) => t.unref());
      stops.push(
        deps.bus.subscribe('fixture.markets', (update) => {
          if (!update.markets.some((m) => m.selections.some((s) => s.result))) return;
          resultSince ??= deps.clock.now();
          settleSoon();
        }),
      );
    },
    async stop(): Promise<void> {
      timers.splice(0).forEach((t) => clearInterval(t));
      stops.splice(0).forEach((s) => s());
      await settling;
    },
  };
}

export type BettingModule = ReturnType<typeof createBettingModule>;
