import type { Db } from '../../db/database';
import type { DomainMetrics } from '../../observability/metrics';
import type { Clock } from '../../lib/clock';
import type { Auth } from '../identity/index';
import { createActivityService, type SettledBetsSource } from './activity.service';
import { walletRoutes, type CashbackRateOf } from './wallet.routes';
import { createWalletService } from './wallet.service';

export type { AccountRef, ClientTransfer, Movement, MovementInput, WalletService } from './wallet.service';
export { insufficientFunds } from './wallet.service';
export type { ActivityService, SettledBet, SettledBetsSource, WalletClient } from './activity.service';
export { SPORTS_TYPES } from './activity.service';

/**
 * The double-entry wallet. Other modules use `service.post/credit/debit` (pass your transaction to move money
 * atomically with your own writes) and `activity.usage` (responsible-gambling limits).
 */
export function createWalletModule(deps: {
  db: Db;
  clock: Clock;
  metrics?: DomainMetrics;
  settledBets?: SettledBetsSource;
}) {
  const service = createWalletService(deps);
  const activity = createActivityService({ ...deps, wallet: service });
  return {
    service,
    activity,
    routes: (auth: Auth, rateOf: CashbackRateOf) =>
      walletRoutes(activity, auth, rateOf, () => deps.clock.now()),
  };
}

export type WalletModule = ReturnType<typeof createWalletModule>;
