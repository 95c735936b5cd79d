import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Auth } from '../identity/index';
import type { WalletClient } from '../wallet/index';
import { createLimitsRepository } from './limits.repository';
import { limitsRoutes } from './limits.routes';
import { createLimitsService } from './limits.service';

export type { LimitsService } from './limits.service';
export { RAISE_DELAY_MS } from './limits.rules';

/**
 * Responsible-gambling limits, time-outs and self-exclusion. Betting and casino call
 * `service.assertCanStake(userId, amount, tx?)` before accepting a stake.
 */
export function createLimitsModule(deps: {
  db: Db;
  clock: Clock;
  clientById(userId: number, tx?: DbOrTx): Promise<WalletClient>;
  usage(
    client: WalletClient,
    from: number,
    to: number,
    tx?: DbOrTx,
  ): Promise<{ staked: number; netLoss: number }>;
}) {
  const service = createLimitsService({ ...deps, repo: createLimitsRepository(deps.db) });
  return { service, routes: (auth: Auth) => limitsRoutes(service, auth) };
}

export type LimitsModule = ReturnType<typeof createLimitsModule>;
