import type { Db } from '../../db/database';
import type { Auth } from '../identity/index';
import { createLimitsRepository } from './limits.repository';
import { limitsRoutes } from './limits.routes';
import { createLimitsService, type LimitsDeps } from './limits.service';

export type { LimitsService } from './limits.service';
export { RAISE_DELAY_MS } from './limits.rules';

/**
 * Responsible-gambling limits, time-outs and self-exclusion. Betting and casino call
 * `service.assertCanStake(userId, amount, tx?)` before accepting a stake.
 */
export function createLimitsModule(deps: Omit<LimitsDeps, 'repo'> & { db: Db }) {
  const service = createLimitsService({ ...deps, repo: createLimitsRepository(deps.db) });
  return { service, routes: (auth: Auth) => limitsRoutes(service, auth) };
}

export type LimitsModule = ReturnType<typeof createLimitsModule>;
