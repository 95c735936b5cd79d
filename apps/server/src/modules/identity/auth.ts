import type { FastifyRequest } from 'fastify';
import type { Role } from '@sb/contract';
import { HttpError } from '../../plugins/errors';
import type { UserRow } from './identity.repository';
import type { TokensService } from './tokens.service';

/** The app of a request, as the tenancy module resolves it (passed in, so identity does not own tenancy). */
export type AppOfRequest = (request: FastifyRequest) => Promise<{ id: number }>;

export interface AuthContext {
  user: UserRow;
  sessionId: string;
}

const unauthorized = () => new HttpError(401, 'unauthorized', 'missing, invalid or expired access token');
/** base64url of 32 bytes is 43 characters; anything else cannot be one of our tokens. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

/** The bearer token of `Authorization: Bearer …` or `X-App-Session: Bearer …` (spec §7), else null. */
export function bearerToken(request: FastifyRequest): string | null {
  for (const header of [request.headers.authorization, request.headers['x-app-session']]) {
    if (typeof header !== 'string') continue;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match?.[1]) return match[1];
  }
  return null;
}

/**
 * Request guards for every module: `requireUser` (any role) and `requireClient` (ROLE_CLIENT only).
 * A token is valid only on the app it was issued for.
 */
export function createAuth(tokens: TokensService, appOf: AppOfRequest) {
  // A request's token is looked up once (the rate limiter's key and the handler both ask).
  const seen = new WeakMap<FastifyRequest, Map<string, ReturnType<TokensService['authenticate']>>>();
  function authenticate(request: FastifyRequest, token: string) {
    let tokensOf = seen.get(request);
    if (!tokensOf) seen.set(request, (tokensOf = new Map()));
    let found = tokensOf.get(token);
    if (!found) tokensOf.set(token, (found = tokens.authenticate(token)));
    return found;
  }

  async function requireUser(
    request: FastifyRequest,
    roles?: Role[],
    token: string | null = bearerToken(request),
  ): Promise<AuthContext> {
    if (!token || !TOKEN_SHAPE.test(token)) throw unauthorized();
    const found = await authenticate(request, token);
    if (!found) throw unauthorized();
    const app = await appOf(request);
    if (found.user.appId !== app.id) throw unauthorized();
    if (roles && !roles.includes(found.user.role))
      throw new HttpError(403, 'forbidden', 'this account may not do that');
    return found;
  }
  return {
    requireUser,
    /** The logged-in client of the request; 401 without a live token, 403 for other roles. */
    async requireClient(request: FastifyRequest): Promise<UserRow> {
      return (await requireUser(request, ['ROLE_CLIENT'])).user;
    },
    /** The client id of the request's bearer token if it is a live client token of this app, else null. */
    async clientIdOf(request: FastifyRequest): Promise<number | null> {
      const token = bearerToken(request);
      if (!token || !TOKEN_SHAPE.test(token)) return null;
      try {
        return (await requireUser(request, ['ROLE_CLIENT'], token)).user.id;
      } catch {
        return null;
      }
    },
    /**
     * The same check for a token carried elsewhere than the bearer headers (the spec's `X-Token` header of
     * favourites, the `access_token` query of the stream frame); null or a malformed token is a 401.
     */
    async requireClientToken(request: FastifyRequest, token: string | null): Promise<UserRow> {
      return (await requireUser(request, ['ROLE_CLIENT'], token)).user;
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;
