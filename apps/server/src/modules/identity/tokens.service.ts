import { createHash, timingSafeEqual } from 'node:crypto';
import type { TokenResponse } from '@sb/contract';
import type { Clock } from '../../lib/clock';
import type { IdSource } from '../../lib/ids';
import { HttpError } from '../../plugins/errors';
import type { IdentityRepository, UserRow } from './identity.repository';
import { THROTTLE_WINDOW_MS, type LoginThrottle } from './login-throttle';
import { verifyAgainstDummy, verifyPassword } from './passwords';

export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 3600_000;
/** A login lives at most this long, however often it is refreshed. */
export const SESSION_MAX_MS = 30 * 24 * 3600_000;
/** 32 random bytes = 256 bits per token. */
const TOKEN_BYTES = 32;

export const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

const invalidGrant = () => new HttpError(400, 'invalid_grant', 'invalid username or password');

export interface AppCredential {
  id: number;
  clientId: string;
  clientSecret: string;
}

export interface Authenticated {
  user: UserRow;
  sessionId: string;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(sha256(a));
  const y = Buffer.from(sha256(b));
  return timingSafeEqual(x, y);
}

export function createTokensService(deps: {
  repo: IdentityRepository;
  clock: Clock;
  ids: IdSource;
  throttle: LoginThrottle;
}) {
  const { repo, clock, ids, throttle } = deps;

  function checkClient(app: AppCredential, clientId: string, clientSecret: string): void {
    if (!sameSecret(app.clientId, clientId) || !sameSecret(app.clientSecret, clientSecret)) {
      throw new HttpError(401, 'invalid_client', 'unknown client or wrong client secret');
    }
  }

  async function issue(sessionId: string): Promise<TokenResponse> {
    const now = clock.now();
    const access = ids.token(TOKEN_BYTES);
    const refresh = ids.token(TOKEN_BYTES);
    await repo.insertToken({
      tokenHash: sha256(access),
      kind: 'access',
      sessionId,
      expiresAt: new Date(now + ACCESS_TOKEN_TTL_MS),
    });
    await repo.insertToken({
      tokenHash: sha256(refresh),
      kind: 'refresh',
      sessionId,
      expiresAt: new Date(now + REFRESH_TOKEN_TTL_MS),
    });
    return {
      access_token: access,
      refresh_token: refresh,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_TTL_MS / 1000,
    };
  }

  return {
    /** Password grant. Wrong user and wrong password fail alike (same error, same argon2 work). */
    async passwordGrant(input: {
      app: AppCredential;
      clientId: string;
      clientSecret: string;
      username: string;
      password: string;
      ip: string;
    }) {
      checkClient(input.app, input.clientId, input.clientSecret);
      const keys = {
        user: throttle.userKey(input.app.id, input.username),
        address: throttle.addressKey(input.ip),
      };
      await throttle.attempt(keys);
      const user = await repo.findUser(input.app.id, input.username);
      if (!user) {
        await verifyAgainstDummy(input.password);
        throw invalidGrant();
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) throw invalidGrant();
      await throttle.succeeded(keys);
      const now = clock.now();
      await repo.sweep(user.id, new Date(now), new Date(now - THROTTLE_WINDOW_MS));
      const sessionId = ids.uuid();
      await repo.insertSession({
        id: sessionId,
        userId: user.id,
        createdAt: new Date(now),
        expiresAt: new Date(now + SESSION_MAX_MS),
      });
      return issue(sessionId);
    },

    /**
     * Refresh grant with rotation: the presented token is consumed; presenting a consumed token again
     * (a stolen copy, or the thief's) revokes the whole session.
     */
    async refreshGrant(input: {
      app: AppCredential;
      clientId: string;
      clientSecret: string;
      refreshToken: string;
      ip: string;
    }) {
      checkClient(input.app, input.clientId, input.clientSecret);
      const keys = { address: throttle.addressKey(input.ip) };
      await throttle.attempt(keys);
      const hash = sha256(input.refreshToken);
      const now = new Date(clock.now());
      const live = await repo.findLiveToken(hash, 'refresh', now);
      if (live && live.user.appId === input.app.id && (await repo.consumeRefresh(hash, now))) {
        await throttle.succeeded(keys);
        return issue(live.session.id);
      }
      const sessionId = await repo.tokenSession(hash);
      if (sessionId) await repo.revokeSession(sessionId, now, 'refresh_token_reuse');
      throw new HttpError(400, 'invalid_grant', 'invalid or expired refresh token');
    },

    /** The user and session of a live access token, or null. */
    async authenticate(accessToken: string): Promise<Authenticated | null> {
      const live = await repo.findLiveToken(sha256(accessToken), 'access', new Date(clock.now()));
      return live ? { user: live.user, sessionId: live.session.id } : null;
    },

    revokeSession: (sessionId: string, reason = 'logout') =>
      repo.revokeSession(sessionId, new Date(clock.now()), reason),

    /** Ends every session of a user (operator command, password change keeps `keep`). */
    revokeUser: (userId: number, reason = 'revoked', keep?: string) =>
      repo.revokeUserSessions(userId, new Date(clock.now()), reason, keep),
  };
}

export type TokensService = ReturnType<typeof createTokensService>;
