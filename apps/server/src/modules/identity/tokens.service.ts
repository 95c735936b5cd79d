import { createHash, timingSafeEqual } from 'node:crypto';
import DataLoader from 'dataloader';
import type { TokenResponse } from '@sb/contract';
import type { Clock } from '../../lib/clock';
import type { IdSource } from '../../lib/ids';
import { HttpError } from '../../plugins/errors';
import type { IdentityRepository, UserRow } from './identity.repository';
import { THROTTLE_STALE_MS, type LoginThrottle } from './login-throttle';
import { openRotation, sealRotation } from './rotation-seal';
import { usernameKey } from './username-key';
import { UNSET_PASSWORD, verifyAgainstDummy, verifyPassword } from './passwords';

export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 3600_000;
/** A login lives at most this long, however often it is refreshed. */
export const SESSION_MAX_MS = 30 * 24 * 3600_000;
/** How long a rotated refresh token still gets the same answer (two tabs refreshing at once). */
export const DEFAULT_REFRESH_GRACE_MS = 30_000;
/** 32 random bytes = 256 bits per token. */
const TOKEN_BYTES = 32;

export const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

const invalidGrant = () => new HttpError(400, 'invalid_grant', 'invalid username or password');

type NewToken = Parameters<IdentityRepository['insertToken']>[0];

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

/** What the tokens service is made of. */
interface TokensDeps {
  repo: IdentityRepository;
  clock: Clock;
  ids: IdSource;
  throttle: LoginThrottle;
  /** Grace window of a rotated refresh token (default 30 s). */
  refreshGraceMs?: number;
}

/** A password grant's request. */
interface PasswordGrantInput {
  app: AppCredential;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  ip: string;
  /** The browser's user agent (issue 35: the desk's login history), cut to 300 characters. */
  userAgent?: string | undefined;
}

/** A refresh grant's request. */
interface RefreshGrantInput {
  app: AppCredential;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  ip: string;
}

const invalidRefresh = () => new HttpError(400, 'invalid_grant', 'invalid or expired refresh token');

/** OAuth tokens: the password and refresh grants, the access-token check and revocation. */
export function createTokensService(deps: TokensDeps) {
  const { repo, clock } = deps;
  const liveAccess = liveAccessLoader(deps);
  return {
    /** Password grant. Wrong user and wrong password fail alike (same error, same argon2 work). */
    passwordGrant: (input: PasswordGrantInput) => passwordGrant(deps, input),
    /** Refresh grant with rotation (see `refreshGrant`). */
    refreshGrant: (input: RefreshGrantInput) => refreshGrant(deps, input),

    /** The user and session of a live access token, or null. */
    authenticate(accessToken: string): Promise<Authenticated | null> {
      return liveAccess.load(sha256(accessToken));
    },

    revokeSession: (sessionId: string, reason = 'logout') =>
      repo.revokeSession(sessionId, new Date(clock.now()), reason),

    /** Ends every session of a user (operator command, password change keeps `keep`). */
    revokeUser: (userId: number, reason = 'revoked', keep?: string) =>
      repo.revokeUserSessions(userId, new Date(clock.now()), reason, keep),
  };
}

/**
 * The access-token check, batched per turn of the event loop.
 * The access-token check of every request that asks in one turn of the event loop is one statement (at the
 * peak, dozens of bets arrive per turn: one query each was over half of what betPlace sent to the database).
 * No cache: each request is answered from the database after it arrived, so a logout or revocation committed
 * before it counts, on every instance alike.
 */
function liveAccessLoader(deps: TokensDeps) {
  return new DataLoader<string, Authenticated | null>(
    async (hashes) => {
      const rows = await deps.repo.findLiveTokens([...new Set(hashes)], 'access', new Date(deps.clock.now()));
      const byHash = new Map(rows.map((row) => [row.token.tokenHash, row]));
      return hashes.map((hash) => {
        const live = byHash.get(hash);
        return live ? { user: live.user, sessionId: live.session.id } : null;
      });
    },
    { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch), maxBatchSize: 500 },
  );
}

/** The app's client id and secret, compared in constant time; a 401 when either is wrong. */
function checkClient(app: AppCredential, clientId: string, clientSecret: string): void {
  if (!sameSecret(app.clientId, clientId) || !sameSecret(app.clientSecret, clientSecret)) {
    throw new HttpError(401, 'invalid_client', 'unknown client or wrong client secret');
  }
}

