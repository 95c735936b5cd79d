import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { IdSource } from '../../lib/ids';
import { accountRoutes } from './account.routes';
import { createAuth } from './auth';
import { createIdentityRepository } from './identity.repository';
import { identityRoutes, type SessionSources } from './identity.routes';
import { createIdentityService } from './identity.service';
import { createLoginThrottle } from './login-throttle';
import { createTokensService } from './tokens.service';
import { createClientAccounts, type BrandForClients } from './client-accounts';
import { clientAccountsRoutes, type AccountsOpsContext } from './client-accounts.routes';
import { passwordSetupRoutes } from './password-setup.routes';
import { createSetupLinks } from './setup-links';

export type { Auth, AuthContext } from './auth';
export { bearerToken } from './auth';
export type { UserRow } from './identity.repository';
export type { CreateUserInput, IdentityService } from './identity.service';
export type { SessionSources } from './identity.routes';
export type { TokensService } from './tokens.service';
export { ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS } from './tokens.service';
export { THROTTLE_RULES, progressiveDelayMs } from './login-throttle';
export { usernameKey } from './username-key';
export { currencyOf } from './currencies';
export { NEW_ACCOUNT_LINK_MS, RESET_LINK_MS } from './setup-links';
export type { BrandForClients } from './client-accounts';

/** Clients and resellers, passwords, tokens and sessions, and the account forms. */
export function createIdentityModule(deps: {
  db: Db;
  clock: Clock;
  ids: IdSource;
  sources: SessionSources;
  /** Grace window of a rotated refresh token (config REFRESH_GRACE_MS). */
  refreshGraceMs?: number;
  /** The throttle's progressive delay (tests record it instead of waiting). */
  sleep?: (ms: number) => Promise<void>;
  /** A brand as a client made on the desk needs it (currency, language, time zone, host of its link). */
  brandOf?: (appId: number) => Promise<BrandForClients | null>;
}) {
  const repo = createIdentityRepository(deps.db);
  const throttle = createLoginThrottle({ repo, clock: deps.clock, sleep: deps.sleep });
  const service = createIdentityService({ repo, clock: deps.clock, throttle });
  const tokens = createTokensService({
    repo,
    clock: deps.clock,
    ids: deps.ids,
    throttle,
    refreshGraceMs: deps.refreshGraceMs,
  });
  const auth = createAuth(tokens, deps.sources.appOf);
  const links = createSetupLinks({ db: deps.db, clock: deps.clock, ids: deps.ids, throttle });
  const accounts = createClientAccounts({
    db: deps.db,
    clock: deps.clock,
    identity: service,
    links,
    brandOf: deps.brandOf ?? (async () => null),
  });
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(identityRoutes(tokens, auth, deps.sources));
    await app.register(accountRoutes(service, tokens, auth));
    await app.register(passwordSetupRoutes(links));
  };
  return {
    service,
    tokens,
    auth,
    routes,
    links,
    /** `/ops/v1/clients` (create) and `/ops/v1/clients/{id}/password-reset`: under the ops module's checks. */
    opsRoutes: (ops: AccountsOpsContext): FastifyPluginAsync => clientAccountsRoutes(accounts, ops),
  };
}

export type IdentityModule = ReturnType<typeof createIdentityModule>;
