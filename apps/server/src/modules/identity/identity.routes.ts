import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  localeQuerySchema,
  logoutResponseSchema,
  sessionResponseSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  type SessionUser,
  type TokenRequest,
} from '@sb/contract';
import { formatMoney, cents } from '@sb/betting';
import type { ZodApp } from '../../lib/zod-app';
import type { Auth } from './auth';
import { currencyOf } from './currencies';
import type { UserRow } from './identity.service';
import { preferencesOf } from './identity.service';
import type { AppCredential, TokensService } from './tokens.service';

/** What the session call needs from other modules (wallet balances, betting's waiting bets, the app). */
export interface SessionSources {
  balances(user: {
    id: number;
    appId: number;
    currencyIso: string;
  }): Promise<{ cash: number; bonus: number }>;
  waitingBets(userId: number): Promise<number>;
  appOf(request: FastifyRequest): Promise<AppCredential & { metaTitle: string }>;
}

const tokenQuerySchema = z.intersection(tokenRequestSchema, localeQuerySchema);
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };

export async function sessionUser(user: UserRow, sources: SessionSources): Promise<SessionUser> {
  const { cash, bonus } = await sources.balances(user);
  const currency = currencyOf(user.currencyIso);
  return {
    uid: user.id,
    group: { key: user.role },
    balance: cash,
    bonus,
    currency,
    timezone: user.timezone,
    balanceFormat: formatMoney(cents(cash), currency),
    bonusFormat: formatMoney(cents(bonus), currency),
    first_name: user.firstName,
    last_name: user.lastName,
    full_name: `${user.firstName} ${user.lastName}`.trim(),
    username: user.username,
    date_of_birth: user.dateOfBirth,
    date_format: user.dateFormat,
    email: user.email,
    loggedIn: true,
    waiting_bets: await sources.waitingBets(user.id),
    preferences: preferencesOf(user),
  };
}

/** The OAuth token calls, the session and logout (spec compatibility: the token call takes a query or a form). */
export function identityRoutes(
  tokens: TokensService,
  auth: Auth,
  sources: SessionSources,
): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    registerTokenGrants(app, tokens, sources);
    registerSessionCalls(app, tokens, auth, sources);
  };
}

/** A password or refresh grant, answered uncached. */
async function grant(
  tokens: TokensService,
  sources: SessionSources,
  request: FastifyRequest,
  reply: FastifyReply,
  input: TokenRequest,
) {
  // RFC 6749 §5.1: token responses must not be cached.
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  const app = await sources.appOf(request);
  const common = { app, clientId: input.client_id, clientSecret: input.client_secret, ip: request.ip };
  if (input.grant_type === 'password') {
    return tokens.passwordGrant({
      ...common,
      username: input.username,
      password: input.password,
      userAgent: request.headers['user-agent'],
    });
  }
  return tokens.refreshGrant({ ...common, refreshToken: input.refresh_token });
}

/** The token call, by query and by form body. */
function registerTokenGrants(app: ZodApp, tokens: TokensService, sources: SessionSources): void {
  const summary = 'OAuth token: password grant or refresh_token grant (rotating)';

  app.get(
    '/oauth/v2/token',
    {
      schema: {
        tags: ['api'],
        summary: `${summary}; credentials in the query (spec compatibility)`,
        querystring: tokenQuerySchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => grant(tokens, sources, request, reply, request.query),
  );

  app.post(
    '/oauth/v2/token',
    {
      schema: {
        tags: ['api'],
        summary: `${summary}; form body`,
        querystring: localeQuerySchema,
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => grant(tokens, sources, request, reply, request.body),
  );
}

/** The logged-in user's session and its logout. */
function registerSessionCalls(app: ZodApp, tokens: TokensService, auth: Auth, sources: SessionSources): void {
  app.get(
    '/api/get/session',
    {
      schema: {
        tags: ['api'],
        summary: 'The logged-in user and app title (bearer)',
        querystring: localeQuerySchema,
        response: { 200: sessionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await auth.requireUser(request);
      const appRow = await sources.appOf(request);
      return {
        result: { user: await sessionUser(user, sources), app: { meta: { title: appRow.metaTitle } } },
      };
    },
  );

  app.post(
    '/api/logout',
    {
      schema: {
        tags: ['api'],
        summary: 'Revoke the current session (bearer)',
        querystring: localeQuerySchema,
        response: { 200: logoutResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { sessionId } = await auth.requireUser(request);
      return { result: { revoked: await tokens.revokeSession(sessionId, 'logout') } };
    },
  );
}
