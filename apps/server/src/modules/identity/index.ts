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

export type { Auth, AuthContext } from './auth';
export { bearerToken } from './auth';
export type { UserRow } from './identity.repository';
export type { CreateUserInput, IdentityService } from './identity.service';
export type { SessionSources } from './identity.routes';
export type { TokensService } from './tokens.service';
export { ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS } from './tokens.service';
export { MAX_FAILURES_PER_USER, MAX_FAILURES_PER_ADDRESS, THROTTLE_WINDOW_MS } from './login-throttle';
export { currencyOf } from './currencies';
export { escapeHtml } from './forms';

/** Clients and resellers, passwords, tokens and sessions, and the account forms. */
export function createIdentityModule(deps: { db: Db; clock: Clock; ids: IdSource; sources: SessionSources }) {
  const repo = createIdentityRepository(deps.db);
  const service = createIdentityService({ repo, clock: deps.clock });
  const tokens = createTokensService({
    repo,
    clock: deps.clock,
    ids: deps.ids,
    throttle: createLoginThrottle(repo, deps.clock),
  });
  const auth = createAuth(tokens, deps.sources.appOf);
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(identityRoutes(tokens, auth, deps.sources));
    await app.register(accountRoutes(service, tokens, auth));
  };
  return { service, tokens, auth, routes };
}

export type IdentityModule = ReturnType<typeof createIdentityModule>;