/** A new access and refresh token for a session: the answer, and the rows to store (hashes only). */
function newPair(deps: TokensDeps, sessionId: string): { answer: TokenResponse; rows: NewToken[] } {
  const now = deps.clock.now();
  const access = deps.ids.token(TOKEN_BYTES);
  const refresh = deps.ids.token(TOKEN_BYTES);
  return {
    answer: {
      access_token: access,
      refresh_token: refresh,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_TTL_MS / 1000,
    },
    rows: [
      {
        tokenHash: sha256(access),
        kind: 'access',
        sessionId,
        expiresAt: new Date(now + ACCESS_TOKEN_TTL_MS),
      },
      {
        tokenHash: sha256(refresh),
        kind: 'refresh',
        sessionId,
        expiresAt: new Date(now + REFRESH_TOKEN_TTL_MS),
      },
    ],
  };
}

/** A new pair for the session, stored. */
async function issue(deps: TokensDeps, sessionId: string): Promise<TokenResponse> {
  const { answer, rows } = newPair(deps, sessionId);
  for (const row of rows) await deps.repo.insertToken(row);
  return answer;
}

/** Password grant. Wrong user and wrong password fail alike (same error, same argon2 work). */
async function passwordGrant(deps: TokensDeps, input: PasswordGrantInput) {
  const { repo, clock, ids, throttle } = deps;
  checkClient(input.app, input.clientId, input.clientSecret);
  const key = usernameKey(input.username);
  const user = await repo.findUser(input.app.id, input.username);
  const attempt = await throttle.attempt({
    address: input.ip,
    user: { appId: input.app.id, key, id: user?.id ?? null },
  });
  // A client made on the desk has no password until their one-time link is used: none logs them in.
  if (!user || user.passwordHash === UNSET_PASSWORD) {
    await verifyAgainstDummy(input.password);
    throw invalidGrant();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw invalidGrant();
  await attempt.succeeded();
  const now = clock.now();
  await repo.sweep(user.id, new Date(now), new Date(now - THROTTLE_STALE_MS));
  const sessionId = ids.uuid();
  await repo.insertSession({
    id: sessionId,
    userId: user.id,
    createdAt: new Date(now),
    expiresAt: new Date(now + SESSION_MAX_MS),
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  return issue(deps, sessionId);
}

/**
 * Refresh grant with rotation. The presented token is consumed; presenting it again within the grace
 * window (another tab, a retry) gets the same new pair; after the window it is a stolen copy and revokes
 * the whole session. A token of another app's user is refused without touching its session.
 */
async function refreshGrant(deps: TokensDeps, input: RefreshGrantInput) {
  const { repo, clock, throttle } = deps;
  const graceMs = deps.refreshGraceMs ?? DEFAULT_REFRESH_GRACE_MS;
  checkClient(input.app, input.clientId, input.clientSecret);
  const attempt = await throttle.attempt({ address: input.ip });
  const hash = sha256(input.refreshToken);
  const now = new Date(clock.now());
  const record = await repo.refreshTokenRecord(hash);
  if (!record || record.user.appId !== input.app.id) throw invalidRefresh();
  const alive =
    record.session.revokedAt === null && record.session.expiresAt > now && record.token.expiresAt > now;
  if (!alive) throw invalidRefresh();
  if (record.token.usedAt === null) {
    const { answer, rows } = newPair(deps, record.session.id);
    if (await repo.rotateRefresh(hash, now, sealRotation(input.refreshToken, answer), rows)) {
      await attempt.succeeded();
      return answer;
    }
  }
  // Already rotated (by a parallel request a moment ago, or long before).
  const used = record.token.usedAt ? record : await repo.refreshTokenRecord(hash);
  const usedAt = used?.token.usedAt?.getTime() ?? 0;
  const again = used?.token.rotation ? openRotation(input.refreshToken, used.token.rotation) : null;
  if (again && now.getTime() - usedAt <= graceMs) {
    await attempt.succeeded();
    return again;
  }
  await repo.revokeSession(record.session.id, now, 'refresh_token_reuse');
  throw invalidRefresh();
}

export type TokensService = ReturnType<typeof createTokensService>;
