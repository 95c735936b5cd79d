// What the configuration sets for the modules that take stakes (betting and the casino): payout caps, referrals,
// batching, cash-out margins, per-client rate limits and the game loops' timings. A part of the composition root
// (app.modules.ts) that changes with the configuration's knobs, not with how the modules meet.
import type { Config } from './config/config';
import { perClientLimit, type ClientOfRequest } from './plugins/rate-limit';
import { payoutCaps, referralThresholds } from './modules/betting/index';

/** Betting's rules as the configuration sets them; rate limits count per client (`clientOf`). */
export function bettingRules(config: Config, clientOf: ClientOfRequest) {
  return {
    liveDelayMs: config.BET_LIVE_DELAY_MS,
    builderVoidReprice: (appId: number) =>
      config.BUILDER_VOID_REPRICE_BRANDS === '*' || config.BUILDER_VOID_REPRICE_BRANDS.has(appId),
    payoutCap: payoutCaps({
      defaultCents: config.BET_MAX_PAYOUT,
      overrides: config.BET_MAX_PAYOUTS,
      maxOdds: config.BET_MAX_COMBINED_ODDS,
    }),
    referrals: referralThresholds({
      stake: config.BET_REFERRAL_STAKE,
      payout: config.BET_REFERRAL_PAYOUT,
      overrides: config.BET_REFERRALS,
    }),
    referralTimeoutMs: config.BET_REFERRAL_TIMEOUT_MS,
    batching: config.BET_BATCH_LANES > 0 && {
      lanes: config.BET_BATCH_LANES,
      windowMs: config.BET_BATCH_WINDOW_MS,
      maxBatch: config.BET_BATCH_MAX,
    },
    cashOut: {
      marginBasisPoints: config.CASHOUT_MARGIN_BP,
      toleranceBasisPoints: config.CASHOUT_TOLERANCE_BP,
    },
    rateLimits: {
      betPlace: perClientLimit(clientOf, config.BET_PLACE_PER_MINUTE),
      checkBets: perClientLimit(clientOf, config.CHECK_BETS_PER_MINUTE),
      cashOut: perClientLimit(clientOf, config.CASHOUT_PER_MINUTE),
    },
  };
}

/** The casino's tables and crash game as the configuration sets them; plays are limited per client. */
export function casinoRules(config: Config, clientOf: ClientOfRequest) {
  return {
    rouletteSpinMs: config.ROULETTE_SPIN_MS,
    demoSessionsPerHour: config.DEMO_SESSIONS_PER_ADDRESS_HOUR,
    playLimit: perClientLimit(clientOf, config.CASINO_PLAYS_PER_MINUTE),
    crash: {
      bettingMs: config.CRASH_BETTING_MS,
      pauseMs: config.CRASH_PAUSE_MS,
      tickMs: config.CRASH_TICK_MS,
      chainLength: config.CRASH_CHAIN_LENGTH,
      seedingMs: config.CRASH_SEEDING_MS,
      maxRoundPayout: config.CRASH_MAX_ROUND_PAYOUT,
      minStake: 10,
      maxStake: 100_000,
    },
  };
}
