import type { FastifyPluginAsync } from 'fastify';
import type { Auth } from '../identity/index';
import { createBetRewards } from './bet-rewards';
import { bonusesRoutes } from './bonuses.routes';
import { createBonusMoney } from './bonus-money';
import { createCashback, type CashbackBetsSource } from './cashback';
import { promotionsOpsRoutes, type OpsRequestContext } from './promotions.routes';
import { createPromotionsService, type PromotionsDeps } from './promotions.service';
import type { WalletService } from '../wallet/index';

export type { OpsRequestContext } from './promotions.routes';
export { createBoostPrices, type BoostPrices } from './boost-prices';
export { tighten, UK_RULES, validateTerms } from './promotions.terms';

/**
 * The promotions engine (issue 36): campaigns and grants on the desk, the client's rewards in the app, and
 * betting's side of a free bet (`rewards`: checked, reserved with its bet, given back or used on settlement).
 */
export function createPromotionsModule(
  deps: PromotionsDeps & {
    wallet: Pick<WalletService, 'post' | 'credit' | 'debit' | 'clawback' | 'balances' | 'lockedBalances'>;
    /** A client's settled bets of a period (betting's read-only query): what cashback counts. */
    cashbackBets?: CashbackBetsSource;
  },
) {
  const bonusMoney = createBonusMoney(deps);
  const cashback = createCashback(deps);
  const service = createPromotionsService({ ...deps, bonusMoney, cashback });
  return {
    service,
    /** Bonus money's side of betting: the cash-then-bonus stake, split payouts, wagering counted on settlement. */
    bonusStakes: bonusMoney.stakes,
    /** What betting asks of the engine (placement, settlement, void, rejection). */
    rewards: createBetRewards(deps),
    /** Cashback campaigns: the amount due and its claim (once per client and campaign). */
    cashback,
    /** `GET /api/v1/bonuses`, `POST /api/v1/bonuses/cashback`. */
    routes: (auth: Auth): FastifyPluginAsync => bonusesRoutes(service, cashback, auth),
    /** `/ops/v1/promotions…`: registered by the ops module under its authentication and role checks. */
    opsRoutes: (ops: OpsRequestContext): FastifyPluginAsync => promotionsOpsRoutes(service, ops),
  };
}

export type PromotionsModule = ReturnType<typeof createPromotionsModule>;
